#pragma once
#include <QColor>
#include <QGraphicsItem>
#include <QString>

namespace orrery::widgets {

//! One service of ServiceGraphView: a rounded box with the service's name and a second line
//! (its metric), filled by the colour scale; a thick accent outline when on the critical path
//! and a badge when it is a critical component. Paints only a plain box when zoomed far out.
class ServiceNodeItem : public QGraphicsItem {
public:
    static constexpr int Type = UserType + 701;

    ServiceNodeItem(int index, QString name, QSizeF size);

    [[nodiscard]] int type() const override { return Type; }
    [[nodiscard]] QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

    [[nodiscard]] int index() const { return m_index; }
    [[nodiscard]] const QString& name() const { return m_name; }
    void setFill(const QColor& fill, const QColor& text);
    [[nodiscard]] const QColor& fill() const { return m_fill; }
    void setDetail(const QString& detail);
    void setOnCriticalPath(bool on);
    [[nodiscard]] bool isOnCriticalPath() const { return m_onCriticalPath; }
    void setCriticalComponent(bool critical);
    [[nodiscard]] bool isCriticalComponent() const { return m_criticalComponent; }
    void setOutline(const QColor& normal, const QColor& accent);

private:
    int m_index = 0;
    QString m_name;
    QString m_detail;
    QSizeF m_size;
    QColor m_fill;
    QColor m_text;
    QColor m_outline;
    QColor m_accent;
    bool m_onCriticalPath = false;
    bool m_criticalComponent = false;
};

} // namespace orrery::widgets
