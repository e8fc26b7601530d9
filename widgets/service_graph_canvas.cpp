#include "widgets/service_graph_canvas.h"

#include "widgets/service_graph_scene.h"

#include <QKeyEvent>
#include <QLinearGradient>
#include <QLocale>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace orrery::widgets {

ServiceGraphCanvas::ServiceGraphCanvas(ServiceGraphScene* scene, QWidget* parent)
    : QGraphicsView(scene, parent)
    , m_scene(scene)
{
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setDragMode(ScrollHandDrag);
    setTransformationAnchor(NoAnchor);
    setViewportUpdateMode(SmartViewportUpdate);
    // Items restore what they change; the saves cost ~10 % of a 5,000-service frame.
    setOptimizationFlags(DontSavePainterState | DontAdjustForAntialiasing);
    setFocusPolicy(Qt::StrongFocus);
    setFrameShape(QFrame::NoFrame);
}

double ServiceGraphCanvas::zoomFactor() const { return transform().m11(); }

void ServiceGraphCanvas::zoomBy(double factor, QPoint anchor)
{
    const double current = zoomFactor();
    const double target = std::clamp(current * factor, kMinScale, kMaxScale);
    if (target == current)
        return;
    const QPointF before = mapToScene(anchor);
    scale(target / current, target / current);
    const QPointF after = mapToScene(anchor);
    translate(after.x() - before.x(), after.y() - before.y()); // keep `before` under the cursor
    emit zoomChanged(zoomFactor());
}

void ServiceGraphCanvas::fitAll()
{
    const QRectF bounds = sceneRect();
    if (bounds.isEmpty())
        return;
    fitInView(bounds, Qt::KeepAspectRatio);
    if (zoomFactor() > 1.0)
        setTransform(QTransform());
    centerOn(bounds.center());
    emit zoomChanged(zoomFactor());
}

void ServiceGraphCanvas::wheelEvent(QWheelEvent* event)
{
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0.0) {
        QGraphicsView::wheelEvent(event);
        return;
    }
    zoomBy(std::pow(1.2, steps), event->position().toPoint());
    event->accept();
}

void ServiceGraphCanvas::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_F && event->modifiers() == Qt::NoModifier) {
        fitAll();
        return;
    }
    if (event->key() == Qt::Key_Plus || event->key() == Qt::Key_Minus) {
        zoomBy(event->key() == Qt::Key_Plus ? 1.25 : 0.8, viewport()->rect().center());
        return;
    }
    QGraphicsView::keyPressEvent(event);
}

void ServiceGraphCanvas::drawForeground(QPainter* painter, const QRectF&)
{
    if (m_scene->nodeCount() == 0)
        return;
    painter->save();
    painter->resetTransform(); // viewport coordinates
    paintLegend(*painter);
    painter->restore();
}

void ServiceGraphCanvas::paintLegend(QPainter& painter) const
{
    const QPalette& colours = palette();
    const QFontMetrics metrics(font());
    const int line = metrics.height();
    const int barWidth = 120;
    const auto range = m_scene->colorRange();
    const bool latency = m_scene->colorMode() == ServiceColorMode::P99Latency;
    const QString title = latency ? tr("p99 latency (log scale)") : tr("Utilization");
    QString low = tr("no data");
    QString high;
    if (range) {
        const QLocale locale;
        low = latency ? tr("%1 ms").arg(locale.toString(range->first, 'g', 3)) : QStringLiteral("0 %");
        high = latency ? tr("%1 ms").arg(locale.toString(range->second, 'g', 3)) : QStringLiteral("100 %");
    }
    const QString pathText = tr("critical path");
    const QString componentText = tr("critical component");
    const int width = std::max({barWidth + 16, metrics.horizontalAdvance(title) + 16,
                                metrics.horizontalAdvance(componentText) + 44, metrics.horizontalAdvance(pathText) + 44});
    const QRect box(8, 8, width, line * 5 + 22);
    painter.setRenderHint(QPainter::Antialiasing);
    QColor background = colours.color(QPalette::Base);
    background.setAlpha(225);
    painter.setPen(colours.color(QPalette::Mid));
    painter.setBrush(background);
    painter.drawRoundedRect(box, 4, 4);
    painter.setPen(colours.color(QPalette::Text));
    int y = box.top() + 4;
    painter.drawText(QRect(box.left() + 8, y, width - 16, line), Qt::AlignLeft | Qt::AlignVCenter, title);
    y += line + 2;
    const QRect bar(box.left() + 8, y, width - 16, 10);
    if (range) {
        QLinearGradient gradient(bar.topLeft(), bar.topRight());
        for (int i = 0; i <= 8; ++i)
            gradient.setColorAt(i / 8.0, m_scene->colorScale().color(i / 8.0));
        painter.fillRect(bar, gradient);
    } else {
        painter.fillRect(bar, colours.color(QPalette::Button));
    }
    y += 12;
    painter.drawText(QRect(bar.left(), y, bar.width(), line), Qt::AlignLeft | Qt::AlignVCenter, low);
    painter.drawText(QRect(bar.left(), y, bar.width(), line), Qt::AlignRight | Qt::AlignVCenter, high);
    y += line + 4;
    const QColor accent = ServiceGraphScene::accentColor();
    painter.setPen(QPen(accent, 4, Qt::SolidLine, Qt::RoundCap));
    painter.drawLine(box.left() + 10, y + line / 2, box.left() + 30, y + line / 2);
    painter.setPen(colours.color(QPalette::Text));
    painter.drawText(QRect(box.left() + 38, y, width - 40, line), Qt::AlignLeft | Qt::AlignVCenter, pathText);
    y += line + 2;
    painter.setPen(QPen(Qt::white, 1.5));
    painter.setBrush(accent);
    painter.drawEllipse(QRect(box.left() + 14, y + line / 2 - 6, 12, 12));
    painter.setPen(colours.color(QPalette::Text));
    painter.drawText(QRect(box.left() + 38, y, width - 40, line), Qt::AlignLeft | Qt::AlignVCenter, componentText);
}

} // namespace orrery::widgets
