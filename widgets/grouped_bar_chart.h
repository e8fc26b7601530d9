#pragma once
#include "widgets/comparison_chart.h"

#include <QString>
#include <QStringList>

#include <vector>

class QBarSeries;

namespace orrery::widgets {

//! One value per (arm, item) as grouped bars: items along the axis, one bar per arm in the
//! arms' colours (armColor), on a logarithmic value axis when the values span more than two
//! decades — e.g. each function's p99 under every arm of a SIMPPO experiment (Figs. 4.4, 4.11).
class GroupedBarChart : public ComparisonChart {
    Q_OBJECT
public:
    explicit GroupedBarChart(QWidget* parent = nullptr);

    //! `values[arm][item]`; NaN draws no bar.
    void setValues(QStringList arms, QStringList items, std::vector<std::vector<double>> values);
    void setValueAxisTitle(const QString& title);

    [[nodiscard]] QBarSeries* series() const { return m_series; }
    [[nodiscard]] bool logarithmic() const { return m_log; }

protected:
    void rebuild() override;

private:
    QStringList m_arms;
    QStringList m_items;
    std::vector<std::vector<double>> m_values;
    QString m_valueTitle;
    QBarSeries* m_series = nullptr;
    bool m_log = false;
};

} // namespace orrery::widgets
