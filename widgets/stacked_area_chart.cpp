#include "widgets/stacked_area_chart.h"

#include "widgets/nice_axis.h"

#include "widgets/value_chart_setup.h"

#include <QAreaSeries>
#include <QChart>
#include <QEvent>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPen>
#include <QCursor>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>

namespace orrery::widgets {
namespace {

//! The value of a step series at `x`: the last sample at or before x, 0 outside the samples.
double stepValueAt(const QList<QPointF>& points, double x)
{
    if (points.isEmpty() || x < points.front().x() || x > points.back().x())
        return 0.0;
    const auto after = std::upper_bound(points.begin(), points.end(), x,
                                        [](double value, const QPointF& point) { return value < point.x(); });
    const double y = std::prev(after)->y();
    return std::isnan(y) ? 0.0 : y;
}

//! The part of a stacked edge (x ascending, a step drawn as two points at one x) over [from, to).
QList<QPointF> clipEdge(const QList<QPointF>& edge, double from, double to)
{
    QList<QPointF> out;
    if (edge.isEmpty())
        return out;
    from = std::max(from, edge.front().x());
    to = std::min(to, edge.back().x());
    if (!(from < to))
        return out;
    // The value from `from` on: the last point at or before it.
    auto it = std::upper_bound(edge.begin(), edge.end(), from, [](double x, const QPointF& p) { return x < p.x(); });
    out << QPointF(from, std::prev(it)->y());
    double last = std::prev(it)->y();
    for (; it != edge.end() && it->x() < to; ++it) {
        out << *it;
        last = it->y();
    }
    out << QPointF(to, last); // the value just before `to`
    return out;
}

} // namespace

StackedAreaChart::StackedAreaChart(QWidget* parent)
    : QChartView(new QChart, parent) // the view owns the chart given here
{
    const ValueAxes axes = setUpValueChart(*this);
    m_xAxis = axes.x;
    m_yAxis = axes.y;
    applyPaletteTheme();
    restack();
}

void StackedAreaChart::setChartTitle(const QString& title) { chart()->setTitle(title); }

void StackedAreaChart::setAxisTitles(const QString& xTitle, const QString& yTitle)
{
    m_xAxis->setTitleText(xTitle);
    m_yAxis->setTitleText(yTitle);
}

void StackedAreaChart::clearBands()
{
    chart()->removeAllSeries();
    m_bands.clear();
    restack();
}

QAreaSeries* StackedAreaChart::addArea(const QString& name, const QString& toolTip)
{
    auto* area = new QAreaSeries;
    area->setName(name);
    chart()->addSeries(area); // the chart owns it
    area->attachAxis(m_xAxis);
    area->attachAxis(m_yAxis);
    connect(area, &QAreaSeries::hovered, this, [this, area, toolTip](const QPointF&, bool state) {
        if (state)
            QToolTip::showText(QCursor::pos(), toolTip.isEmpty() ? area->name() : toolTip, this);
        else
            QToolTip::hideText();
    });
    return area;
}

void StackedAreaChart::addBand(const QString& name, QList<QPointF> points, const QColor& color, const QString& toolTip,
                               QList<ColourSpan> spans)
{
    Band band{std::move(points), color, toolTip, addArea(name, toolTip), std::move(spans), {}};
    for (const ColourSpan& span : band.spans) {
        QAreaSeries* area = addArea(name, span.toolTip.isEmpty() ? toolTip : span.toolTip);
        for (QLegendMarker* marker : chart()->legend()->markers(area))
            marker->setVisible(false);
        band.spanAreas.push_back(area);
    }
    m_bands.push_back(std::move(band));
    applyPaletteTheme();
    restack();
}

void StackedAreaChart::setLegendVisible(bool visible) { chart()->legend()->setVisible(visible); }

int StackedAreaChart::spanCount(int band) const
{
    return band >= 0 && band < bandCount() ? static_cast<int>(m_bands[static_cast<std::size_t>(band)].spanAreas.size()) : 0;
}

QAreaSeries* StackedAreaChart::spanSeries(int band, int span) const
{
    if (span < 0 || span >= spanCount(band))
        return nullptr;
    return m_bands[static_cast<std::size_t>(band)].spanAreas[static_cast<std::size_t>(span)];
}

QAreaSeries* StackedAreaChart::areaSeries(int index) const
{
    return index >= 0 && index < bandCount() ? m_bands[static_cast<std::size_t>(index)].area : nullptr;
}

double StackedAreaChart::totalAt(double x) const
{
    double total = 0.0;
    for (const Band& band : m_bands)
        total += stepValueAt(band.points, x);
    return total;
}

void StackedAreaChart::changeEvent(QEvent* event)
{
    QChartView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange)
        applyPaletteTheme();
}

void StackedAreaChart::restack()
{
    std::vector<double> times;
    for (const Band& band : m_bands) {
        for (const QPointF& point : band.points)
            times.push_back(point.x());
    }
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end()), times.end());

    // Each band's lower edge is the previous band's upper edge; steps are drawn as a vertical
    // rise at the sample time (two points per time: the value before and the value from it).
    std::vector<double> below(times.size(), 0.0), belowBefore(times.size(), 0.0);
    double yMax = 0.0;
    for (Band& band : m_bands) {
        QList<QPointF> lower, upper;
        lower.reserve(static_cast<qsizetype>(times.size() * 2));
        upper.reserve(static_cast<qsizetype>(times.size() * 2));
        double previous = 0.0;
        for (std::size_t k = 0; k < times.size(); ++k) {
            const double value = stepValueAt(band.points, times[k]);
            const double aboveBefore = belowBefore[k] + previous;
            const double above = below[k] + value;
            lower << QPointF(times[k], belowBefore[k]) << QPointF(times[k], below[k]);
            upper << QPointF(times[k], aboveBefore) << QPointF(times[k], above);
            belowBefore[k] = aboveBefore;
            below[k] = above;
            yMax = std::max(yMax, above);
            previous = band.points.isEmpty() || times[k] >= band.points.back().x() ? 0.0 : value;
        }
        auto* lowerLine = band.area->lowerSeries() ? band.area->lowerSeries() : new QLineSeries(band.area);
        auto* upperLine = band.area->upperSeries() ? band.area->upperSeries() : new QLineSeries(band.area);
        lowerLine->replace(lower);
        upperLine->replace(upper);
        band.area->setLowerSeries(lowerLine);
        band.area->setUpperSeries(upperLine);
        for (std::size_t i = 0; i < band.spanAreas.size(); ++i) {
            QAreaSeries* span = band.spanAreas[i];
            const ColourSpan& stretch = band.spans[static_cast<qsizetype>(i)];
            auto* spanLower = span->lowerSeries() ? span->lowerSeries() : new QLineSeries(span);
            auto* spanUpper = span->upperSeries() ? span->upperSeries() : new QLineSeries(span);
            spanLower->replace(clipEdge(lower, stretch.from, stretch.to));
            spanUpper->replace(clipEdge(upper, stretch.from, stretch.to));
            span->setLowerSeries(spanLower);
            span->setUpperSeries(spanUpper);
        }
    }
    if (times.size() < 2)
        setRangeWithNiceTicks(*m_xAxis, times.empty() ? 0.0 : times.front(), (times.empty() ? 0.0 : times.front()) + 1.0);
    else
        setRangeWithNiceTicks(*m_xAxis, times.front(), times.back());
    m_yAxis->setRange(0.0, yMax > 0.0 ? yMax * 1.05 : 1.0);
    applyNiceRange(*m_yAxis);
}

void StackedAreaChart::applyPaletteTheme()
{
    applyChartPalette(*this); // resets series colours: put the chosen ones back
    for (const Band& band : m_bands) {
        for (std::size_t i = 0; i < band.spanAreas.size(); ++i) {
            const QColor color = band.spans[static_cast<qsizetype>(i)].color;
            band.spanAreas[i]->setColor(color);
            band.spanAreas[i]->setBorderColor(color.darker(130));
        }
        if (!band.color.isValid())
            continue;
        band.area->setColor(band.color);
        band.area->setBorderColor(band.color.darker(130));
    }
}

} // namespace orrery::widgets
