#pragma once
#include "widgets/arm_sample.h"
#include "widgets/comparison_chart.h"

#include <QList>
#include <QPointF>

#include <vector>

class QLineSeries;
class QValueAxis;

namespace orrery::widgets {

//! Empirical CDFs of each arm's per-run values, overlaid
//! (docs/architecture.md §8 "ChartView wrappers"): one step line per arm, rising by 1/n at each
//! of its n values from 0 to 1. The x axis spans every arm's values, so arms whose lines sit
//! further left have smaller values.
class CdfChart : public ComparisonChart {
    Q_OBJECT
public:
    explicit CdfChart(QWidget* parent = nullptr);

    //! Shows `samples` (one line per arm with at least one value), replacing what was shown.
    void setSamples(std::vector<ArmSample> samples);
    void setValueAxisTitle(const QString& title);

    [[nodiscard]] int seriesCount() const;
    [[nodiscard]] QLineSeries* lineSeries(int index) const;

    //! The step line of the empirical CDF of `values` (NaN dropped): for the sorted values
    //! v₁ ≤ … ≤ vₙ the points (vᵢ, (i−1)/n) and (vᵢ, i/n), so 2n points ending at (vₙ, 1).
    static QList<QPointF> empiricalCdf(std::vector<double> values);

protected:
    void rebuild() override;

private:
    std::vector<ArmSample> m_samples;
    QValueAxis* m_xAxis = nullptr;
    QValueAxis* m_yAxis = nullptr;
};

} // namespace orrery::widgets
