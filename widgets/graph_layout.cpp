#include "widgets/graph_layout.h"

#include <graphviz/gvc.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cmath>
#include <mutex>
#include <string>

namespace orrery::widgets {
namespace {

// Graphviz keeps global state (the current graph, memory pools); one layout at a time.
std::mutex& graphvizMutex()
{
    static std::mutex mutex;
    return mutex;
}

// One context for the process: creating it loads the plugin configuration, which is slow.
// Only used under graphvizMutex().
GVC_t* graphvizContext()
{
    static GVC_t* context = gvContext();
    return context;
}

char* cstr(const char* text) { return const_cast<char*>(text); } // cgraph takes char* it never writes

void setGraphAttribute(Agraph_t* graph, const char* name, const char* value)
{
    agattr(graph, AGRAPH, cstr(name), cstr(value));
}

constexpr double kPointsPerInch = 72.0;

//! Where the segment from `outside` to the centre of `box` crosses the box's border.
QPointF borderPoint(QPointF outside, const QRectF& box)
{
    const QPointF d = outside - box.center();
    const double sx = d.x() != 0.0 ? box.width() / 2.0 / std::abs(d.x()) : 1e300;
    const double sy = d.y() != 0.0 ? box.height() / 2.0 / std::abs(d.y()) : 1e300;
    const double s = std::min({sx, sy, 1.0});
    return box.center() + d * s;
}

//! A straight edge between two boxes' borders, for engines or edges without routed splines.
void straightEdge(const QRectF& from, const QRectF& to, QPainterPath& path, QLineF& arrow)
{
    const QPointF start = borderPoint(to.center(), from);
    const QPointF tip = borderPoint(from.center(), to);
    const QLineF line(start, tip);
    const QPointF end = line.length() > 12.0 ? line.pointAt(1.0 - 8.0 / line.length()) : tip;
    path = QPainterPath(start);
    path.lineTo(end);
    arrow = QLineF(end, tip);
}

} // namespace

GraphLayoutResult layoutGraph(const GraphLayoutRequest& request)
{
    GraphLayoutResult result;
    const int nodeCount = static_cast<int>(request.nodeSizes.size());
    const bool useDot = nodeCount <= kDotNodeLimit;
    result.engine = useDot ? QStringLiteral("dot") : QStringLiteral("sfdp");
    if (nodeCount == 0)
        return result;

    const std::lock_guard lock(graphvizMutex());
    GVC_t* context = graphvizContext();
    if (!context) {
        result.error = QStringLiteral("Graphviz could not be initialised");
        return result;
    }
    Agraph_t* graph = agopen(cstr("g"), Agdirected, nullptr);
    if (useDot) {
        setGraphAttribute(graph, "rankdir", request.leftToRight ? "LR" : "TB");
        setGraphAttribute(graph, "splines", "true");
        setGraphAttribute(graph, "nodesep", "0.3");
        setGraphAttribute(graph, "ranksep", "0.6");
        if (nodeCount > 300) { // fewer crossing-minimisation and network-simplex passes
            setGraphAttribute(graph, "mclimit", "0.3");
            setGraphAttribute(graph, "nslimit", "0.5");
            setGraphAttribute(graph, "nslimit1", "0.5");
        }
    } else {
        setGraphAttribute(graph, "splines", "false");
        setGraphAttribute(graph, "overlap", "scale"); // prism overlap removal takes ~9 s at 5,000 nodes
    }
    agattr(graph, AGNODE, cstr("shape"), cstr("box"));
    agattr(graph, AGNODE, cstr("fixedsize"), cstr("true"));
    agattr(graph, AGNODE, cstr("label"), cstr(""));
    Agsym_t* width = agattr(graph, AGNODE, cstr("width"), cstr("1"));
    Agsym_t* height = agattr(graph, AGNODE, cstr("height"), cstr("0.5"));

    std::vector<Agnode_t*> nodes(request.nodeSizes.size());
    for (int i = 0; i < nodeCount; ++i) {
        std::array<char, 24> name{}; // "n<index>" (operator+ on std::string trips GCC 12's -Wrestrict)
        std::snprintf(name.data(), name.size(), "n%d", i);
        nodes[i] = agnode(graph, name.data(), 1);
        const QSizeF size = request.nodeSizes[i];
        agxset(nodes[i], width, cstr(std::to_string(size.width() / kPointsPerInch).c_str()));
        agxset(nodes[i], height, cstr(std::to_string(size.height() / kPointsPerInch).c_str()));
    }
    std::vector<Agedge_t*> edges(request.edges.size(), nullptr);
    for (std::size_t i = 0; i < request.edges.size(); ++i) {
        const auto [from, to] = request.edges[i];
        if (from >= 0 && from < nodeCount && to >= 0 && to < nodeCount)
            edges[i] = agedge(graph, nodes[from], nodes[to], nullptr, 1);
    }

    if (gvLayout(context, graph, useDot ? "dot" : "sfdp") != 0) {
        result.error = QStringLiteral("Graphviz %1 layout failed").arg(result.engine);
        agclose(graph);
        return result;
    }
    // Graphviz: points, y up. Scene: y down, origin at the top left.
    const boxf bb = GD_bb(graph);
    const auto toScene = [&bb](pointf p) { return QPointF(p.x - bb.LL.x, bb.UR.y - p.y); };
    result.bounds = QRectF(0, 0, bb.UR.x - bb.LL.x, bb.UR.y - bb.LL.y);
    result.nodeCentres.reserve(nodes.size());
    for (Agnode_t* node : nodes)
        result.nodeCentres.push_back(toScene(ND_coord(node)));
    result.edgePaths.resize(edges.size());
    result.arrows.resize(edges.size());
    for (std::size_t i = 0; i < edges.size(); ++i) {
        const auto [from, to] = request.edges[i];
        if (!edges[i])
            continue;
        const splines* routed = ED_spl(edges[i]);
        if (!routed || routed->size == 0 || routed->list[0].size < 4) {
            const auto box = [&](int node) {
                const QSizeF size = request.nodeSizes[node];
                return QRectF(result.nodeCentres[node] - QPointF(size.width() / 2, size.height() / 2), size);
            };
            straightEdge(box(from), box(to), result.edgePaths[i], result.arrows[i]);
            continue;
        }
        QPainterPath path;
        for (int b = 0; b < routed->size; ++b) {
            const bezier& curve = routed->list[b];
            path.moveTo(toScene(curve.list[0]));
            for (int p = 1; p + 2 < curve.size; p += 3)
                path.cubicTo(toScene(curve.list[p]), toScene(curve.list[p + 1]), toScene(curve.list[p + 2]));
        }
        result.edgePaths[i] = path;
        const bezier& last = routed->list[routed->size - 1];
        result.arrows[i] = last.eflag ? QLineF(toScene(last.list[last.size - 1]), toScene(last.ep))
                                      : QLineF(path.currentPosition(), path.currentPosition());
    }
    gvFreeLayout(context, graph);
    agclose(graph);
    return result;
}

} // namespace orrery::widgets
