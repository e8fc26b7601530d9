#pragma once
#include <QGraphicsView>

namespace orrery::widgets {

class ServiceGraphScene;

//! The QGraphicsView of ServiceGraphView: drag pans, the wheel zooms around the cursor, F fits
//! the graph, and a legend (colour scale, critical path, critical component) is drawn on top.
class ServiceGraphCanvas : public QGraphicsView {
    Q_OBJECT
public:
    static constexpr double kMinScale = 0.02;
    static constexpr double kMaxScale = 8.0;

    explicit ServiceGraphCanvas(ServiceGraphScene* scene, QWidget* parent = nullptr);

    //! Scales by `factor` (clamped to kMinScale–kMaxScale) keeping scene point under `anchor` in place.
    void zoomBy(double factor, QPoint anchor);
    //! Fits the whole graph into the viewport (never magnifying beyond 1:1).
    void fitAll();
    [[nodiscard]] double zoomFactor() const;

signals:
    void zoomChanged(double factor);

protected:
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void drawForeground(QPainter* painter, const QRectF& rect) override;

private:
    void paintLegend(QPainter& painter) const;

    ServiceGraphScene* m_scene = nullptr;
};

} // namespace orrery::widgets
