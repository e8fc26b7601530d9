#include "widgets/service_node_item.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

namespace orrery::widgets {
namespace {
constexpr double kRadius = 6.0;
constexpr double kBadge = 14.0;
} // namespace

ServiceNodeItem::ServiceNodeItem(int index, QString name, QSizeF size)
    : m_index(index)
    , m_name(std::move(name))
    , m_size(size)
    , m_fill(Qt::lightGray)
    , m_text(Qt::black)
    , m_outline(Qt::darkGray)
    , m_accent(Qt::red)
{
    setFlag(ItemIsSelectable);
    setAcceptHoverEvents(true);
    setZValue(1);
}

QRectF ServiceNodeItem::boundingRect() const
{
    const QRectF box(-m_size.width() / 2, -m_size.height() / 2, m_size.width(), m_size.height());
    return box.adjusted(-4, -kBadge / 2 - 2, kBadge / 2 + 2, 4);
}

void ServiceNodeItem::setFill(const QColor& fill, const QColor& text)
{
    m_fill = fill;
    m_text = text;
    update();
}

void ServiceNodeItem::setDetail(const QString& detail)
{
    m_detail = detail;
    update();
}

void ServiceNodeItem::setOnCriticalPath(bool on)
{
    m_onCriticalPath = on;
    setZValue(on ? 3 : 1);
    update();
}

void ServiceNodeItem::setCriticalComponent(bool critical)
{
    m_criticalComponent = critical;
    update();
}

void ServiceNodeItem::setOutline(const QColor& normal, const QColor& accent)
{
    m_outline = normal;
    m_accent = accent;
    update();
}

void ServiceNodeItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*)
{
    const QRectF box(-m_size.width() / 2, -m_size.height() / 2, m_size.width(), m_size.height());
    const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
    const bool selected = isSelected();
    QPen pen(m_onCriticalPath ? m_accent : m_outline, m_onCriticalPath ? 3.5 : (selected ? 2.5 : 1.0));
    if (selected && !m_onCriticalPath)
        pen.setColor(m_outline.lightness() > 128 ? QColor(Qt::white) : QColor(Qt::black));
    painter->setPen(pen);
    painter->setBrush(m_fill);
    if (lod < 0.25) { // far out: a plain aliased box, no text (5,000 nodes stay fast)
        painter->setRenderHint(QPainter::Antialiasing, false);
        painter->fillRect(box, m_onCriticalPath ? m_accent : m_fill);
        painter->setRenderHint(QPainter::Antialiasing, true); // the view paints with DontSavePainterState
        return;
    }
    painter->save(); // few nodes are this large on screen at once
    painter->drawRoundedRect(box, kRadius, kRadius);
    if (selected && m_onCriticalPath) {
        painter->setPen(QPen(m_outline, 1.0, Qt::DashLine));
        painter->setBrush(Qt::NoBrush);
        painter->drawRoundedRect(box.adjusted(-4, -4, 4, 4), kRadius + 2, kRadius + 2);
    }
    painter->setPen(m_text);
    QFont font = painter->font();
    const QRectF inner = box.adjusted(6, 2, -6, -2);
    if (m_detail.isEmpty()) {
        painter->drawText(inner, Qt::AlignCenter, m_name);
    } else {
        font.setBold(true);
        painter->setFont(font);
        painter->drawText(QRectF(inner.left(), inner.top(), inner.width(), inner.height() / 2),
                          Qt::AlignHCenter | Qt::AlignBottom, m_name);
        font.setBold(false);
        painter->setFont(font);
        painter->drawText(QRectF(inner.left(), inner.center().y(), inner.width(), inner.height() / 2),
                          Qt::AlignHCenter | Qt::AlignTop, m_detail);
    }
    if (m_criticalComponent) { // a badge on the top-right corner
        const QRectF badge(box.right() - kBadge / 2, box.top() - kBadge / 2, kBadge, kBadge);
        painter->setPen(QPen(Qt::white, 1.5));
        painter->setBrush(m_accent);
        painter->drawEllipse(badge);
        font.setBold(true);
        painter->setFont(font);
        painter->drawText(badge, Qt::AlignCenter, QStringLiteral("!"));
    }
    painter->restore();
}

} // namespace orrery::widgets
