#include "widgets/grouped_bar_chart.h"

#include "widgets/nice_axis.h"

#include "widgets/arm_colors.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QLegend>
#include <QLogValueAxis>
#include <QValueAxis>

#include <cmath>
#include <limits>

namespace orrery::widgets {

GroupedBarChart::GroupedBarChart(QWidget* parent)
    : ComparisonChart(parent)
{
    chart()->legend()->setVisible(true);
    chart()->legend()->setAlignment(Qt::AlignBottom);
}

void GroupedBarChart::setValues(QStringList arms, QStringList items, std::vector<std::vector<double>> values)
{
    m_arms = std::move(arms);
    m_items = std::move(items);
    m_values = std::move(values);
    rebuild();
}

void GroupedBarChart::setValueAxisTitle(const QString& title)
{
    m_valueTitle = title;
    rebuild();
}

void GroupedBarChart::rebuild()
{
    chart()->removeAllSeries();
    m_series = nullptr;
    for (QAbstractAxis* axis : chart()->axes()) {
        chart()->removeAxis(axis);
        delete axis;
    }
    double low = std::numeric_limits<double>::infinity();
    double high = 0;
    for (const auto& row : m_values) {
        for (const double value : row) {
            if (std::isfinite(value) && value > 0) {
                low = std::min(low, value);
                high = std::max(high, value);
            }
        }
    }
    m_log = high > 0 && high / low > 100.0;
    auto* series = new QBarSeries;
    for (qsizetype a = 0; a < m_arms.size() && static_cast<std::size_t>(a) < m_values.size(); ++a) {
        auto* set = new QBarSet(m_arms[a]);
        set->setColor(armColor(static_cast<int>(a)));
        for (qsizetype i = 0; i < m_items.size(); ++i) {
            const double value = static_cast<std::size_t>(i) < m_values[a].size() ? m_values[a][i] : std::nan("");
            // A log axis cannot show 0 or NaN: such bars sit at the axis floor (drawn empty).
            *set << (std::isfinite(value) && value > 0 ? value : (m_log ? low / 2 : 0.0));
        }
        series->append(set);
    }
    chart()->addSeries(series);
    m_series = series;
    auto* items = new QBarCategoryAxis(chart());
    items->append(m_items);
    chart()->addAxis(items, Qt::AlignBottom);
    series->attachAxis(items);
    if (m_log) {
        auto* axis = new QLogValueAxis(chart());
        axis->setBase(10);
        axis->setLabelFormat(QStringLiteral("%g"));
        axis->setTitleText(m_valueTitle);
        axis->setRange(std::pow(10.0, std::floor(std::log10(low / 2))), std::pow(10.0, std::ceil(std::log10(high))));
        chart()->addAxis(axis, Qt::AlignLeft);
        series->attachAxis(axis);
    } else {
        auto* axis = new QValueAxis(chart());
        axis->setLabelFormat(QStringLiteral("%g"));
        axis->setTitleText(m_valueTitle);
        axis->setRange(0, high > 0 ? high * 1.05 : 1.0);
        applyNiceRange(*axis);
        chart()->addAxis(axis, Qt::AlignLeft);
        series->attachAxis(axis);
    }
}

} // namespace orrery::widgets
