#pragma once
#include "widgets/comparison_chart.h"

#include <QColor>
#include <QList>
#include <QString>
#include <QStringList>

#include <vector>

class QLineSeries;

namespace orrery::widgets {

//! A metric against the swept scenario parameter (docs/architecture.md §6, sweeps): one line with markers
//! per arm through its mean at each sweep point. Numeric sweep values ("20", "40") are placed at
//! their value; any other ("2/min") at equal steps; either way labelled as written.
class SweepChart : public ComparisonChart {
    Q_OBJECT
public:
    //! One arm's line: `values[i]` at sweep point i (NaN: no value, the line skips the point).
    struct ArmLine {
        QString arm;
        std::vector<double> values;
        QColor color;
    };

    explicit SweepChart(QWidget* parent = nullptr);

    //! Shows `lines` over the sweep points `sweepValues` (as written), replacing what was shown.
    void setLines(QStringList sweepValues, std::vector<ArmLine> lines);
    void setAxisTitles(const QString& xTitle, const QString& yTitle);

    [[nodiscard]] int seriesCount() const;
    [[nodiscard]] QLineSeries* lineSeries(int index) const;
    //! Whether the sweep values were all numbers (placed at their value).
    [[nodiscard]] bool isNumeric() const { return m_numeric; }

protected:
    void rebuild() override;

private:
    QStringList m_sweepValues;
    std::vector<ArmLine> m_lines;
    QString m_xTitle;
    QString m_yTitle;
    bool m_numeric = true;
};

} // namespace orrery::widgets
