#include "widgets/trace_timeline.h"

#include "trace/trace.h"
#include "widgets/service_graph_scene.h"

#include <QHelpEvent>
#include <QLocale>
#include <QPainter>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <array>
#include <cmath>

namespace orrery::widgets {
namespace {

constexpr double kMinNsPerPixel = 1.0;
constexpr int kIndentPixels = 12;

//! "850 µs", "12.3 ms", "4.05 s": durations as people read them.
QString durationText(double ns)
{
    const QLocale locale;
    if (std::abs(ns) < 1e3)
        return QStringLiteral("%1 ns").arg(locale.toString(ns, 'f', 0));
    if (std::abs(ns) < 1e6)
        return QStringLiteral("%1 µs").arg(locale.toString(ns / 1e3, 'g', 3));
    if (std::abs(ns) < 1e9)
        return QStringLiteral("%1 ms").arg(locale.toString(ns / 1e6, 'g', 3));
    return QStringLiteral("%1 s").arg(locale.toString(ns / 1e9, 'g', 4));
}

//! A 1-2-5 step giving ticks at least `minPixels` apart.
double tickStepNs(double nsPerPixel, int minPixels)
{
    const double raw = nsPerPixel * minPixels;
    const double decade = std::pow(10.0, std::floor(std::log10(raw)));
    for (const double factor : {1.0, 2.0, 5.0, 10.0}) {
        if (decade * factor >= raw)
            return decade * factor;
    }
    return decade * 10.0;
}

} // namespace

TraceTimeline::TraceTimeline(QWidget* parent)
    : QAbstractScrollArea(parent)
{
    m_rowHeight = std::max(18, fontMetrics().height() + 6);
    viewport()->setMouseTracking(true);
    setFrameShape(QFrame::NoFrame);
    horizontalScrollBar()->setSingleStep(20);
    verticalScrollBar()->setSingleStep(1);
}

QColor TraceTimeline::serviceColor(std::uint32_t service)
{
    // Tableau 20, lighter steps first so black text stays readable on every bar.
    static constexpr std::array<QRgb, 20> kColors = {
        0x9edae5, 0xaec7e8, 0xffbb78, 0x98df8a, 0xc5b0d5, 0xc49c94, 0xf7b6d2, 0xdbdb8d, 0x17becf, 0x1f77b4,
        0xff7f0e, 0x2ca02c, 0x9467bd, 0x8c564b, 0xe377c2, 0xbcbd22, 0x7f7f7f, 0xc7c7c7, 0x6baed6, 0xfd8d3c};
    return QColor(kColors[service % kColors.size()]);
}

void TraceTimeline::setTrace(std::shared_ptr<const trace::TraceSet> traces, int index, TraceTimelineRows rows)
{
    m_traces = std::move(traces);
    m_traceIndex = m_traces && index >= 0 && index < static_cast<int>(m_traces->traces.size()) ? index : -1;
    m_rows = m_traceIndex >= 0 ? std::move(rows) : TraceTimelineRows{};
    verticalScrollBar()->setValue(0);
    fitTime();
}

const trace::Span* TraceTimeline::spanOfRow(int row) const
{
    if (m_traceIndex < 0 || row < 0 || row >= rowCount())
        return nullptr;
    return &m_traces->traces[static_cast<std::size_t>(m_traceIndex)].spans[m_rows.order[static_cast<std::size_t>(row)]];
}

int TraceTimeline::spanAtRow(int row) const
{
    return row >= 0 && row < rowCount() ? static_cast<int>(m_rows.order[static_cast<std::size_t>(row)]) : -1;
}

int TraceTimeline::barAreaWidth() const { return std::max(1, viewport()->width() - m_labelWidth - 8); }

double TraceTimeline::xOfNs(std::int64_t ns) const
{
    return m_labelWidth + static_cast<double>(ns - m_rows.startNs) / m_nsPerPixel - horizontalScrollBar()->value();
}

int TraceTimeline::rowAt(QPoint point) const
{
    if (point.y() < kHeaderHeight)
        return -1;
    const int row = verticalScrollBar()->value() + (point.y() - kHeaderHeight) / m_rowHeight;
    return row < rowCount() ? row : -1;
}

QRect TraceTimeline::barRect(int row) const
{
    const trace::Span* span = spanOfRow(row);
    if (!span)
        return {};
    const int y = kHeaderHeight + (row - verticalScrollBar()->value()) * m_rowHeight;
    const double left = xOfNs(span->startNs);
    const double width = std::max(2.0, static_cast<double>(span->durationNs) / m_nsPerPixel);
    return QRect(static_cast<int>(std::floor(left)), y + 3, static_cast<int>(std::ceil(width)), m_rowHeight - 6);
}

std::vector<std::uint32_t> TraceTimeline::highlightedSpans() const
{
    std::vector<std::uint32_t> spans;
    for (std::uint32_t i = 0; i < m_rows.onCriticalPath.size(); ++i) {
        if (m_rows.onCriticalPath[i])
            spans.push_back(i);
    }
    return spans;
}

void TraceTimeline::fitTime()
{
    const double duration = static_cast<double>(std::max<std::int64_t>(1, m_rows.endNs - m_rows.startNs));
    m_nsPerPixel = std::max(kMinNsPerPixel, duration / barAreaWidth());
    updateScrollBars();
    horizontalScrollBar()->setValue(0);
    viewport()->update();
}

void TraceTimeline::zoomTime(double factor, int anchorX)
{
    const double duration = static_cast<double>(std::max<std::int64_t>(1, m_rows.endNs - m_rows.startNs));
    const double widest = duration / barAreaWidth();
    // Keep the scroll range within int: at most ~1e9 pixels across the trace.
    const double finest = std::max(kMinNsPerPixel, duration / 1e9);
    const double target = std::clamp(m_nsPerPixel / factor, finest, std::max(finest, widest));
    const double offset = anchorX - m_labelWidth;
    const double anchorNs = (offset + horizontalScrollBar()->value()) * m_nsPerPixel;
    m_nsPerPixel = target;
    updateScrollBars();
    horizontalScrollBar()->setValue(static_cast<int>(std::lround(anchorNs / m_nsPerPixel - offset)));
    viewport()->update();
}

void TraceTimeline::scrollToRow(int row) { verticalScrollBar()->setValue(row); }

void TraceTimeline::updateScrollBars()
{
    const int visibleRows = std::max(1, (viewport()->height() - kHeaderHeight) / m_rowHeight);
    verticalScrollBar()->setRange(0, std::max(0, rowCount() - visibleRows));
    verticalScrollBar()->setPageStep(visibleRows);
    const double duration = static_cast<double>(m_rows.endNs - m_rows.startNs);
    const auto contentWidth = static_cast<int>(std::ceil(duration / m_nsPerPixel));
    horizontalScrollBar()->setRange(0, std::max(0, contentWidth - barAreaWidth()));
    horizontalScrollBar()->setPageStep(barAreaWidth());
}

void TraceTimeline::resizeEvent(QResizeEvent* event)
{
    QAbstractScrollArea::resizeEvent(event);
    m_labelWidth = std::clamp(viewport()->width() * 2 / 5, 180, 460);
    const double duration = static_cast<double>(m_rows.endNs - m_rows.startNs);
    if (duration / m_nsPerPixel < barAreaWidth()) // was fitted: stay fitted
        fitTime();
    else
        updateScrollBars();
}

void TraceTimeline::scrollContentsBy(int, int) { viewport()->update(); }

void TraceTimeline::wheelEvent(QWheelEvent* event)
{
    const double steps = event->angleDelta().y() / 120.0;
    if (event->modifiers() & Qt::ControlModifier) {
        zoomTime(std::pow(1.25, steps), static_cast<int>(event->position().x()));
    } else if (event->modifiers() & Qt::ShiftModifier) {
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() - static_cast<int>(steps * 60));
    } else {
        verticalScrollBar()->setValue(verticalScrollBar()->value() - static_cast<int>(std::lround(steps * 3)));
    }
    event->accept();
}

bool TraceTimeline::viewportEvent(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(event);
        const int row = rowAt(help->pos());
        if (row >= 0)
            QToolTip::showText(help->globalPos(), toolTipText(row), viewport());
        else
            QToolTip::hideText();
        return true;
    }
    return QAbstractScrollArea::viewportEvent(event);
}

QString TraceTimeline::toolTipText(int row) const
{
    const trace::Span* span = spanOfRow(row);
    if (!span)
        return {};
    const auto& names = m_traces->names;
    const auto index = static_cast<std::size_t>(spanAtRow(row));
    QString text = QStringLiteral("<b>%1</b>: %2<table>")
                       .arg(QString::fromStdString(names.name(span->service)).toHtmlEscaped(),
                            QString::fromStdString(names.name(span->operation)).toHtmlEscaped());
    const auto line = [&text](const QString& label, const QString& value) {
        text += QStringLiteral("<tr><td>%1</td><td>%2</td></tr>").arg(label, value.toHtmlEscaped());
    };
    line(tr("Instance"), QString::fromStdString(names.name(span->instance)));
    line(tr("Start"), tr("+%1").arg(durationText(static_cast<double>(span->startNs - m_rows.startNs))));
    line(tr("Duration"), durationText(static_cast<double>(span->durationNs)));
    line(tr("Self time"), durationText(static_cast<double>(m_rows.selfNs[index])));
    text += QStringLiteral("</table>");
    if (span->relation == trace::SpanRelation::FollowsFrom)
        text += QStringLiteral("<br><i>%1</i>").arg(tr("Background call (follows from its parent)"));
    if (m_rows.onCriticalPath[index])
        text += QStringLiteral("<br><span style=\"color:%1\">%2</span>")
                    .arg(ServiceGraphScene::accentColor().name(), tr("On the critical path"));
    return text;
}

void TraceTimeline::paintAxis(QPainter& painter, const QRect& area) const
{
    const QPalette& colours = palette();
    painter.fillRect(QRect(0, 0, area.width(), kHeaderHeight), colours.color(QPalette::Window));
    painter.setPen(colours.color(QPalette::Mid));
    painter.drawLine(0, kHeaderHeight - 1, area.width(), kHeaderHeight - 1);
    painter.setPen(colours.color(QPalette::WindowText));
    painter.drawText(QRect(6, 0, m_labelWidth - 12, kHeaderHeight), Qt::AlignVCenter | Qt::AlignLeft,
                     tr("%n span(s)", nullptr, rowCount()));
    if (rowCount() == 0)
        return;
    const double step = tickStepNs(m_nsPerPixel, 90);
    const double firstNs = horizontalScrollBar()->value() * m_nsPerPixel;
    const double lastNs = firstNs + barAreaWidth() * m_nsPerPixel;
    QColor grid = colours.color(QPalette::Mid);
    grid.setAlpha(70);
    for (double t = std::ceil(firstNs / step) * step; t <= lastNs; t += step) {
        const double x = xOfNs(m_rows.startNs + static_cast<std::int64_t>(t));
        painter.setPen(colours.color(QPalette::WindowText));
        painter.drawLine(QPointF(x, kHeaderHeight - 6), QPointF(x, kHeaderHeight - 1));
        painter.drawText(QRectF(x + 3, 0, 90, kHeaderHeight - 4), Qt::AlignVCenter | Qt::AlignLeft, durationText(t));
        painter.setPen(grid);
        painter.drawLine(QPointF(x, kHeaderHeight), QPointF(x, area.height()));
    }
}

void TraceTimeline::paintEvent(QPaintEvent*)
{
    QPainter painter(viewport());
    const QRect area = viewport()->rect();
    const QPalette& colours = palette();
    painter.fillRect(area, colours.color(QPalette::Base));
    if (m_traceIndex < 0) {
        painter.setPen(colours.color(QPalette::PlaceholderText));
        painter.drawText(area, Qt::AlignCenter, tr("Open a trace file (Jaeger, OTLP or Zipkin JSON) or choose a trace."));
        return;
    }
    const auto& trace = m_traces->traces[static_cast<std::size_t>(m_traceIndex)];
    const auto& names = m_traces->names;
    const QColor accent = ServiceGraphScene::accentColor();
    const int first = verticalScrollBar()->value();
    const int last = std::min(rowCount(), first + (area.height() - kHeaderHeight) / m_rowHeight + 2);
    const QFont normal = font();
    QFont bold = normal;
    bold.setBold(true);
    const QFontMetrics metrics(normal);
    const QFontMetrics boldMetrics(bold);
    const QRect bars(m_labelWidth, kHeaderHeight, area.width() - m_labelWidth, area.height() - kHeaderHeight);

    for (int row = first; row < last; ++row) {
        const int y = kHeaderHeight + (row - first) * m_rowHeight;
        const std::uint32_t index = m_rows.order[static_cast<std::size_t>(row)];
        const trace::Span& span = trace.spans[index];
        const bool onPath = m_rows.onCriticalPath[index] != 0;
        if (row % 2 == 1)
            painter.fillRect(QRect(0, y, area.width(), m_rowHeight), colours.color(QPalette::AlternateBase));
        // Label: indented by depth, a service swatch, "service: operation".
        const int indent = std::min(m_labelWidth / 2, 6 + m_rows.depth[static_cast<std::size_t>(row)] * kIndentPixels);
        const QColor colour = serviceColor(span.service);
        if (onPath)
            painter.fillRect(QRect(0, y + 1, 4, m_rowHeight - 2), accent);
        painter.fillRect(QRect(indent, y + m_rowHeight / 2 - 4, 8, 8), colour);
        painter.setFont(onPath ? bold : normal);
        painter.setPen(onPath ? accent : colours.color(QPalette::Text));
        const QString label = QString::fromStdString(names.name(span.service)) + QStringLiteral(": ")
            + QString::fromStdString(names.name(span.operation));
        const int labelLeft = indent + 12;
        painter.drawText(QRect(labelLeft, y, m_labelWidth - labelLeft - 6, m_rowHeight), Qt::AlignVCenter | Qt::AlignLeft,
                         (onPath ? boldMetrics : metrics).elidedText(label, Qt::ElideRight, m_labelWidth - labelLeft - 6));
        // Bar, clipped to the time area.
        QRect bar = barRect(row).intersected(bars.adjusted(0, 0, 1, 0));
        if (bar.isEmpty())
            continue;
        if (span.relation == trace::SpanRelation::FollowsFrom) {
            painter.fillRect(bar, colour.lighter(125));
            painter.fillRect(bar, QBrush(colour.darker(170), Qt::BDiagPattern));
        } else {
            painter.fillRect(bar, colour);
        }
        if (onPath) {
            painter.setPen(QPen(accent, 2));
            painter.setBrush(Qt::NoBrush);
            painter.drawRect(bar.adjusted(1, 1, -1, -1));
        }
        const QString duration = durationText(static_cast<double>(span.durationNs));
        const int textWidth = metrics.horizontalAdvance(duration) + 6;
        painter.setFont(normal);
        painter.setPen(colours.color(QPalette::Text));
        if (bar.right() + textWidth < area.width())
            painter.drawText(QRect(bar.right() + 4, y, textWidth, m_rowHeight), Qt::AlignVCenter, duration);
        else if (bar.width() > textWidth)
            painter.drawText(bar.adjusted(0, -3, -4, 3), Qt::AlignVCenter | Qt::AlignRight, duration);
    }
    painter.setFont(normal);
    paintAxis(painter, area);
    painter.setPen(colours.color(QPalette::Mid));
    painter.drawLine(m_labelWidth - 1, 0, m_labelWidth - 1, area.height());
}

} // namespace orrery::widgets
