#include "live/live_placement.h"

#include "live/snapshot_node_pools.h"
#include "model/cluster.h"
#include "policy/cluster_view.h"

#include <algorithm>

namespace orrery::live {
namespace {

//! What a node offers pods: status.allocatable, or status.capacity where allocatable is absent.
const model::Resources& offered(const KubeNode& node)
{
    return node.allocatable.millicores == 0 && node.allocatable.memoryBytes == 0 ? node.capacity : node.allocatable;
}

//! `requested` capped at what the node offers, so an over-committed node shows as full.
model::Resources held(const model::Resources& requested, const model::Resources& capacity)
{
    model::Resources result = requested;
    result.millicores = std::min(result.millicores, capacity.millicores);
    result.memoryBytes = std::min(result.memoryBytes, capacity.memoryBytes);
    for (int kind = 0; kind < model::kDeviceKindCount; ++kind)
        result.devices[kind] = std::min(result.devices[kind], capacity.devices[kind]);
    return result;
}

} // namespace

LiveSchedulingState::LiveSchedulingState(std::vector<KubeNode> nodes, const std::vector<KubePod>& pods)
    : m_nodes(std::move(nodes))
    , m_usage(nodeUsage(pods))
{
}

NodeUsage LiveSchedulingState::usage(const std::string& node) const
{
    const auto found = m_usage.find(node);
    return found == m_usage.end() ? NodeUsage{} : found->second;
}

void LiveSchedulingState::assume(const KubePod& pod, const std::string& node)
{
    NodeUsage& usage = m_usage[node];
    usage.requested += podRequest(pod);
    ++usage.pods;
}

LivePlacement LiveSchedulingState::place(const KubePod& pod, policy::PlacementPolicy& policy)
{
    LivePlacement result;
    std::vector<std::size_t> feasible;
    std::map<std::string, int> reasons;
    for (std::size_t i = 0; i < m_nodes.size(); ++i) {
        const std::vector<std::string> why = unfitReasons(m_nodes[i], usage(m_nodes[i].meta.name), pod);
        if (why.empty())
            feasible.push_back(i);
        for (const std::string& reason : why)
            ++reasons[reason];
    }
    result.feasibleNodes = feasible.size();
    if (feasible.empty()) {
        result.reason = "Unschedulable";
        result.message = unschedulableMessage(m_nodes.size(), reasons);
        return result;
    }

    model::ClusterSpec spec;
    for (const std::size_t i : feasible) {
        const KubeNode& node = m_nodes[i];
        model::NodePoolSpec pool;
        pool.name = node.meta.name;
        pool.count = 1;
        pool.millicores = offered(node).millicores;
        pool.memoryBytes = offered(node).memoryBytes;
        if (const int gpus = offered(node).deviceCount(model::DeviceKind::Gpu); gpus > 0)
            pool.devices.push_back({model::DeviceKind::Gpu, gpuModelFromLabels(node.meta.labels, nullptr), gpus});
        pool.labels = node.meta.labels;
        spec.pools.push_back(std::move(pool));
    }
    model::Cluster cluster(spec);
    for (std::uint32_t n = 0; n < feasible.size(); ++n) {
        const KubeNode& node = m_nodes[feasible[n]];
        cluster.allocate(n, held(usage(node.meta.name).requested, offered(node)));
    }

    policy::PendingUnit unit;
    unit.id = m_decisions++;
    unit.workload = pod.meta.nameSpace;
    unit.service = pod.ownerName.empty() ? pod.meta.name : pod.ownerName;
    unit.request = podRequest(pod);
    unit.declaredCompute = unit.request.deviceCount(model::DeviceKind::Gpu) > 0 ? model::ComputeKind::Gpu : model::ComputeKind::Cpu;
    unit.computeOptions = model::bitOf(unit.declaredCompute);
    const policy::ClusterView view(cluster);
    const policy::PlacementDecision decision = policy.place(unit, view);
    if (decision.deferred || decision.node >= feasible.size() || !view.fits(decision.node, unit.request, unit.deviceModel)) {
        result.reason = "PolicyDeferred";
        result.message = decision.deferred ? "the policy deferred the pod; " + std::to_string(feasible.size()) + " node(s) passed the filters"
                                           : "the policy chose a node the pod does not fit";
        return result;
    }
    result.node = m_nodes[feasible[decision.node]].meta.name;
    assume(pod, result.node);
    return result;
}

} // namespace orrery::live
