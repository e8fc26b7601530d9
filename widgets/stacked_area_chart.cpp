#include "widgets/stacked_area_chart.h"

#include <QAreaSeries>
#include <QChart>
#include <QEvent>
#include <QLegend>
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

} // namespace

StackedAreaChart::StackedAreaChart(QWidget* parent)
    : QChartView(new QChart, parent) // the view owns the chart given here
{
    QChart* chart = this->chart();
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(4, 4, 4, 4));
    m_xAxis = new QValueAxis(chart);
    m_yAxis = new QValueAxis(chart);
    m_xAxis->setLabelFormat(QStringLiteral("%g"));
    m_yAxis->setLabelFormat(QStringLiteral("%g"));
    chart->addAxis(m_xAxis, Qt::AlignBottom);
    chart->addAxis(m_yAxis, Qt::AlignLeft);
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(240, 180);
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

void StackedAreaChart::addBand(const QString& name, QList<QPointF> points, const QColor& color, const QString& toolTip)
{
    auto* area = new QAreaSeries;
    area->setName(name);
    chart()->addSeries(area); // the chart owns it
    area->attachAxis(m_xAxis);
    area->attachAxis(m_yAxis);
    connect(area, &QAreaSeries::hovered, this, [this, area](const QPointF&, bool state) {
        for (const Band& band : m_bands) {
            if (band.area == area) {
                if (state)
                    QToolTip::showText(QCursor::pos(), band.toolTip.isEmpty() ? area->name() : band.toolTip, this);
                else
                    QToolTip::hideText();
            }
        }
    });
    m_bands.push_back(Band{std::move(points), color, toolTip, area});
    applyPaletteTheme();
    restack();
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
    }
    if (times.size() < 2)
        m_xAxis->setRange(times.empty() ? 0.0 : times.front(), (times.empty() ? 0.0 : times.front()) + 1.0);
    else
        m_xAxis->setRange(times.front(), times.back());
    m_yAxis->setRange(0.0, yMax > 0.0 ? yMax * 1.05 : 1.0);
    m_yAxis->applyNiceNumbers();
}

void StackedAreaChart::applyPaletteTheme()
{
    const bool dark = palette().color(QPalette::Window).lightness() < 128;
    const QChart::ChartTheme theme = dark ? QChart::ChartThemeDark : QChart::ChartThemeLight;
    if (chart()->theme() != theme)
        chart()->setTheme(theme); // resets series colours: put the chosen ones back
    chart()->setBackgroundBrush(palette().brush(QPalette::Base));
    for (const Band& band : m_bands) {
        if (!band.color.isValid())
            continue;
        band.area->setColor(band.color);
        band.area->setBorderColor(band.color.darker(130));
    }
}

} // namespace orrery::widgets
