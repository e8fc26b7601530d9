#include "model/cluster.h"
#include "model/device_model_match.h"

#include <stdexcept>

namespace orrery::model {

Cluster::Cluster(ClusterSpec spec)
    : m_spec(std::move(spec))
{
    m_nodes.reserve(static_cast<std::size_t>(m_spec.nodeCount()));
    for (std::uint32_t poolIndex = 0; poolIndex < m_spec.pools.size(); ++poolIndex) {
        const NodePoolSpec& pool = m_spec.pools[poolIndex];
        const Resources capacity = pool.nodeCapacity();
        for (int i = 0; i < pool.count; ++i) {
            Node node;
            node.id = static_cast<std::uint32_t>(m_nodes.size());
            node.pool = poolIndex;
            node.name = pool.name + '-' + std::to_string(i);
            node.capacity = capacity;
            m_totalCapacity += capacity;
            m_nodes.push_back(std::move(node));
        }
    }
}

bool Cluster::hasDeviceModel(std::uint32_t nodeId, const std::string& deviceModel) const
{
    if (deviceModel.empty())
        return true;
    for (const auto& device : poolOf(nodeId).devices) {
        if (deviceModelAccepts(deviceModel, device.model))
            return true;
    }
    return false;
}

bool Cluster::allocate(std::uint32_t nodeId, const Resources& request)
{
    Node& node = m_nodes.at(nodeId);
    if (!node.fits(request))
        return false;
    node.allocated += request;
    m_totalAllocated += request;
    return true;
}

void Cluster::release(std::uint32_t nodeId, const Resources& request)
{
    Node& node = m_nodes.at(nodeId);
    if (!node.allocated.covers(request))
        throw std::logic_error("Cluster::release: releasing more than node " + node.name + " holds");
    node.allocated -= request;
    m_totalAllocated -= request;
}

double Cluster::pricePerHourUsd() const
{
    double total = 0.0;
    for (const auto& pool : m_spec.pools)
        total += pool.pricePerHourUsd * pool.count;
    return total;
}

const PerContendedResource<double>& Cluster::pressure(std::uint32_t nodeId) const
{
    static const PerContendedResource<double> kNone{};
    return nodeId < m_pressure.size() ? m_pressure[nodeId] : kNone;
}

void Cluster::setPressure(std::uint32_t nodeId, const PerContendedResource<double>& utilization)
{
    if (m_pressure.size() != m_nodes.size())
        m_pressure.assign(m_nodes.size(), PerContendedResource<double>{});
    m_pressure.at(nodeId) = utilization;
}

} // namespace orrery::model
