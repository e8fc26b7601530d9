#include "widgets/service_edge_item.h"

#include <QPainter>
#include <QPainterPathStroker>
#include <QStyleOptionGraphicsItem>

#include <cmath>

namespace orrery::widgets {

ServiceEdgeItem::ServiceEdgeItem(int index, QPainterPath path, QLineF arrow)
    : m_index(index)
    , m_path(std::move(path))
    , m_arrow(arrow)
{
    setAcceptHoverEvents(true);
    setZValue(0);
}

void ServiceEdgeItem::setPen(const QColor& color, double width)
{
    prepareGeometryChange();
    m_color = color;
    m_width = width;
    update();
}

void ServiceEdgeItem::setOnCriticalPath(bool on, const QColor& accent)
{
    prepareGeometryChange();
    m_onCriticalPath = on;
    m_accent = accent;
    setZValue(on ? 2 : 0);
    update();
}

QPolygonF ServiceEdgeItem::arrowHead() const
{
    // Graphviz leaves ~10 pt between the path's end and the tip; a degenerate arrow gets a default.
    QLineF line = m_arrow;
    if (line.length() < 1.0) { // no arrow routed: continue the path's last direction
        const QPointF end = m_path.currentPosition();
        const double radians = m_path.angleAtPercent(1.0) * M_PI / 180.0;
        line = QLineF(end, end + QPointF(std::cos(radians), -std::sin(radians)) * 8.0);
    }
    const double width = m_onCriticalPath ? 5.0 : 3.5 + m_width / 2;
    QLineF normal = line.normalVector();
    normal.setLength(width);
    const QPointF offset = normal.p2() - normal.p1();
    return QPolygonF({line.p1() + offset, line.p2(), line.p1() - offset});
}

QRectF ServiceEdgeItem::boundingRect() const
{
    const double margin = std::max(m_width, 4.0) + 6.0;
    return m_path.boundingRect().united(arrowHead().boundingRect()).adjusted(-margin, -margin, margin, margin);
}

QPainterPath ServiceEdgeItem::shape() const
{
    QPainterPathStroker stroker;
    stroker.setWidth(std::max(m_width, 6.0));
    QPainterPath shape = stroker.createStroke(m_path);
    shape.addPolygon(arrowHead());
    return shape;
}

void ServiceEdgeItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*)
{
    const QColor color = m_onCriticalPath ? m_accent : m_color;
    if (option->levelOfDetailFromTransform(painter->worldTransform()) < 0.25) {
        // Far out (thousands of calls in view): aliased hairlines, no arrowheads.
        painter->setRenderHint(QPainter::Antialiasing, false);
        painter->setPen(QPen(color, m_onCriticalPath ? 2 : 0));
        if (m_path.elementCount() == 2) // straight (sfdp): a line is much cheaper than a path
            painter->drawLine(QPointF(m_path.elementAt(0)), QPointF(m_path.elementAt(1)));
        else
            painter->drawPath(m_path);
        painter->setRenderHint(QPainter::Antialiasing, true); // the view paints with DontSavePainterState
        return;
    }
    const double width = m_onCriticalPath ? std::max(4.0, m_width) : m_width;
    painter->setPen(QPen(color, width, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    painter->setBrush(Qt::NoBrush);
    painter->drawPath(m_path);
    painter->setPen(Qt::NoPen);
    painter->setBrush(color);
    painter->drawPolygon(arrowHead());
}

} // namespace orrery::widgets
