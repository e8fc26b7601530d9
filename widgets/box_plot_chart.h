#pragma once
#include "widgets/arm_sample.h"
#include "widgets/comparison_chart.h"

#include <vector>

class QBarCategoryAxis;
class QBoxPlotSeries;
class QBoxSet;
class QValueAxis;

namespace orrery::widgets {

//! Box plots of each arm's per-run values side by side
//! (docs/architecture.md §8 "ChartView wrappers"): one box per arm, from the lower to the upper
//! quartile with a line at the median and whiskers to the smallest and largest value. Quartiles
//! are type-7 quantiles (analysis::quantileOfSorted), as in the stored comparison, so the median
//! line sits at the table's median.
class BoxPlotChart : public ComparisonChart {
    Q_OBJECT
public:
    explicit BoxPlotChart(QWidget* parent = nullptr);

    //! Shows one box per sample with at least one value, in order, replacing what was shown.
    void setSamples(std::vector<ArmSample> samples);
    void setValueAxisTitle(const QString& title);

    [[nodiscard]] int boxCount() const;
    //! The box of the arm at `index` among those drawn (QBoxSet::Median, LowerQuartile, …).
    [[nodiscard]] QBoxSet* box(int index) const;

protected:
    void rebuild() override;

private:
    std::vector<ArmSample> m_samples;
    QBoxPlotSeries* m_series = nullptr; //!< owned by the chart; null when nothing is drawn
    QBarCategoryAxis* m_armAxis = nullptr;
    QValueAxis* m_valueAxis = nullptr;
    QString m_valueTitle;
};

} // namespace orrery::widgets
