#pragma once
#include <QLineF>
#include <QPainterPath>
#include <QPointF>
#include <QRectF>
#include <QSizeF>
#include <QString>

#include <utility>
#include <vector>

namespace orrery::widgets {

//! What to lay out: boxes of a given size and directed edges between them (indices into nodes).
struct GraphLayoutRequest {
    std::vector<QSizeF> nodeSizes;               //!< width × height of each node box, in scene units
    std::vector<std::pair<int, int>> edges;      //!< (from, to)
    bool leftToRight = true;                     //!< rank direction of the layered (dot) layout
};

//! Where everything went, in scene coordinates (y down, origin at the top left of `bounds`).
struct GraphLayoutResult {
    QRectF bounds;
    std::vector<QPointF> nodeCentres;            //!< parallel to GraphLayoutRequest::nodeSizes
    std::vector<QPainterPath> edgePaths;         //!< parallel to GraphLayoutRequest::edges
    //! The arrowhead of each edge: from the end of its path to the tip at the target's border.
    std::vector<QLineF> arrows;
    QString engine;                              //!< the Graphviz engine that ran ("dot", "sfdp")
    QString error;                               //!< set when the layout failed; the rest is empty
};

//! Graphs up to this many nodes get Graphviz `dot` (layered, spline edges); larger ones get
//! `sfdp` (force-directed, straight edges), since dot needs ~10 s for 5,000 nodes.
inline constexpr int kDotNodeLimit = 1500;

//! Lays out `request` with Graphviz (libgvc). Safe to call from any thread: calls are serialized
//! by one process-wide mutex, because Graphviz keeps global state and is not re-entrant.
[[nodiscard]] GraphLayoutResult layoutGraph(const GraphLayoutRequest& request);

} // namespace orrery::widgets
