#include "gui/kinds/strl_jobs/strl_plan_canvas.h"

#include "widgets/arm_colors.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace orrery::app {
namespace {

constexpr double kMaxPixelsPerSecond = 400.0;
constexpr double kMaxContentPixels = 1.0e9; //!< the scroll bar's range is an int
constexpr int kMinRowHeight = 16;
constexpr int kMaxRowHeight = 34;
constexpr int kRackColumn = 54;
constexpr double kZoomStep = 1.5;

QString seconds(double value)
{
    return StrlPlanCanvas::tr("%1 s").arg(value, 0, 'f', value < 10 ? 1 : 0);
}

//! A tick step of 1, 2 or 5 × 10^k seconds at least `minPixels` apart.
double tickStep(double pixelsPerSecond, double minPixels)
{
    const double raw = minPixels / std::max(1e-12, pixelsPerSecond);
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (const double factor : {1.0, 2.0, 5.0, 10.0}) {
        if (factor * magnitude >= raw)
            return factor * magnitude;
    }
    return 10.0 * magnitude;
}

} // namespace

StrlPlanCanvas::StrlPlanCanvas(QWidget* parent)
    : QAbstractScrollArea(parent)
{
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    setFocusPolicy(Qt::StrongFocus);
    viewport()->setMouseTracking(true);
    setMinimumSize(240, 120);
}

void StrlPlanCanvas::setData(std::shared_ptr<const StrlPlanRunData> data)
{
    m_data = std::move(data);
    m_cycle = -1;
    m_selectedJob.clear();
    m_fitted = true;
    updateScrollBars();
    viewport()->update();
}

void StrlPlanCanvas::setCycle(int cycle)
{
    m_cycle = cycle;
    viewport()->update();
}

void StrlPlanCanvas::setSelectedJob(const QString& job)
{
    m_selectedJob = job;
    viewport()->update();
}

double StrlPlanCanvas::minPixelsPerSecond() const
{
    const double span = m_data ? std::max(1.0, m_data->horizon) : 1.0;
    return std::max(1e-6, (viewport()->width() - kGutterWidth - 8) / span);
}

void StrlPlanCanvas::updateScrollBars()
{
    const int rows = m_data ? static_cast<int>(m_data->nodes.size()) : 0;
    const int plotHeight = viewport()->height() - kAxisHeight;
    m_rowHeight = rows > 0 ? std::clamp(plotHeight / rows, kMinRowHeight, kMaxRowHeight) : kMaxRowHeight;
    const double span = m_data ? std::max(1.0, m_data->horizon) : 1.0;
    if (m_fitted)
        m_pixelsPerSecond = minPixelsPerSecond();
    m_pixelsPerSecond = std::clamp(m_pixelsPerSecond, minPixelsPerSecond(),
                                   std::max(minPixelsPerSecond(), std::min(kMaxPixelsPerSecond, kMaxContentPixels / span)));
    const int plotWidth = std::max(1, viewport()->width() - kGutterWidth);
    const double content = span * m_pixelsPerSecond + 8;
    horizontalScrollBar()->setPageStep(plotWidth);
    horizontalScrollBar()->setSingleStep(std::max(1, plotWidth / 10));
    horizontalScrollBar()->setRange(0, std::max(0, static_cast<int>(std::ceil(content)) - plotWidth));
    verticalScrollBar()->setPageStep(std::max(1, plotHeight));
    verticalScrollBar()->setSingleStep(m_rowHeight);
    verticalScrollBar()->setRange(0, std::max(0, rows * m_rowHeight - plotHeight));
}

double StrlPlanCanvas::xOf(double seconds) const
{
    return kGutterWidth + seconds * m_pixelsPerSecond - horizontalScrollBar()->value();
}

double StrlPlanCanvas::timeAt(double x) const
{
    return (x - kGutterWidth + horizontalScrollBar()->value()) / m_pixelsPerSecond;
}

double StrlPlanCanvas::yOf(int row) const
{
    return kAxisHeight + static_cast<double>(row) * m_rowHeight - verticalScrollBar()->value();
}

double StrlPlanCanvas::visibleFrom() const { return timeAt(kGutterWidth); }

double StrlPlanCanvas::visibleTo() const { return timeAt(viewport()->width()); }

void StrlPlanCanvas::zoomBy(double factor, double anchorX)
{
    if (!m_data)
        return;
    const double anchor = timeAt(anchorX);
    m_fitted = false;
    m_pixelsPerSecond *= factor;
    updateScrollBars();
    if (m_pixelsPerSecond <= minPixelsPerSecond() * (1 + 1e-9))
        m_fitted = true;
    horizontalScrollBar()->setValue(static_cast<int>(std::lround(anchor * m_pixelsPerSecond - (anchorX - kGutterWidth))));
    viewport()->update();
}

void StrlPlanCanvas::zoomIn() { zoomBy(kZoomStep, kGutterWidth + (viewport()->width() - kGutterWidth) / 2.0); }

void StrlPlanCanvas::zoomOut() { zoomBy(1.0 / kZoomStep, kGutterWidth + (viewport()->width() - kGutterWidth) / 2.0); }

void StrlPlanCanvas::fitTime()
{
    m_fitted = true;
    updateScrollBars();
    horizontalScrollBar()->setValue(0);
    viewport()->update();
}

const StrlPlanRunData::Block* StrlPlanCanvas::block(BlockRef ref) const
{
    if (!m_data || ref.index < 0)
        return nullptr;
    const auto& blocks = ref.planned ? m_data->planned : m_data->executed;
    return ref.index < static_cast<int>(blocks.size()) ? &blocks[static_cast<std::size_t>(ref.index)] : nullptr;
}

QRectF StrlPlanCanvas::blockRect(BlockRef ref, int part) const
{
    const StrlPlanRunData::Block* b = block(ref);
    if (!b || part < 0 || part >= static_cast<int>(b->rows.size()))
        return {};
    const double x0 = xOf(b->start);
    const double x1 = std::max(x0 + 1.0, xOf(b->end));
    return {x0, yOf(b->rows[static_cast<std::size_t>(part)]) + 1, x1 - x0, static_cast<double>(m_rowHeight - 2)};
}

bool StrlPlanCanvas::hits(const StrlPlanRunData::Block& b, const QPoint& pos) const
{
    const double x0 = xOf(b.start);
    const double x1 = std::max(x0 + 2.0, xOf(b.end));
    if (pos.x() < x0 || pos.x() > x1)
        return false;
    for (const int row : b.rows) {
        const double y = yOf(row);
        if (pos.y() >= y && pos.y() < y + m_rowHeight)
            return true;
    }
    return false;
}

StrlPlanCanvas::BlockRef StrlPlanCanvas::blockAt(const QPoint& pos) const
{
    if (!m_data || pos.x() < kGutterWidth || pos.y() < kAxisHeight)
        return {};
    if (m_cycle >= 0 && m_cycle < static_cast<int>(m_data->plannedOfCycle.size())) {
        const auto [first, last] = m_data->plannedOfCycle[static_cast<std::size_t>(m_cycle)];
        for (int i = last - 1; i >= first; --i) {
            if (hits(m_data->planned[static_cast<std::size_t>(i)], pos))
                return {true, i};
        }
    }
    for (int i = static_cast<int>(m_data->executed.size()) - 1; i >= 0; --i) {
        if (hits(m_data->executed[static_cast<std::size_t>(i)], pos))
            return {false, i};
    }
    return {};
}

QColor StrlPlanCanvas::typeColor(const QString& type)
{
    const qsizetype index = strlTypeOrder().indexOf(type);
    return index >= 0 ? widgets::armColor(static_cast<int>(index)) : QColor(QStringLiteral("#7f7f7f"));
}

QString StrlPlanCanvas::toolTipFor(BlockRef ref) const
{
    const StrlPlanRunData::Block* b = block(ref);
    if (!b)
        return {};
    QString text = QStringLiteral("<b>%1</b> (%2)").arg(b->job.toHtmlEscaped(), b->type.toHtmlEscaped());
    text += QStringLiteral("<br>") + tr("Nodes: %1").arg(b->nodeNames.join(QStringLiteral(", ")).toHtmlEscaped());
    text += QStringLiteral("<br>") + tr("Start %1, end %2 (%3)").arg(seconds(b->start), seconds(b->end), seconds(b->end - b->start));
    if (ref.planned) {
        text += QStringLiteral("<br>")
                + tr("Planned in cycle %1 (at %2) for the future; re-planned every cycle")
                      .arg(b->cycle)
                      .arg(seconds(b->cycle >= 0 && b->cycle < static_cast<int>(m_data->cycles.size())
                                       ? m_data->cycles[static_cast<std::size_t>(b->cycle)]
                                       : 0.0));
    } else {
        text += QStringLiteral("<br>")
                + (b->slowdown > 1.0 + 1e-9 ? tr("Slowdown ×%1: not on its preferred placement").arg(b->slowdown, 0, 'g', 3)
                                            : tr("Slowdown ×1: on its preferred placement"));
    }
    if (const StrlPlanRunData::Job* job = m_data->findJob(b->job))
        text += QStringLiteral("<br>") + tr("Submitted at %1").arg(seconds(sim::toSeconds(job->submitAt)));
    text += QStringLiteral("<br><i>") + tr("Click for its STRL expression") + QStringLiteral("</i>");
    return text;
}

void StrlPlanCanvas::render(QPainter& painter, const QSize& size) const
{
    painter.fillRect(QRect(QPoint(0, 0), size), palette().color(QPalette::Base));
    if (!m_data)
        return;
    drawBlocks(painter, size);
    drawGutter(painter, size);
    drawAxis(painter, size);
}

void StrlPlanCanvas::drawBlocks(QPainter& painter, const QSize& size) const
{
    const StrlPlanRunData& data = *m_data;
    const int rows = static_cast<int>(data.nodes.size());
    painter.save();
    painter.setClipRect(QRect(kGutterWidth, kAxisHeight, size.width() - kGutterWidth, size.height() - kAxisHeight));
    // Rack bands: alternate shades, so each rack's nodes read as one group.
    const QColor base = palette().color(QPalette::Base);
    const QColor alternate = palette().color(QPalette::AlternateBase);
    int rackIndex = 0;
    for (int r = 0; r < rows; ++r) {
        if (r > 0 && data.nodes[static_cast<std::size_t>(r)].rack != data.nodes[static_cast<std::size_t>(r - 1)].rack)
            ++rackIndex;
        const double y = yOf(r);
        if (y + m_rowHeight < kAxisHeight || y > size.height())
            continue;
        painter.fillRect(QRectF(kGutterWidth, y, size.width() - kGutterWidth, m_rowHeight), rackIndex % 2 ? alternate : base);
    }
    // Time grid.
    const double step = tickStep(m_pixelsPerSecond, 90);
    const QColor grid = palette().color(QPalette::Mid);
    painter.setPen(QPen(grid, 0, Qt::DotLine));
    const double from = std::max(0.0, std::floor(visibleFrom() / step) * step);
    for (double t = from; t <= visibleTo(); t += step) {
        const double x = std::round(xOf(t)) + 0.5;
        painter.drawLine(QPointF(x, kAxisHeight), QPointF(x, size.height()));
    }

    const double cycleTime = m_cycle >= 0 && m_cycle < static_cast<int>(data.cycles.size())
                                 ? data.cycles[static_cast<std::size_t>(m_cycle)]
                                 : -1.0;
    const double left = kGutterWidth, right = size.width();
    const QFontMetrics metrics(font());
    const bool labels = m_rowHeight >= metrics.height();
    const auto rowVisible = [&](double y) { return y + m_rowHeight >= kAxisHeight && y <= size.height(); };
    // Executed placements: filled in the type's colour; faded where they started after the cycle.
    // Rectangles are batched per colour, fade and outline (one drawRects call each), labels after.
    const QStringList& order = strlTypeOrder();
    const int typeCount = static_cast<int>(order.size()) + 1; // + anything else
    std::vector<std::vector<QRectF>> batches(static_cast<std::size_t>(typeCount * 4));
    struct Label {
        QRectF rect;
        const QString* job;
        bool faded;
    };
    std::vector<Label> textLabels;
    QString lastTypeName;
    int lastType = typeCount - 1;
    for (const StrlPlanRunData::Block& b : data.executed) {
        const double x0 = xOf(b.start);
        const double x1 = std::max(x0 + 1.0, xOf(b.end));
        if (x1 < left || x0 > right)
            continue;
        if (b.type != lastTypeName) {
            lastTypeName = b.type;
            const qsizetype index = order.indexOf(b.type);
            lastType = index >= 0 ? static_cast<int>(index) : typeCount - 1;
        }
        const bool faded = cycleTime >= 0 && b.start > cycleTime + 1e-9;
        const bool outline = x1 - x0 >= 4;
        const bool label = labels && x1 - x0 >= 40;
        std::vector<QRectF>& batch = batches[static_cast<std::size_t>(lastType * 4 + (faded ? 2 : 0) + (outline ? 1 : 0))];
        for (const int row : b.rows) {
            const double y = yOf(row);
            if (!rowVisible(y))
                continue;
            const QRectF rect(x0, y + 1, x1 - x0, m_rowHeight - 2);
            batch.push_back(outline ? rect.adjusted(0, 0, -1, -1) : rect); // the outline drawn inside the block
            if (label)
                textLabels.push_back({rect, &b.job, faded});
        }
    }
    for (int type = 0; type < typeCount; ++type) {
        const QColor color = type < typeCount - 1 ? typeColor(order[type]) : typeColor(QString());
        for (int variant = 0; variant < 4; ++variant) {
            const std::vector<QRectF>& batch = batches[static_cast<std::size_t>(type * 4 + variant)];
            if (batch.empty())
                continue;
            QColor fill = color;
            if (variant & 2)
                fill.setAlpha(70);
            painter.setBrush(fill);
            painter.setPen((variant & 1) ? QPen(fill.darker(140), 1) : QPen(Qt::NoPen));
            painter.drawRects(batch.data(), static_cast<int>(batch.size()));
        }
    }
    for (const Label& label : textLabels) {
        painter.setPen(label.faded ? palette().color(QPalette::Text) : QColor(Qt::white));
        painter.drawText(label.rect.adjusted(3, 0, -2, 0), Qt::AlignVCenter | Qt::AlignLeft,
                         metrics.elidedText(*label.job, Qt::ElideRight, static_cast<int>(label.rect.width()) - 5));
    }
    painter.setBrush(Qt::NoBrush);
    // The selected cycle's plan for the future: hatched, dashed outline, on top.
    if (m_cycle >= 0 && m_cycle < static_cast<int>(data.plannedOfCycle.size())) {
        const auto [first, last] = data.plannedOfCycle[static_cast<std::size_t>(m_cycle)];
        for (int i = first; i < last; ++i) {
            const StrlPlanRunData::Block& b = data.planned[static_cast<std::size_t>(i)];
            const double x0 = xOf(b.start);
            const double x1 = std::max(x0 + 2.0, xOf(b.end));
            if (x1 < left || x0 > right)
                continue;
            const QColor color = typeColor(b.type);
            QColor wash = color;
            wash.setAlpha(60);
            for (const int row : b.rows) {
                const double y = yOf(row);
                if (!rowVisible(y))
                    continue;
                const QRectF rect(x0 + 1, y + 2, x1 - x0 - 2, m_rowHeight - 4);
                painter.fillRect(rect, palette().color(QPalette::Base));
                painter.fillRect(rect, wash);
                painter.fillRect(rect, QBrush(color.darker(120), Qt::BDiagPattern));
                painter.setPen(QPen(color.darker(150), 2, Qt::DashLine));
                painter.drawRect(rect);
                if (labels && x1 - x0 >= 40) {
                    painter.setPen(palette().color(QPalette::Text));
                    painter.drawText(rect.adjusted(3, 0, -2, 0), Qt::AlignVCenter | Qt::AlignLeft,
                                     metrics.elidedText(b.job, Qt::ElideRight, static_cast<int>(rect.width()) - 5));
                }
            }
        }
    }
    // The selected job's blocks, executed and planned, outlined.
    if (!m_selectedJob.isEmpty()) {
        painter.setPen(QPen(palette().color(QPalette::Highlight), 3));
        painter.setBrush(Qt::NoBrush);
        const auto outline = [&](const StrlPlanRunData::Block& b) {
            if (b.job != m_selectedJob)
                return;
            for (const int row : b.rows)
                painter.drawRect(QRectF(xOf(b.start), yOf(row) + 1, std::max(2.0, xOf(b.end) - xOf(b.start)), m_rowHeight - 2));
        };
        for (const StrlPlanRunData::Block& b : data.executed)
            outline(b);
        if (m_cycle >= 0 && m_cycle < static_cast<int>(data.plannedOfCycle.size())) {
            const auto [first, last] = data.plannedOfCycle[static_cast<std::size_t>(m_cycle)];
            for (int i = first; i < last; ++i)
                outline(data.planned[static_cast<std::size_t>(i)]);
        }
    }
    // The cycle's time.
    if (cycleTime >= 0) {
        const double x = xOf(cycleTime);
        painter.setPen(QPen(QColor(QStringLiteral("#d62728")), 2));
        painter.drawLine(QPointF(x, kAxisHeight), QPointF(x, size.height()));
    }
    painter.restore();
}

void StrlPlanCanvas::drawGutter(QPainter& painter, const QSize& size) const
{
    const StrlPlanRunData& data = *m_data;
    painter.save();
    painter.setClipRect(QRect(0, kAxisHeight, kGutterWidth, size.height() - kAxisHeight));
    painter.fillRect(QRect(0, kAxisHeight, kGutterWidth, size.height() - kAxisHeight), palette().color(QPalette::Window));
    const QFontMetrics metrics(font());
    QFont bold = font();
    bold.setBold(true);
    const QColor gpu = QColor(QStringLiteral("#2ca02c"));
    const int rows = static_cast<int>(data.nodes.size());
    for (int r = 0; r < rows; ++r) {
        const StrlPlanRunData::Node& node = data.nodes[static_cast<std::size_t>(r)];
        const double y = yOf(r);
        const bool rackStart = r == 0 || node.rack != data.nodes[static_cast<std::size_t>(r - 1)].rack;
        if (rackStart) { // a line above each rack across the whole canvas
            painter.setClipping(false);
            painter.setPen(palette().color(QPalette::Dark));
            if (y >= kAxisHeight)
                painter.drawLine(QPointF(0, y), QPointF(size.width(), y));
            painter.setClipRect(QRect(0, kAxisHeight, kGutterWidth, size.height() - kAxisHeight));
        }
        if (y + m_rowHeight < kAxisHeight || y > size.height())
            continue;
        if (rackStart) {
            painter.setFont(bold);
            painter.setPen(palette().color(QPalette::WindowText));
            painter.drawText(QRectF(4, y, kRackColumn - 6, m_rowHeight), Qt::AlignVCenter | Qt::AlignLeft,
                             node.rack.isEmpty() ? tr("no rack") : node.rack);
            painter.setFont(font());
        }
        QRectF nameRect(kRackColumn, y, kGutterWidth - kRackColumn - 4, m_rowHeight);
        if (node.gpus > 0) {
            const QString badge = tr("GPU");
            const int badgeWidth = metrics.horizontalAdvance(badge) + 8;
            const QRectF badgeRect(kGutterWidth - badgeWidth - 4, y + 3, badgeWidth, m_rowHeight - 6);
            painter.setPen(Qt::NoPen);
            painter.setBrush(gpu);
            painter.drawRoundedRect(badgeRect, 3, 3);
            painter.setPen(Qt::white);
            painter.drawText(badgeRect, Qt::AlignCenter, badge);
            nameRect.setRight(badgeRect.left() - 4);
        }
        painter.setPen(palette().color(QPalette::WindowText));
        painter.drawText(nameRect, Qt::AlignVCenter | Qt::AlignLeft,
                         metrics.elidedText(node.name, Qt::ElideMiddle, static_cast<int>(nameRect.width())));
    }
    painter.restore();
    painter.setPen(palette().color(QPalette::Dark));
    painter.drawLine(QPointF(kGutterWidth - 0.5, 0), QPointF(kGutterWidth - 0.5, size.height()));
}

void StrlPlanCanvas::drawAxis(QPainter& painter, const QSize& size) const
{
    painter.fillRect(QRect(0, 0, size.width(), kAxisHeight), palette().color(QPalette::Window));
    painter.setPen(palette().color(QPalette::WindowText));
    painter.drawText(QRect(4, 0, kGutterWidth - 8, kAxisHeight), Qt::AlignVCenter | Qt::AlignLeft, tr("Rack / node"));
    painter.save();
    painter.setClipRect(QRect(kGutterWidth, 0, size.width() - kGutterWidth, kAxisHeight));
    const double step = tickStep(m_pixelsPerSecond, 90);
    const double from = std::max(0.0, std::floor(visibleFrom() / step) * step);
    for (double t = from; t <= visibleTo() + step; t += step) {
        const double x = std::round(xOf(t)) + 0.5;
        painter.drawLine(QPointF(x, kAxisHeight - 6), QPointF(x, kAxisHeight));
        painter.drawText(QRectF(x + 3, 0, 120, kAxisHeight - 4), Qt::AlignBottom | Qt::AlignLeft,
                         tr("%1 s").arg(t, 0, 'f', step < 1 ? 1 : 0));
    }
    if (m_cycle >= 0 && m_data && m_cycle < static_cast<int>(m_data->cycles.size())) {
        const double x = xOf(m_data->cycles[static_cast<std::size_t>(m_cycle)]);
        painter.setPen(QColor(QStringLiteral("#d62728")));
        QPolygonF marker;
        marker << QPointF(x - 5, kAxisHeight - 8) << QPointF(x + 5, kAxisHeight - 8) << QPointF(x, kAxisHeight);
        painter.setBrush(QColor(QStringLiteral("#d62728")));
        painter.drawPolygon(marker);
    }
    painter.restore();
    painter.setPen(palette().color(QPalette::Dark));
    painter.drawLine(QPointF(0, kAxisHeight - 0.5), QPointF(size.width(), kAxisHeight - 0.5));
}

void StrlPlanCanvas::paintEvent(QPaintEvent* /*event*/)
{
    QPainter painter(viewport());
    render(painter, viewport()->size());
}

void StrlPlanCanvas::resizeEvent(QResizeEvent* event)
{
    QAbstractScrollArea::resizeEvent(event);
    updateScrollBars();
}

void StrlPlanCanvas::wheelEvent(QWheelEvent* event)
{
    if (event->modifiers() & Qt::ControlModifier) {
        const double steps = event->angleDelta().y() / 120.0;
        if (steps != 0.0)
            zoomBy(std::pow(1.25, steps), event->position().x());
        event->accept();
        return;
    }
    if (event->modifiers() & Qt::ShiftModifier) {
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() - event->angleDelta().y());
        event->accept();
        return;
    }
    QAbstractScrollArea::wheelEvent(event);
}

void StrlPlanCanvas::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton) {
        QAbstractScrollArea::mousePressEvent(event);
        return;
    }
    const BlockRef ref = blockAt(event->position().toPoint());
    if (const StrlPlanRunData::Block* b = block(ref)) {
        setSelectedJob(b->job);
        emit blockClicked(b->job, ref.planned, ref.index);
    }
    event->accept();
}

void StrlPlanCanvas::keyPressEvent(QKeyEvent* event)
{
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal: zoomIn(); break;
    case Qt::Key_Minus: zoomOut(); break;
    case Qt::Key_0: fitTime(); break;
    default: QAbstractScrollArea::keyPressEvent(event); return;
    }
    event->accept();
}

bool StrlPlanCanvas::viewportEvent(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = toolTipFor(blockAt(help->pos()));
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, viewport());
        return true;
    }
    return QAbstractScrollArea::viewportEvent(event);
}

void StrlPlanCanvas::scrollContentsBy(int /*dx*/, int /*dy*/) { viewport()->update(); }

} // namespace orrery::app
