#include "gpu_clustering_policy.h"

namespace orrery::plugins {
namespace {

// The largest node's GPU milli, by which allocation is measured (the peer's MaxSpecGpu).
constexpr std::int64_t kLargestGpuMilli = 8000;

} // namespace

GpuClusteringPolicy::GpuClusteringPolicy(const policy::PolicyContext& /*context: no parameters, no randomness*/)
{
}

std::string GpuClusteringPolicy::requestClass(const model::GpuRequest& gpus)
{
    if (gpus.empty())
        return {};
    if (gpus.shares())
        return "share-gpu";
    return std::to_string(gpus.wholeGpus) + "-gpu";
}

// Tiers and integer arithmetic as in the peer simulator (kubernetes-scheduler-simulator at 8f3d641,
// pkg/simulator/plugin/gpu_clustering_score.go).
std::int64_t GpuClusteringPolicy::score(const policy::GpuNodeState& node, const std::map<std::string, int>& classesOnNode,
                                        const model::GpuRequest& gpus)
{
    if (gpus.empty())
        return 0;
    const std::int64_t allocated = (100 / 4) * (kLargestGpuMilli - node.freeGpuMilli()) / kLargestGpuMilli;
    const auto same = classesOnNode.find(requestClass(gpus));
    if (same != classesOnNode.end() && same->second > 0)
        return allocated + (classesOnNode.size() == 1 ? 75 : 50);
    return allocated + (classesOnNode.empty() ? 25 : 0);
}

std::optional<std::uint32_t> GpuClusteringPolicy::choose(const policy::PendingUnit& unit, const model::GpuRequest& gpus,
                                                         const policy::GpuClusterView* shared, const policy::ClusterView& cluster)
{
    if (m_classesOnNode.size() != cluster.nodeCount())
        m_classesOnNode.assign(cluster.nodeCount(), {});
    const auto scoreOf = [&](std::uint32_t node, const policy::GpuNodeState& state) {
        return score(state, m_classesOnNode[node], gpus);
    };
    const auto node = shared ? policy::highestScoringNode(*shared, unit, gpus, scoreOf)
                             : policy::highestScoringNode(cluster, unit, scoreOf);
    if (node && !gpus.empty())
        ++m_classesOnNode[*node][requestClass(gpus)];
    return node;
}

policy::GpuPlacement GpuClusteringPolicy::placeOnGpus(const policy::PendingUnit& unit, const model::GpuRequest& gpus,
                                                      const policy::GpuClusterView& cluster)
{
    const auto node = choose(unit, gpus, &cluster, cluster.cluster());
    return node ? policy::GpuPlacement{policy::PlacementDecision::onNode(*node), -1} : policy::GpuPlacement::defer();
}

policy::PlacementDecision GpuClusteringPolicy::place(const policy::PendingUnit& unit, const policy::ClusterView& cluster)
{
    const auto node = choose(unit, {unit.request.deviceCount(model::DeviceKind::Gpu), 0}, nullptr, cluster);
    return node ? policy::PlacementDecision::onNode(*node) : policy::PlacementDecision::defer();
}

} // namespace orrery::plugins
