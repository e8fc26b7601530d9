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
        return m_cluster.nodes()[id].fits(request) && (deviceModel.empty() || m_cluster.hasDeviceModel(id, deviceModel));
    }

    //! The node's contention now: utilization of each shared resource (cpu, memoryBandwidth, llc,
    //! diskIo, networkBandwidth, accelerator; Σ demand / capacity, may exceed 1), indexed by
    //! model::ContendedResource. All zeros where the simulation models no contention.
    [[nodiscard]] const model::PerContendedResource<double>& pressure(std::uint32_t id) const { return m_cluster.pressure(id); }

private:
    const model::Cluster& m_cluster;
};

} // namespace orrery::policy
