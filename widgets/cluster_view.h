#pragma once
#include "widgets/cluster_color_scale.h"
#include "widgets/cluster_snapshot.h"
#include "widgets/cluster_tile_layout.h"

#include <QAbstractScrollArea>

namespace orrery::widgets {

//! The nodes of a cluster as small coloured tiles (docs/architecture.md §8 "ClusterView"), one titled
//! band per pool naming its devices, coloured by CPU, memory or GPU utilization (or power,
//! which shows "no data" until the power model lands), with a 0–100 % legend on top.
//!
//! Painted directly with QPainter, only the rows in view, from a grid layout
//! (ClusterTileLayout), so 10,000 nodes paint in a few milliseconds. Hovering a tile
//! highlights it and its tooltip gives the node's pool, devices and used/capacity figures.
//! Coloured by GPU, a node whose GPUs are listed one by one (a run that shares GPUs by fraction)
//! is drawn as one column per GPU filled to the milli-GPU held, so a fragment shows as a column
//! partly filled; its tooltip lists each GPU.
//! The mouse wheel zooms (tile size 3–40 px) keeping the row under the cursor in place;
//! Shift+wheel and the scroll bar scroll. The context menu picks the metric. Background and
//! text follow the palette, so dark mode works.
class ClusterView : public QAbstractScrollArea {
    Q_OBJECT
public:
    static constexpr int kMinTileSize = 3;
    static constexpr int kMaxTileSize = 40;
    static constexpr int kLegendHeight = 32;
    //! Tooltip lines of GPUs listed one by one, at most.
    static constexpr std::size_t kToolTipGpus = 16;
    //! Where on the colour scale a shared GPU's held part is drawn (whole GPUs take the top).
    static constexpr double kSharedGpuShade = 0.6;

    explicit ClusterView(QWidget* parent = nullptr);

    void setSnapshot(ClusterSnapshot snapshot);
    [[nodiscard]] const ClusterSnapshot& snapshot() const { return m_snapshot; }

    void setMetric(ClusterMetric metric);
    [[nodiscard]] ClusterMetric metric() const { return m_metric; }
    //! The user-visible name of `metric` ("CPU", "Memory", "GPU", "Power").
    [[nodiscard]] static QString metricName(ClusterMetric metric);

    //! Sets the tile size (clamped to 3–40 px) and lays out again.
    void setTileSize(int pixels);
    //! Zooms by `steps` wheel notches (positive: bigger tiles) keeping the node under
    //! `anchor` (viewport coordinates) at the same height in the viewport.
    void zoom(double steps, QPoint anchor);
    [[nodiscard]] int tileSize() const { return m_tileSize; }

    //! The node whose tile is at `point` (viewport coordinates), or -1.
    [[nodiscard]] int nodeAt(QPoint point) const;
    //! Node `node`'s tile in viewport coordinates.
    [[nodiscard]] QRect tileRect(int node) const;
    //! The colour node `node` is painted with under the current metric.
    [[nodiscard]] QColor tileColor(int node) const;
    //! The hover text of node `node` (rich text).
    [[nodiscard]] QString toolTipText(int node) const;
    //! The title drawn over pool `pool`'s band.
    [[nodiscard]] QString poolLabel(std::uint32_t pool) const;
    [[nodiscard]] const ClusterTileLayout& tileLayout() const { return m_layout; }
    [[nodiscard]] const ClusterColorScale& colorScale() const { return m_scale; }
    //! The colour of a shared GPU's held part (whole GPUs are colorScale().top()).
    [[nodiscard]] QColor sharedGpuColor() const;

    [[nodiscard]] QSize sizeHint() const override;

signals:
    void metricChanged(orrery::widgets::ClusterMetric metric);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    void scrollContentsBy(int dx, int dy) override;
    bool viewportEvent(QEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void relayout();
    void paintLegend(QPainter& painter) const;
    [[nodiscard]] QString deviceText(const ClusterSnapshot::Device& device) const;
    [[nodiscard]] QString kindName(model::DeviceKind kind) const;
    //! The tooltip line of one GPU of a node whose GPUs are listed.
    [[nodiscard]] QString gpuText(int index, const model::GpuShare& gpu) const;
    //! Draws a node's GPUs as columns filled to the share held; false (nothing drawn) when the
    //! tile is too small for one pixel per GPU.
    bool paintGpuColumns(QPainter& painter, const QRect& tile, const ClusterSnapshot::Node& node) const;

    ClusterSnapshot m_snapshot;
    ClusterTileLayout m_layout;
    ClusterColorScale m_scale;
    ClusterMetric m_metric = ClusterMetric::Cpu;
    int m_tileSize = 8;
    int m_hovered = -1;
};

} // namespace orrery::widgets
