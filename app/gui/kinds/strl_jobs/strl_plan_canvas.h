#pragma once
#include "gui/kinds/strl_jobs/strl_plan_data.h"

#include <QAbstractScrollArea>
#include <QColor>

#include <memory>
#include <vector>

namespace orrery::app {

//! The space-time plan of a strl-jobs run, painted directly (no scene graph; ~10,000 blocks paint
//! in a few milliseconds, docs/gui.md): nodes as rows grouped by rack (GPU nodes marked), simulated
//! time across; executed placements as filled blocks in their job type's colour, the selected
//! cycle's planned future placements as hatched, dashed-outlined blocks on top, and a line at the
//! cycle's time. Executed blocks that started after the selected cycle are faded.
//!
//! The time axis zooms (Ctrl+wheel around the pointer, +/−, zoomIn/zoomOut, fitTime) and scrolls
//! (the horizontal scroll bar, Shift+wheel); the rows scroll vertically when they do not fit.
//! Hovering a block shows its job, type, nodes, start, end and slowdown; clicking selects its job.
class StrlPlanCanvas : public QAbstractScrollArea {
    Q_OBJECT
public:
    //! A block on the canvas: data.executed[index], or data.planned[index] when `planned`.
    struct BlockRef {
        bool planned = false;
        int index = -1;
        [[nodiscard]] bool valid() const { return index >= 0; }
        bool operator==(const BlockRef&) const = default;
    };

    static constexpr int kGutterWidth = 170; //!< rack and node names
    static constexpr int kAxisHeight = 26;   //!< time axis along the top

    explicit StrlPlanCanvas(QWidget* parent = nullptr);

    void setData(std::shared_ptr<const StrlPlanRunData> data);
    //! Shows the planned placements of cycle `cycle` (index into data.cycles; -1: none).
    void setCycle(int cycle);
    [[nodiscard]] int cycle() const { return m_cycle; }
    //! Outlines every block of `job` (empty: none).
    void setSelectedJob(const QString& job);
    [[nodiscard]] QString selectedJob() const { return m_selectedJob; }

    [[nodiscard]] double pixelsPerSecond() const { return m_pixelsPerSecond; }
    //! Zooms the time axis by `factor` keeping the time under viewport x `anchorX` in place.
    void zoomBy(double factor, double anchorX);
    void zoomIn();
    void zoomOut();
    //! The whole run across the width.
    void fitTime();
    //! The simulated seconds at the left and right edges of the plot.
    [[nodiscard]] double visibleFrom() const;
    [[nodiscard]] double visibleTo() const;
    [[nodiscard]] int rowHeight() const { return m_rowHeight; }

    //! The topmost block under viewport point `pos` (planned blocks are drawn over executed ones).
    [[nodiscard]] BlockRef blockAt(const QPoint& pos) const;
    //! Where block `ref` is drawn on its `part`-th node row, in viewport coordinates (empty: no such row).
    [[nodiscard]] QRectF blockRect(BlockRef ref, int part = 0) const;
    [[nodiscard]] QString toolTipFor(BlockRef ref) const;
    [[nodiscard]] const StrlPlanRunData::Block* block(BlockRef ref) const;

    //! A job type's colour (the legend's).
    static QColor typeColor(const QString& type);
    //! Paints the canvas for a viewport of `size` (what paintEvent does; public for the benchmark).
    void render(QPainter& painter, const QSize& size) const;

signals:
    //! A block was clicked: `planned` and `index` as in BlockRef.
    void blockClicked(const QString& job, bool planned, int index);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    bool viewportEvent(QEvent* event) override;
    void scrollContentsBy(int dx, int dy) override;

private:
    void updateScrollBars();
    [[nodiscard]] double minPixelsPerSecond() const;
    [[nodiscard]] double xOf(double seconds) const;
    [[nodiscard]] double timeAt(double x) const;
    [[nodiscard]] double yOf(int row) const;
    [[nodiscard]] bool hits(const StrlPlanRunData::Block& block, const QPoint& pos) const;
    void drawBlocks(QPainter& painter, const QSize& size) const;
    void drawGutter(QPainter& painter, const QSize& size) const;
    void drawAxis(QPainter& painter, const QSize& size) const;

    std::shared_ptr<const StrlPlanRunData> m_data;
    int m_cycle = -1;
    QString m_selectedJob;
    double m_pixelsPerSecond = 1.0;
    bool m_fitted = true; //!< keep the whole run across the width when resized
    int m_rowHeight = 20;
};

} // namespace orrery::app
