#pragma once
#include <QColor>
#include <QGraphicsItem>
#include <QLineF>
#include <QPainterPath>

namespace orrery::widgets {

//! One call of ServiceGraphView: the routed Graphviz path with an arrowhead at the callee,
//! its width and colour set by the call rate, thick and in the accent colour on the critical path.
class ServiceEdgeItem : public QGraphicsItem {
public:
    static constexpr int Type = UserType + 702;

    ServiceEdgeItem(int index, QPainterPath path, QLineF arrow);

    [[nodiscard]] int type() const override { return Type; }
    [[nodiscard]] QRectF boundingRect() const override;
    [[nodiscard]] QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

    [[nodiscard]] int index() const { return m_index; }
    void setPen(const QColor& color, double width);
    [[nodiscard]] const QColor& color() const { return m_color; }
    [[nodiscard]] double width() const { return m_width; }
    void setOnCriticalPath(bool on, const QColor& accent);
    [[nodiscard]] bool isOnCriticalPath() const { return m_onCriticalPath; }

private:
    [[nodiscard]] QPolygonF arrowHead() const;

    int m_index = 0;
    QPainterPath m_path;
    QLineF m_arrow;
    QColor m_color = Qt::gray;
    QColor m_accent = Qt::red;
    double m_width = 1.0;
    bool m_onCriticalPath = false;
};

} // namespace orrery::widgets
