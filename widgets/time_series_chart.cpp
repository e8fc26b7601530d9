#include "widgets/time_series_chart.h"

#include "widgets/value_chart_setup.h"

#include "widgets/series_decimation.h"

#include <QChart>
#include <QEvent>
#include <QLegend>
#include <QLineSeries>
#include <QPen>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>

namespace orrery::widgets {

TimeSeriesChart::TimeSeriesChart(QWidget* parent)
    // The view owns the chart given here; QChartView(parent) would make a default chart that a
    // later setChart() releases without deleting.
    : QChartView(new QChart, parent)
{
    const ValueAxes axes = setUpValueChart(*this);
    m_xAxis = axes.x;
    m_yAxis = axes.y;
    QChart* chart = this->chart();
    applyPaletteTheme();
    updateRanges();
    connect(chart, &QChart::plotAreaChanged, this, [this] {
        if (decimationBuckets() != m_buckets)
            redecimate();
    });
}

void TimeSeriesChart::setChartTitle(const QString& title)
{
    chart()->setTitle(title);
}

void TimeSeriesChart::setAxisTitles(const QString& xTitle, const QString& yTitle)
{
    m_xAxis->setTitleText(xTitle);
    m_yAxis->setTitleText(yTitle);
}

void TimeSeriesChart::setFixedYRange(double min, double max, int ticks)
{
    m_fixedY = true;
    m_yAxis->setRange(min, max);
    m_yAxis->setTickCount(ticks);
}

void TimeSeriesChart::clearSeries()
{
    chart()->removeAllSeries(); // deletes the QLineSeries
    m_series.clear();
    updateRanges();
}

QLineSeries* TimeSeriesChart::addSeries(const QString& name, QList<QPointF> points, const QColor& color)
{
    auto* line = new QLineSeries;
    line->setName(name);
    chart()->addSeries(line); // the chart owns it
    line->attachAxis(m_xAxis);
    line->attachAxis(m_yAxis);
    if (color.isValid())
        line->setColor(color);
    m_buckets = decimationBuckets();
    line->replace(decimateMinMax(points, m_buckets));
    m_series.push_back(Entry{std::move(points), line, color});
    updateRanges();
    return line;
}

QLineSeries* TimeSeriesChart::lineSeries(int index) const
{
    return index >= 0 && index < seriesCount() ? m_series[static_cast<std::size_t>(index)].line : nullptr;
}

qsizetype TimeSeriesChart::sourcePointCount(int index) const
{
    return index >= 0 && index < seriesCount() ? m_series[static_cast<std::size_t>(index)].points.size() : 0;
}

int TimeSeriesChart::decimationBuckets() const
{
    double width = chart()->plotArea().width();
    if (width < 1.0)
        width = viewport()->width(); // before the first layout: the widget is an upper bound
    return std::max(1, static_cast<int>(std::ceil(width * devicePixelRatioF())));
}

void TimeSeriesChart::changeEvent(QEvent* event)
{
    QChartView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange)
        applyPaletteTheme();
}

void TimeSeriesChart::redecimate()
{
    m_buckets = decimationBuckets();
    for (const Entry& entry : m_series)
        entry.line->replace(decimateMinMax(entry.points, m_buckets));
}

void TimeSeriesChart::updateRanges()
{
    double xMin = std::numeric_limits<double>::infinity();
    double xMax = -xMin;
    double yMax = -xMin;
    double yMin = 0.0; // charts of counts and shares read best from zero
    for (const Entry& entry : m_series) {
        for (const QPointF& point : entry.points) {
            if (std::isnan(point.x()) || std::isnan(point.y()))
                continue;
            xMin = std::min(xMin, point.x());
            xMax = std::max(xMax, point.x());
            yMin = std::min(yMin, point.y());
            yMax = std::max(yMax, point.y());
        }
    }
    if (!(xMin < xMax)) {
        xMin = std::isfinite(xMin) ? xMin : 0.0;
        xMax = xMin + 1.0;
    }
    m_xAxis->setRange(xMin, xMax);
    if (m_fixedY)
        return;
    if (!(yMax > yMin))
        yMax = yMin + 1.0;
    m_yAxis->setRange(yMin, yMax * 1.05);
    m_yAxis->applyNiceNumbers();
}

void TimeSeriesChart::applyPaletteTheme()
{
    applyChartPalette(*this); // resets series colours: put the chosen ones back
    for (const Entry& entry : m_series) {
        if (entry.color.isValid())
            entry.line->setColor(entry.color);
    }
}

} // namespace orrery::widgets
