#pragma once
#include "model/contended_resource.h"
#include "model/node_pool_spec.h"
#include "model/resources.h"

#include <cstdint>
#include <string>
#include <vector>

namespace orrery::model {

//! One machine at run time: what it has and what running tasks hold.
struct Node {
    std::uint32_t id = 0;
    std::uint32_t pool = 0;  //!< index into Cluster::pools()
    std::string name;        //!< "<pool>-<index>"
    Resources capacity;
    Resources allocated;

    [[nodiscard]] Resources available() const { return capacity - allocated; }
    //! available().covers(request), component by component, stopping at the first that does not
    //! fit (placement scans call it for every node they pass over).
    [[nodiscard]] bool fits(const Resources& request) const
    {
        if (request.millicores > capacity.millicores - allocated.millicores ||
            request.memoryBytes > capacity.memoryBytes - allocated.memoryBytes)
            return false;
        for (int i = 0; i < kDeviceKindCount; ++i) {
            if (request.devices[i] > capacity.devices[i] - allocated.devices[i])
                return false;
        }
        return true;
    }
};

//! The nodes of a cluster built from its pools, with resource accounting.
class Cluster {
public:
    explicit Cluster(ClusterSpec spec);

    [[nodiscard]] const std::vector<Node>& nodes() const { return m_nodes; }
    [[nodiscard]] const Node& node(std::uint32_t id) const { return m_nodes.at(id); }
    [[nodiscard]] const std::vector<NodePoolSpec>& pools() const { return m_spec.pools; }
    [[nodiscard]] const NodePoolSpec& poolOf(std::uint32_t nodeId) const { return m_spec.pools.at(m_nodes.at(nodeId).pool); }

    //! True when the node's devices include `deviceModel` (or the model is empty); "A|B" accepts
    //! either model (the Alibaba trace's gpu_spec).
    [[nodiscard]] bool hasDeviceModel(std::uint32_t nodeId, const std::string& deviceModel) const;

    //! Reserves `request` on a node; returns false (and changes nothing) if it does not fit.
    bool allocate(std::uint32_t nodeId, const Resources& request);
    //! Returns what allocate() reserved. Throws if it would drive allocation negative.
    void release(std::uint32_t nodeId, const Resources& request);

    [[nodiscard]] Resources totalCapacity() const { return m_totalCapacity; }
    [[nodiscard]] Resources totalAllocated() const { return m_totalAllocated; }
    //! Utilization of each shared resource of a node (Σ demand / capacity, indexed by
    //! ContendedResource) as the contention model last computed it; zeros when it never ran.
    [[nodiscard]] const PerContendedResource<double>& pressure(std::uint32_t nodeId) const;
    void setPressure(std::uint32_t nodeId, const PerContendedResource<double>& utilization);

    //! Sum over nodes of their pool's hourly price.
    [[nodiscard]] double pricePerHourUsd() const;

private:
    ClusterSpec m_spec;
    std::vector<Node> m_nodes;
    Resources m_totalCapacity;
    Resources m_totalAllocated;
    std::vector<PerContendedResource<double>> m_pressure; //!< sized on first setPressure
};

} // namespace orrery::model
