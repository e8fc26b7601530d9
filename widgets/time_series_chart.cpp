#include "widgets/time_series_chart.h"

#include "widgets/nice_axis.h"

#include "widgets/value_chart_setup.h"

#include "widgets/series_decimation.h"

#include <QAreaSeries>
#include <QChart>
#include <QCursor>
#include <QEvent>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QPen>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace orrery::widgets {
namespace {

// Okabe–Ito without black (invisible as a band on a dark background), for bands given no colour.
constexpr std::array<const char*, 7> kBandPalette{"#0072B2", "#D55E00", "#009E73", "#CC79A7",
                                                  "#E69F00", "#56B4E9", "#F0E442"};

// Opacity of a band's fill: faint enough that lines read through it on a light background,
// stronger on a dark one, where the same tint all but vanishes.
constexpr float kBandAlphaLight = 0.18f;
constexpr float kBandAlphaDark = 0.32f;

QString formatX(double x)
{
    return QLocale().toString(x, 'g', 6);
}

} // namespace

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
    removeBandAreas();
    m_bands.clear();
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

void TimeSeriesChart::setBands(QList<TimeBand> bands)
{
    removeBandAreas();
    bands.removeIf([](const TimeBand& band) {
        return std::isnan(band.start) || std::isnan(band.end) || !(band.end > band.start);
    });
    m_bands = std::move(bands);
    if (m_bands.isEmpty()) {
        updateRanges();
        return;
    }
    // Series are drawn in the order they were added: take the lines off, add the bands, and put
    // the lines back, so the bands lie behind them.
    for (const Entry& entry : m_series)
        chart()->removeSeries(entry.line); // ours until added again below
    m_bandAxis = new QValueAxis;
    m_bandAxis->setVisible(false);
    chart()->addAxis(m_bandAxis, Qt::AlignRight); // the chart owns it
    for (const QString& label : bandLabels()) {
        QList<TimeBand> ofLabel;
        for (const TimeBand& band : m_bands) {
            if (band.label == label)
                ofLabel.append(band);
        }
        std::sort(ofLabel.begin(), ofLabel.end(), [](const TimeBand& a, const TimeBand& b) { return a.start < b.start; });
        // One polygon for all stretches of the label: up, across and down at each stretch, along
        // the bottom (no area) between them.
        QList<QPointF> upper;
        upper.reserve(4 * ofLabel.size());
        for (const TimeBand& band : ofLabel)
            upper << QPointF(band.start, 0.0) << QPointF(band.start, 1.0) << QPointF(band.end, 1.0)
                  << QPointF(band.end, 0.0);
        auto* area = new QAreaSeries;
        area->setName(label);
        auto* upperLine = new QLineSeries(area);
        auto* lowerLine = new QLineSeries(area);
        upperLine->replace(upper);
        lowerLine->replace(QList<QPointF>{upper.front(), upper.back()});
        area->setUpperSeries(upperLine);
        area->setLowerSeries(lowerLine);
        chart()->addSeries(area); // the chart owns it
        area->attachAxis(m_xAxis);
        area->attachAxis(m_bandAxis);
        connect(area, &QAreaSeries::hovered, this, [this, label](const QPointF& point, bool state) {
            const QString text = state ? bandToolTip(label, point.x()) : QString();
            if (text.isEmpty())
                QToolTip::hideText();
            else
                QToolTip::showText(QCursor::pos(), text, this);
        });
        const QColor color = ofLabel.front().color.isValid()
                                 ? ofLabel.front().color
                                 : QColor(QLatin1String(kBandPalette[m_bandAreas.size() % kBandPalette.size()]));
        m_bandAreas.push_back(BandArea{label, color, area});
    }
    m_bandAxis->setRange(0.0, 1.0);
    for (const Entry& entry : m_series) {
        chart()->addSeries(entry.line);
        entry.line->attachAxis(m_xAxis);
        entry.line->attachAxis(m_yAxis);
    }
    applyPaletteTheme();
    updateRanges();
}

void TimeSeriesChart::clearBands()
{
    removeBandAreas();
    m_bands.clear();
    updateRanges();
}

QStringList TimeSeriesChart::bandLabels() const
{
    QStringList labels;
    for (const TimeBand& band : m_bands) {
        if (!labels.contains(band.label))
            labels.append(band.label);
    }
    return labels;
}

QAreaSeries* TimeSeriesChart::bandSeries(const QString& label) const
{
    const auto found = std::find_if(m_bandAreas.begin(), m_bandAreas.end(),
                                    [&](const BandArea& band) { return band.label == label; });
    return found == m_bandAreas.end() ? nullptr : found->area;
}

QString TimeSeriesChart::bandToolTip(const QString& label, double x) const
{
    const auto found = std::find_if(m_bands.begin(), m_bands.end(), [&](const TimeBand& band) {
        return band.label == label && band.start <= x && x <= band.end;
    });
    if (found == m_bands.end())
        return {};
    const QString unit = m_xAxis->titleText();
    return unit.isEmpty() ? tr("%1: from %2 to %3").arg(label, formatX(found->start), formatX(found->end))
                          : tr("%1: from %2 to %3 (%4)").arg(label, formatX(found->start), formatX(found->end), unit);
}

void TimeSeriesChart::removeBandAreas()
{
    for (const BandArea& band : m_bandAreas) {
        chart()->removeSeries(band.area);
        delete band.area; // released by removeSeries; its line series are its children
    }
    m_bandAreas.clear();
    if (m_bandAxis) {
        chart()->removeAxis(m_bandAxis);
        delete m_bandAxis; // released by removeAxis
        m_bandAxis = nullptr;
    }
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
    for (const TimeBand& band : m_bands) {
        xMin = std::min(xMin, band.start);
        xMax = std::max(xMax, band.end);
    }
    if (!(xMin < xMax)) {
        xMin = std::isfinite(xMin) ? xMin : 0.0;
        xMax = xMin + 1.0;
    }
    setRangeWithNiceTicks(*m_xAxis, xMin, xMax);
    if (m_fixedY)
        return;
    if (!(yMax > yMin))
        yMax = yMin + 1.0;
    m_yAxis->setRange(yMin, yMax * 1.05);
    applyNiceRange(*m_yAxis);
}

void TimeSeriesChart::applyPaletteTheme()
{
    applyChartPalette(*this); // resets series colours: put the chosen ones back
    for (const Entry& entry : m_series) {
        if (entry.color.isValid())
            entry.line->setColor(entry.color);
    }
    const bool dark = palette().color(QPalette::Window).lightness() < 128; // as applyChartPalette decides
    for (const BandArea& band : m_bandAreas) {
        QColor fill = band.color;
        fill.setAlphaF(dark ? kBandAlphaDark : kBandAlphaLight);
        band.area->setBrush(fill);
        band.area->setPen(Qt::NoPen); // a border would run along the bottom between stretches
        // The legend's square looks like the band (a pale fill) with an edge in its full hue, so
        // it is told apart from a line of a similar colour, whose square is solid.
        for (QLegendMarker* legendMarker : chart()->legend()->markers(band.area)) {
            legendMarker->setBrush(fill);
            legendMarker->setPen(QPen(band.color));
        }
    }
}

} // namespace orrery::widgets
