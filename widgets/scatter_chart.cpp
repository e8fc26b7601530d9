#include "widgets/scatter_chart.h"

#include "widgets/nice_axis.h"

#include "widgets/value_chart_setup.h"

#include <QChart>
#include <QEvent>
#include <QLegend>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <limits>

namespace orrery::widgets {

ScatterChart::ScatterChart(QWidget* parent)
    : QChartView(new QChart, parent) // the view owns the chart given here
{
    const ValueAxes axes = setUpValueChart(*this);
    m_xAxis = axes.x;
    m_yAxis = axes.y;
    applyPaletteTheme();
    updateRanges();
}

void ScatterChart::setChartTitle(const QString& title) { chart()->setTitle(title); }

void ScatterChart::setAxisTitles(const QString& xTitle, const QString& yTitle)
{
    m_xAxis->setTitleText(xTitle);
    m_yAxis->setTitleText(yTitle);
}

void ScatterChart::clearGroups()
{
    chart()->removeAllSeries();
    m_groups.clear();
    m_colors.clear();
    updateRanges();
}

QScatterSeries* ScatterChart::addGroup(const QString& name, const QList<QPointF>& points, const QColor& color)
{
    auto* series = new QScatterSeries;
    series->setName(name);
    series->setMarkerSize(9);
    series->replace(points);
    chart()->addSeries(series); // the chart owns it
    series->attachAxis(m_xAxis);
    series->attachAxis(m_yAxis);
    m_groups.append(series);
    m_colors.append(color);
    applyPaletteTheme();
    updateRanges();
    return series;
}

int ScatterChart::groupCount() const { return static_cast<int>(m_groups.size()); }

QScatterSeries* ScatterChart::group(int index) const { return index >= 0 && index < groupCount() ? m_groups[index] : nullptr; }

void ScatterChart::changeEvent(QEvent* event)
{
    QChartView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange)
        applyPaletteTheme();
}

void ScatterChart::updateRanges()
{
    double xMin = std::numeric_limits<double>::infinity(), xMax = -xMin, yMin = xMin, yMax = -xMin;
    for (const QScatterSeries* series : m_groups) {
        for (const QPointF& point : series->points()) {
            xMin = std::min(xMin, point.x());
            xMax = std::max(xMax, point.x());
            yMin = std::min(yMin, point.y());
            yMax = std::max(yMax, point.y());
        }
    }
    if (!(xMin <= xMax)) {
        xMin = yMin = 0.0;
        xMax = yMax = 1.0;
    }
    // A margin of 5 % (or ±0.5 for a single value) keeps markers off the frame.
    const auto pad = [](double low, double high) {
        const double span = high - low;
        return span > 0 ? std::pair{low - 0.05 * span, high + 0.05 * span} : std::pair{low - 0.5, high + 0.5};
    };
    const auto [x0, x1] = pad(xMin, xMax);
    const auto [y0, y1] = pad(yMin, yMax);
    m_xAxis->setRange(x0, x1);
    m_yAxis->setRange(y0, y1);
    applyNiceRange(*m_xAxis);
    applyNiceRange(*m_yAxis);
}

void ScatterChart::applyPaletteTheme()
{
    applyChartPalette(*this); // resets series colours: put the chosen ones back
    for (int i = 0; i < m_groups.size(); ++i) {
        if (!m_colors[i].isValid())
            continue;
        m_groups[i]->setColor(m_colors[i]);
        m_groups[i]->setBorderColor(m_colors[i].darker(130));
    }
}

} // namespace orrery::widgets
