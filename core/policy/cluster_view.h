#pragma once
#include "model/cluster.h"

#include <cstdint>
#include <string>

namespace orrery::policy {

//! Read-only view of a cluster handed to policies; they cannot allocate through it.
class ClusterView {
public:
    explicit ClusterView(const model::Cluster& cluster)
        : m_cluster(cluster)
    {
    }

    [[nodiscard]] std::uint32_t nodeCount() const { return static_cast<std::uint32_t>(m_cluster.nodes().size()); }
    [[nodiscard]] const model::Node& node(std::uint32_t id) const { return m_cluster.nodes()[id]; }
    [[nodiscard]] const model::NodePoolSpec& poolOf(std::uint32_t id) const { return m_cluster.poolOf(id); }

    //! Whether `request` (including its device-model constraint) fits the node's free resources now.
    [[nodiscard]] bool fits(std::uint32_t id, const model::Resources& request, const std::string& deviceModel) const
    {
        return m_cluster.nodes()[id].available().covers(request) && m_cluster.hasDeviceModel(id, deviceModel);
    }

private:
    const model::Cluster& m_cluster;
};

} // namespace orrery::policy
