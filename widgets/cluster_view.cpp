#include "widgets/cluster_view.h"

#include <QContextMenuEvent>
#include <QHelpEvent>
#include <QMenu>
#include <QPainter>
#include <QPaintEvent>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace orrery::widgets {
namespace {

constexpr double kZoomPerNotch = 1.25;
constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

QString number(double value)
{
    return QString::number(value, 'f', value == std::floor(value) ? 0 : 1);
}

} // namespace

ClusterView::ClusterView(QWidget* parent)
    : QAbstractScrollArea(parent)
{
    setFrameShape(QFrame::NoFrame);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    viewport()->setMouseTracking(true);
    viewport()->setAutoFillBackground(false);
    viewport()->setAttribute(Qt::WA_OpaquePaintEvent);
    relayout();
}

void ClusterView::setSnapshot(ClusterSnapshot snapshot)
{
    m_snapshot = std::move(snapshot);
    m_hovered = -1;
    relayout();
}

void ClusterView::setMetric(ClusterMetric metric)
{
    if (metric == m_metric)
        return;
    m_metric = metric;
    viewport()->update();
    emit metricChanged(metric);
}

QString ClusterView::metricName(ClusterMetric metric)
{
    switch (metric) {
    case ClusterMetric::Cpu: return tr("CPU");
    case ClusterMetric::Memory: return tr("Memory");
    case ClusterMetric::Gpu: return tr("GPU");
    case ClusterMetric::Power: return tr("Power");
    }
    return {};
}

void ClusterView::setTileSize(int pixels)
{
    const int clamped = std::clamp(pixels, kMinTileSize, kMaxTileSize);
    if (clamped == m_tileSize)
        return;
    m_tileSize = clamped;
    relayout();
}

void ClusterView::zoom(double steps, QPoint anchor)
{
    const int node = nodeAt(anchor);
    const double fraction = m_layout.contentHeight() > 0
        ? double(anchor.y() + verticalScrollBar()->value()) / m_layout.contentHeight() : 0.0;
    const double scaled = m_tileSize * std::pow(kZoomPerNotch, steps);
    int next = static_cast<int>(std::lround(scaled));
    if (next == m_tileSize) // always move at least one pixel per notch
        next += steps > 0 ? 1 : -1;
    setTileSize(next);
    const int contentY = node >= 0 ? m_layout.tileRect(node).center().y()
                                   : static_cast<int>(std::lround(fraction * m_layout.contentHeight()));
    verticalScrollBar()->setValue(contentY - anchor.y());
}

int ClusterView::nodeAt(QPoint point) const
{
    if (point.y() < kLegendHeight)
        return -1;
    return m_layout.nodeAt(point + QPoint(0, verticalScrollBar()->value()));
}

QRect ClusterView::tileRect(int node) const
{
    return m_layout.tileRect(node).translated(0, -verticalScrollBar()->value());
}

QColor ClusterView::tileColor(int node) const
{
    if (node < 0 || static_cast<std::size_t>(node) >= m_snapshot.nodes.size())
        return {};
    const std::optional<double> value = nodeUtilization(m_snapshot.nodes[static_cast<std::size_t>(node)], m_metric);
    return value ? m_scale.color(*value) : palette().color(QPalette::Mid);
}

QString ClusterView::kindName(model::DeviceKind kind) const
{
    switch (kind) {
    case model::DeviceKind::Gpu: return tr("GPU");
    case model::DeviceKind::Asic: return tr("ASIC");
    case model::DeviceKind::Fpga: return tr("FPGA");
    }
    return {};
}

QString ClusterView::deviceText(const ClusterSnapshot::Device& device) const
{
    if (device.model.isEmpty())
        return tr("%1 × %2").arg(device.count).arg(kindName(device.kind));
    return tr("%1 × %2 %3").arg(device.count).arg(kindName(device.kind), device.model);
}

QString ClusterView::poolLabel(std::uint32_t pool) const
{
    if (pool >= m_snapshot.pools.size())
        return {};
    const ClusterSnapshot::Pool& spec = m_snapshot.pools[pool];
    const ClusterTileLayout::Band* band = m_layout.bandOfPool(pool);
    const int count = band ? static_cast<int>(band->nodes.size()) : 0;
    QStringList devices;
    for (const ClusterSnapshot::Device& device : spec.devices)
        devices << deviceText(device);
    const QString kinds = devices.isEmpty() ? tr("CPU only") : devices.join(QStringLiteral(", "));
    return tr("%1 — %2 nodes, %3").arg(spec.name, QString::number(count), kinds);
}

QString ClusterView::toolTipText(int node) const
{
    if (node < 0 || static_cast<std::size_t>(node) >= m_snapshot.nodes.size())
        return {};
    const ClusterSnapshot::Node& entry = m_snapshot.nodes[static_cast<std::size_t>(node)];
    QStringList lines;
    lines << QStringLiteral("<b>%1</b>").arg(entry.name.toHtmlEscaped());
    if (entry.pool < m_snapshot.pools.size()) {
        const ClusterSnapshot::Pool& pool = m_snapshot.pools[entry.pool];
        lines << tr("Pool: %1").arg(pool.name.toHtmlEscaped());
        QStringList devices;
        for (const ClusterSnapshot::Device& device : pool.devices)
            devices << deviceText(device).toHtmlEscaped();
        lines << tr("Devices: %1").arg(devices.isEmpty() ? tr("none") : devices.join(QStringLiteral(", ")));
    }
    lines << tr("CPU: %1 / %2 cores")
                 .arg(number(entry.allocated.millicores / 1000.0), number(entry.capacity.millicores / 1000.0));
    lines << tr("Memory: %1 / %2 GiB")
                 .arg(number(entry.allocated.memoryBytes / kGiB), number(entry.capacity.memoryBytes / kGiB));
    if (!entry.gpus.empty()) {
        if (!m_snapshot.gpuCaption.isEmpty())
            lines << m_snapshot.gpuCaption.toHtmlEscaped();
        // At most kToolTipGpus lines: a node of the trace has 8 GPUs; a made-up one may have more.
        const std::size_t shown = std::min<std::size_t>(entry.gpus.size(), kToolTipGpus);
        for (std::size_t gpu = 0; gpu < shown; ++gpu)
            lines << gpuText(static_cast<int>(gpu), entry.gpus[gpu]);
        if (shown < entry.gpus.size())
            lines << tr("… and %n more GPUs", nullptr, static_cast<int>(entry.gpus.size() - shown));
    }
    for (int kind = 0; kind < model::kDeviceKindCount; ++kind) {
        if (!entry.gpus.empty() && kind == static_cast<int>(model::DeviceKind::Gpu))
            continue; // listed one by one above
        if (entry.capacity.devices[kind] > 0)
            lines << tr("%1: %2 / %3")
                         .arg(kindName(static_cast<model::DeviceKind>(kind)))
                         .arg(entry.allocated.devices[kind])
                         .arg(entry.capacity.devices[kind]);
    }
    return lines.join(QStringLiteral("<br>"));
}

QString ClusterView::gpuText(int index, const model::GpuShare& gpu) const
{
    if (gpu.whole)
        return tr("GPU %1: whole").arg(index);
    if (gpu.usedMilli <= 0)
        return tr("GPU %1: free").arg(index);
    return tr("GPU %1: %2 m shared, %3 m free").arg(index).arg(gpu.usedMilli).arg(gpu.freeMilli());
}

QSize ClusterView::sizeHint() const
{
    return {800, 600};
}

void ClusterView::relayout()
{
    m_layout.compute(m_snapshot, viewport()->width(), m_tileSize, fontMetrics().height(), kLegendHeight);
    QScrollBar* bar = verticalScrollBar();
    bar->setRange(0, std::max(0, m_layout.contentHeight() - viewport()->height()));
    bar->setPageStep(std::max(1, viewport()->height() - kLegendHeight));
    bar->setSingleStep(std::max(1, m_layout.pitch() * 2));
    viewport()->update();
}

void ClusterView::paintEvent(QPaintEvent* event)
{
    QPainter painter(viewport());
    const QPalette& pal = palette();
    painter.fillRect(event->rect(), pal.color(QPalette::Base));

    const int offset = verticalScrollBar()->value();
    const QRect visible = event->rect().translated(0, offset);
    painter.translate(0, -offset);
    painter.setPen(pal.color(QPalette::Text));
    const int pitch = m_layout.pitch();
    const int size = m_layout.tileSize();
    const QColor noData = pal.color(QPalette::Mid);
    for (const ClusterTileLayout::Band& band : m_layout.bands()) {
        if (band.titleRect.top() > visible.bottom())
            break;
        if (band.tilesRect.bottom() < visible.top() && band.titleRect.bottom() < visible.top())
            continue;
        painter.drawText(band.titleRect, Qt::AlignLeft | Qt::AlignVCenter,
            fontMetrics().elidedText(poolLabel(band.pool), Qt::ElideRight, band.titleRect.width()));
        const int count = static_cast<int>(band.nodes.size());
        const int firstRow = std::max(0, (visible.top() - band.tilesRect.top()) / pitch);
        const int lastRow = (visible.bottom() - band.tilesRect.top()) / pitch;
        const int end = std::min(count, (lastRow + 1) * band.columns);
        for (int k = firstRow * band.columns; k < end; ++k) {
            const int node = band.nodes[static_cast<std::size_t>(k)];
            const std::optional<double> value =
                nodeUtilization(m_snapshot.nodes[static_cast<std::size_t>(node)], m_metric);
            const QRect tile(band.tilesRect.left() + (k % band.columns) * pitch,
                band.tilesRect.top() + (k / band.columns) * pitch, size, size);
            const ClusterSnapshot::Node& entry = m_snapshot.nodes[static_cast<std::size_t>(node)];
            if (m_metric == ClusterMetric::Gpu && !entry.gpus.empty() && paintGpuColumns(painter, tile, entry))
                continue;
            painter.fillRect(tile, value ? m_scale.color(*value) : noData);
        }
    }
    if (m_hovered >= 0) {
        painter.setPen(QPen(pal.color(QPalette::Highlight), 2));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(m_layout.tileRect(m_hovered).adjusted(-1, -1, 1, 1));
    }
    painter.resetTransform();
    paintLegend(painter);
}

QColor ClusterView::sharedGpuColor() const
{
    return m_scale.color(kSharedGpuShade);
}

bool ClusterView::paintGpuColumns(QPainter& painter, const QRect& tile, const ClusterSnapshot::Node& node) const
{
    const int count = static_cast<int>(node.gpus.size());
    const QRect inner = tile.width() >= 8 ? tile.adjusted(1, 1, -1, -1) : tile;
    const int gap = inner.width() >= 3 * count ? 1 : 0;
    const int width = (inner.width() - gap * (count - 1)) / count;
    if (width < 1)
        return false; // too small to tell GPUs apart: the tile's colour says how much is held
    painter.fillRect(tile, palette().color(QPalette::Base));
    const QColor shared = sharedGpuColor();
    int x = inner.left() + (inner.width() - (width * count + gap * (count - 1))) / 2;
    for (const model::GpuShare& gpu : node.gpus) {
        const QRect column(x, inner.top(), width, inner.height());
        painter.fillRect(column, m_scale.bottom());
        // A column filled to the share held: a fragment is a column partly filled.
        const int held = static_cast<int>(std::lround(double(gpu.usedMilli) / model::kMilliPerGpu * column.height()));
        if (held > 0)
            painter.fillRect(column.left(), column.bottom() + 1 - held, column.width(), held,
                             gpu.whole ? m_scale.top() : shared);
        x += width + gap;
    }
    return true;
}

void ClusterView::paintLegend(QPainter& painter) const
{
    const QPalette& pal = palette();
    const QRect strip(0, 0, viewport()->width(), kLegendHeight);
    painter.fillRect(strip, pal.color(QPalette::Window));
    painter.setPen(pal.color(QPalette::WindowText));
    const int margin = ClusterTileLayout::kMargin;
    const QFontMetrics metrics = fontMetrics();
    const QString title = tr("%1 utilization").arg(metricName(m_metric));
    QRect text(margin, 0, metrics.horizontalAdvance(title) + margin, kLegendHeight);
    painter.drawText(text, Qt::AlignLeft | Qt::AlignVCenter, title);

    int x = text.right() + margin;
    const QRect bar(x + metrics.horizontalAdvance(QStringLiteral("100 %")) / 2, 8, 160, kLegendHeight - 16);
    const QString low = tr("0 %");
    painter.drawText(QRect(x - margin, 0, bar.left() - x + margin - 4, kLegendHeight),
        Qt::AlignRight | Qt::AlignVCenter, low);
    if (m_metric == ClusterMetric::Power) {
        painter.fillRect(bar, pal.color(QPalette::Mid));
        painter.drawText(bar, Qt::AlignCenter, tr("no data"));
    } else {
        for (int i = 0; i < bar.width(); ++i)
            painter.fillRect(bar.left() + i, bar.top(), 1, bar.height(), m_scale.color(double(i) / (bar.width() - 1)));
    }
    const QString high = tr("100 %");
    x = bar.right() + 5;
    painter.drawText(QRect(x, 0, metrics.horizontalAdvance(high) + 2, kLegendHeight), Qt::AlignLeft | Qt::AlignVCenter, high);
    x += metrics.horizontalAdvance(high) + 3 * margin;
    const QRect swatch(x, (kLegendHeight - 12) / 2, 12, 12);
    painter.fillRect(swatch, pal.color(QPalette::Mid));
    const QString none = tr("no data");
    painter.drawText(QRect(swatch.right() + 5, 0, metrics.horizontalAdvance(none) + 2, kLegendHeight),
        Qt::AlignLeft | Qt::AlignVCenter, none);
    if (m_metric == ClusterMetric::Gpu && m_snapshot.hasGpuShares()) {
        // One column per GPU, filled to what is held: say which colour is whole and which a share.
        x = swatch.right() + 5 + metrics.horizontalAdvance(none) + 3 * margin;
        const std::pair<QColor, QString> keys[] = {{m_scale.top(), tr("whole GPU")},
                                                   {sharedGpuColor(), tr("shared GPU (column: milli-GPU held)")}};
        for (const auto& [color, label] : keys) {
            painter.fillRect(QRect(x, (kLegendHeight - 12) / 2, 12, 12), color);
            painter.drawText(QRect(x + 17, 0, metrics.horizontalAdvance(label) + 2, kLegendHeight),
                Qt::AlignLeft | Qt::AlignVCenter, label);
            x += 17 + metrics.horizontalAdvance(label) + 3 * margin;
        }
        if (!m_snapshot.gpuCaption.isEmpty())
            painter.drawText(QRect(x, 0, std::max(0, strip.right() - x), kLegendHeight), Qt::AlignLeft | Qt::AlignVCenter,
                metrics.elidedText(m_snapshot.gpuCaption, Qt::ElideRight, std::max(0, strip.right() - x)));
    }
    painter.setPen(pal.color(QPalette::Mid));
    painter.drawLine(0, kLegendHeight - 1, strip.right(), kLegendHeight - 1);
}

void ClusterView::resizeEvent(QResizeEvent* event)
{
    QAbstractScrollArea::resizeEvent(event);
    relayout();
}

void ClusterView::wheelEvent(QWheelEvent* event)
{
    if (event->modifiers() & Qt::ShiftModifier) {
        QAbstractScrollArea::wheelEvent(event);
        return;
    }
    const double steps = event->angleDelta().y() / 120.0;
    if (steps != 0.0)
        zoom(steps, event->position().toPoint());
    event->accept();
}

void ClusterView::mouseMoveEvent(QMouseEvent* event)
{
    const int node = nodeAt(event->position().toPoint());
    if (node != m_hovered) {
        m_hovered = node;
        viewport()->update();
    }
    QAbstractScrollArea::mouseMoveEvent(event);
}

void ClusterView::leaveEvent(QEvent* event)
{
    if (m_hovered >= 0) {
        m_hovered = -1;
        viewport()->update();
    }
    QAbstractScrollArea::leaveEvent(event);
}

void ClusterView::contextMenuEvent(QContextMenuEvent* event)
{
    QMenu menu(this);
    for (ClusterMetric metric : {ClusterMetric::Cpu, ClusterMetric::Memory, ClusterMetric::Gpu, ClusterMetric::Power}) {
        QAction* action = menu.addAction(tr("Colour by %1").arg(metricName(metric)));
        action->setCheckable(true);
        action->setChecked(metric == m_metric);
        connect(action, &QAction::triggered, this, [this, metric] { setMetric(metric); });
    }
    menu.exec(event->globalPos());
}

void ClusterView::scrollContentsBy(int, int)
{
    viewport()->update();
}

bool ClusterView::viewportEvent(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(event);
        const int node = nodeAt(help->pos());
        if (node >= 0)
            QToolTip::showText(help->globalPos(), toolTipText(node), viewport(), tileRect(node));
        else
            QToolTip::hideText();
        return true;
    }
    return QAbstractScrollArea::viewportEvent(event);
}

void ClusterView::changeEvent(QEvent* event)
{
    QAbstractScrollArea::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        relayout();
    else if (event->type() == QEvent::PaletteChange)
        viewport()->update();
}

} // namespace orrery::widgets
