#include "env/node_contention.h"

#include "model/cluster.h"
#include "model/scenario.h"

#include <algorithm>
#include <array>
#include <variant>

namespace orrery::env {

NodeContention::NodeContention(std::vector<Vector> capacities, const model::ContentionSpec& spec)
    : m_spec(spec)
{
    m_nodes.resize(capacities.size());
    for (std::size_t n = 0; n < capacities.size(); ++n)
        m_nodes[n].capacity = capacities[n];
}

NodeContention::ResidentId NodeContention::add(std::uint32_t node, const model::ResourceSensitivity& sensitivity, const Vector& limits,
                                               ContentionListener* owner, std::uint64_t tag)
{
    ResidentId id = 0;
    if (m_free.empty()) {
        id = static_cast<ResidentId>(m_residents.size());
        m_residents.emplace_back();
    } else {
        id = m_free.back();
        m_free.pop_back();
    }
    Resident& resident = m_residents[id];
    resident = Resident{};
    resident.node = node;
    resident.live = true;
    resident.sensitivity = sensitivity;
    resident.limits = limits;
    resident.owner = owner;
    resident.tag = tag;
    updateOpenShare(resident);
    updateOwnExcess(resident);
    resident.slot = static_cast<std::uint32_t>(m_nodes[node].residents.size());
    m_nodes[node].residents.push_back(id);
    markDirty(node);
    return id;
}

void NodeContention::remove(ResidentId id)
{
    Resident& resident = m_residents[id];
    Node& node = m_nodes[resident.node];
    // Order-preserving erase: the sum over residents must not depend on removal history
    // beyond the order residents arrived in (determinism of the floating-point sums).
    node.residents.erase(node.residents.begin() + resident.slot);
    for (std::size_t i = resident.slot; i < node.residents.size(); ++i)
        m_residents[node.residents[i]].slot = static_cast<std::uint32_t>(i);
    resident.live = false;
    markDirty(resident.node);
    m_free.push_back(id);
}

void NodeContention::setDemand(ResidentId id, const Vector& demand)
{
    Resident& resident = m_residents[id];
    if (resident.demand == demand)
        return;
    resident.demand = demand;
    if (resident.hasOwnBound)
        updateOwnExcess(resident);
    markDirty(resident.node);
}

void NodeContention::setLimits(ResidentId id, const Vector& limits)
{
    if (m_residents[id].limits == limits)
        return;
    m_residents[id].limits = limits;
    updateOpenShare(m_residents[id]);
    updateOwnExcess(m_residents[id]);
    markDirty(m_residents[id].node);
}

void NodeContention::setFloor(ResidentId id, const Vector& floor)
{
    if (m_residents[id].floor == floor)
        return;
    m_residents[id].floor = floor;
    updateOwnExcess(m_residents[id]);
    markDirty(m_residents[id].node);
}

void NodeContention::refresh(sim::SimTime now)
{
    // Nodes dirtied by an owner's reaction are handled in this same call.
    for (std::size_t d = 0; d < m_dirty.size(); ++d) {
        const std::uint32_t node = m_dirty[d];
        m_nodes[node].dirty = false;
        recomputeNode(node);
        if (m_published)
            m_published->setPressure(node, m_nodes[node].utilization);
        for (std::size_t k = 0; k < m_nodes[node].residents.size(); ++k) {
            Resident& resident = m_residents[m_nodes[node].residents[k]];
            if (resident.slowdown != resident.reported) {
                resident.reported = resident.slowdown;
                if (resident.owner)
                    resident.owner->slowdownChanged(resident.tag, resident.slowdown, now);
            }
        }
    }
    m_dirty.clear();
}

void NodeContention::markDirty(std::uint32_t node)
{
    if (m_nodes[node].dirty)
        return;
    m_nodes[node].dirty = true;
    m_dirty.push_back(node);
}

void NodeContention::updateOpenShare(Resident& resident) const
{
    const Vector& capacity = m_nodes[resident.node].capacity;
    for (std::size_t r = 0; r < capacity.size(); ++r)
        resident.openShare[r] = 1.0 - (capacity[r] > 0.0 ? std::clamp(resident.limits[r] / capacity[r], 0.0, 1.0) : 0.0);
}

void NodeContention::updateOwnExcess(Resident& resident) const
{
    constexpr auto kCpu = static_cast<std::size_t>(model::ContendedResource::Cpu);
    resident.hasOwnExcess = false;
    resident.hasOwnBound = false;
    for (std::size_t r = 0; r < resident.limits.size(); ++r)
        resident.hasOwnBound = resident.hasOwnBound || resident.floor[r] > 0.0 || (r != kCpu && resident.limits[r] > 0.0);
    if (!resident.hasOwnBound) {
        resident.ownExcess = {};
        return;
    }
    for (std::size_t r = 0; r < resident.ownExcess.size(); ++r) {
        const double limit = resident.limits[r];
        double own = resident.floor[r];
        if (r != kCpu && limit > 0.0)
            own = std::max(own, resident.demand[r] / limit);
        resident.ownExcess[r] = own > 0.0 ? m_spec.curves[r].stretch(own) - 1.0 : 0.0;
        resident.hasOwnExcess = resident.hasOwnExcess || resident.ownExcess[r] != 0.0;
    }
}

void NodeContention::recomputeNode(std::uint32_t index)
{
    Node& node = m_nodes[index];
    Vector total{};
    for (const ResidentId id : node.residents) {
        const Resident& resident = m_residents[id];
        for (int r = 0; r < model::kContendedResourceCount; ++r)
            total[static_cast<std::size_t>(r)] += resident.demand[static_cast<std::size_t>(r)];
    }
    // The node's excess stretch per resource, and which resources have any (most have none).
    Vector excess{};
    std::array<std::uint8_t, model::kContendedResourceCount> stretched{};
    std::size_t stretchedCount = 0;
    for (int r = 0; r < model::kContendedResourceCount; ++r) {
        const auto i = static_cast<std::size_t>(r);
        node.utilization[i] = node.capacity[i] > 0.0 ? total[i] / node.capacity[i] : 0.0;
        excess[i] = m_spec.enabled ? m_spec.curves[i].stretch(node.utilization[i]) - 1.0 : 0.0;
        if (excess[i] != 0.0)
            stretched[stretchedCount++] = static_cast<std::uint8_t>(i);
    }
    for (const ResidentId id : node.residents) {
        Resident& resident = m_residents[id];
        double factor = 1.0;
        if (!m_spec.enabled) {
        } else if (!resident.hasOwnExcess) {
            for (std::size_t k = 0; k < stretchedCount; ++k) {
                const std::size_t r = stretched[k];
                factor *= 1.0 + resident.sensitivity.value[r] * (resident.openShare[r] * excess[r] + 0.0);
            }
        } else {
            for (std::size_t r = 0; r < excess.size(); ++r) {
                if (excess[r] == 0.0 && resident.ownExcess[r] == 0.0)
                    continue;
                factor *= 1.0 + resident.sensitivity.value[r] * (resident.openShare[r] * excess[r] + resident.ownExcess[r]);
            }
        }
        resident.slowdown = factor;
    }
}

std::unique_ptr<NodeContention> makeNodeContention(const model::Cluster& cluster, const model::Scenario& scenario)
{
    const model::NodeContendedCapacity* override = nullptr; // the first workload's that sets one
    for (const auto& workload : scenario.workloads) {
        if (const auto* kind = std::get_if<model::KindWorkload>(&workload); kind && !override)
            override = kind->spec->contendedCapacityOverride();
    }
    std::vector<NodeContention::Vector> capacities;
    capacities.reserve(cluster.nodes().size());
    for (const model::Node& node : cluster.nodes()) {
        const model::NodeContendedCapacity& shared = override ? *override : cluster.poolOf(node.id).contended;
        double devices = 0.0;
        for (int k = 0; k < model::kDeviceKindCount; ++k)
            devices += node.capacity.deviceCount(static_cast<model::DeviceKind>(k));
        capacities.push_back({static_cast<double>(node.capacity.millicores) / 1000.0, shared.memoryBandwidthBytesPerSecond,
                              shared.llcWays, shared.diskBytesPerSecond, shared.networkBytesPerSecond, devices});
    }
    return std::make_unique<NodeContention>(std::move(capacities), scenario.contention);
}

} // namespace orrery::env
