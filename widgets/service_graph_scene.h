#pragma once
#include "widgets/cluster_color_scale.h"
#include "widgets/graph_layout.h"
#include "widgets/service_graph_data.h"

#include <QGraphicsScene>
#include <QPalette>

#include <vector>

namespace orrery::widgets {

class ServiceEdgeItem;
class ServiceNodeItem;

//! What ServiceGraphView colours its services by.
enum class ServiceColorMode { P99Latency, Utilization };

//! The items of a laid-out service graph (ServiceNodeItem, ServiceEdgeItem) and their styling:
//! nodes filled by p99 latency (log scale between the graph's extremes) or utilization
//! (0–100 %), calls wider and darker with their rate, the critical path in the accent colour.
class ServiceGraphScene : public QGraphicsScene {
    Q_OBJECT
public:
    //! The critical path's colour: a red that no step of the node colour scale comes near.
    static QColor accentColor() { return QColor(0xd6, 0x27, 0x28); }
    static constexpr double kNodeHeight = 40.0;

    explicit ServiceGraphScene(QObject* parent = nullptr);

    //! Box sizes for `data`'s services (wide enough for their names in `font`), for the layout.
    [[nodiscard]] static std::vector<QSizeF> nodeSizes(const ServiceGraphData& data, const QFont& font);

    //! Replaces the items with `data` placed by `layout` (from nodeSizes(data)) and styles them.
    void build(const ServiceGraphData& data, const GraphLayoutResult& layout);
    //! Restyles the items for new statistics or critical path of the same services and calls.
    void restyle(const ServiceGraphData& data);
    void setColorMode(ServiceColorMode mode);
    [[nodiscard]] ServiceColorMode colorMode() const { return m_mode; }
    void setPalette(const QPalette& palette);

    [[nodiscard]] const ServiceGraphData& data() const { return m_data; }
    [[nodiscard]] ServiceNodeItem* node(int index) const { return m_nodes.at(static_cast<std::size_t>(index)); }
    [[nodiscard]] ServiceEdgeItem* edge(int index) const { return m_edges.at(static_cast<std::size_t>(index)); }
    [[nodiscard]] int nodeCount() const { return static_cast<int>(m_nodes.size()); }
    [[nodiscard]] int edgeCount() const { return static_cast<int>(m_edges.size()); }
    //! Lowest and highest value of the colour metric over the services that have one.
    [[nodiscard]] std::optional<std::pair<double, double>> colorRange() const;
    [[nodiscard]] const ClusterColorScale& colorScale() const { return m_scale; }
    //! The rich-text tooltip and details of service `index`.
    [[nodiscard]] QString serviceDetails(int index) const;

private:
    void applyStyle();
    [[nodiscard]] QString callDetails(const ServiceGraphData::Call& call) const;

    ServiceGraphData m_data;
    std::vector<ServiceNodeItem*> m_nodes; //!< owned by the scene
    std::vector<ServiceEdgeItem*> m_edges;
    ServiceColorMode m_mode = ServiceColorMode::P99Latency;
    ClusterColorScale m_scale;
    QPalette m_palette;
};

} // namespace orrery::widgets
