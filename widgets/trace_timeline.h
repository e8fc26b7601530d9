#pragma once
#include "widgets/trace_timeline_rows.h"

#include <QAbstractScrollArea>
#include <QColor>

#include <memory>

namespace orrery::trace {
struct Span;
struct TraceSet;
}

namespace orrery::widgets {

//! The span timeline of one trace (docs/architecture.md §8 "TraceView"): one row per span in depth-first
//! order, its name indented by depth on the left, a bar at its start and duration on a time
//! axis, coloured by service. Critical-path spans get a red outline and marker; background
//! (FollowsFrom) spans are hatched.
//!
//! Virtualized: paintEvent draws only the rows in view straight from the span array, so a
//! 100,000-span trace paints as fast as a small one. The wheel scrolls rows; Ctrl+wheel zooms
//! the time axis around the cursor; Shift+wheel and the horizontal scroll bar pan it.
class TraceTimeline : public QAbstractScrollArea {
    Q_OBJECT
public:
    static constexpr int kHeaderHeight = 26;

    explicit TraceTimeline(QWidget* parent = nullptr);

    //! Shows trace `index` of `traces` with its precomputed rows; a null set clears.
    void setTrace(std::shared_ptr<const trace::TraceSet> traces, int index, TraceTimelineRows rows);
    [[nodiscard]] int rowCount() const { return static_cast<int>(m_rows.order.size()); }
    [[nodiscard]] const TraceTimelineRows& rows() const { return m_rows; }
    //! The span index (into Trace::spans) shown on row `row`.
    [[nodiscard]] int spanAtRow(int row) const;
    //! The row at `point` (viewport coordinates), or -1.
    [[nodiscard]] int rowAt(QPoint point) const;
    //! Row `row`'s bar in viewport coordinates (may lie outside the viewport).
    [[nodiscard]] QRect barRect(int row) const;
    [[nodiscard]] QString toolTipText(int row) const;
    //! Spans drawn as on the critical path (indices into Trace::spans, ascending).
    [[nodiscard]] std::vector<std::uint32_t> highlightedSpans() const;
    //! The colour of service `service` (a NameId), stable for a name table.
    [[nodiscard]] static QColor serviceColor(std::uint32_t service);

    //! Nanoseconds per pixel of the time axis; zoomTime() keeps `anchorX` fixed.
    [[nodiscard]] double nsPerPixel() const { return m_nsPerPixel; }
    void zoomTime(double factor, int anchorX);
    //! Fits the whole trace into the width.
    void fitTime();
    //! Scrolls so that row `row` is at the top.
    void scrollToRow(int row);
    [[nodiscard]] int rowHeight() const { return m_rowHeight; }
    [[nodiscard]] int labelWidth() const { return m_labelWidth; }

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void scrollContentsBy(int dx, int dy) override;
    bool viewportEvent(QEvent* event) override;

private:
    void updateScrollBars();
    void paintAxis(QPainter& painter, const QRect& area) const;
    [[nodiscard]] int barAreaWidth() const;
    [[nodiscard]] double xOfNs(std::int64_t ns) const;
    [[nodiscard]] const trace::Span* spanOfRow(int row) const;

    std::shared_ptr<const trace::TraceSet> m_traces;
    int m_traceIndex = -1;
    TraceTimelineRows m_rows;
    double m_nsPerPixel = 1000.0;
    int m_rowHeight = 20;
    int m_labelWidth = 300;
};

} // namespace orrery::widgets
