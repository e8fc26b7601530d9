#include "gpu_packing_policy.h"

#include <algorithm>
#include <numeric>
#include <vector>

namespace orrery::plugins {

GpuPackingPolicy::GpuPackingPolicy(const policy::PolicyContext& /*context: no parameters, no randomness*/)
{
}

// The three tiers and their integer arithmetic follow the peer simulator (kubernetes-scheduler-
// simulator at 8f3d641, pkg/simulator/plugin/gpu_packing_score.go, getPackingScore).
std::int64_t GpuPackingPolicy::score(const policy::GpuNodeState& node, const model::GpuRequest& gpus)
{
    if (gpus.empty())
        return 0;
    const std::int64_t gpuCount = static_cast<std::int64_t>(node.gpus.size());
    std::int64_t fullyFree = 0;
    for (const model::GpuShare& gpu : node.gpus)
        fullyFree += gpu.usedMilli == 0 ? 1 : 0;
    if (fullyFree == gpuCount) // an idle node: last, the smaller the better
        return std::max<std::int64_t>(100 / 3 - fullyFree, fullyFree);
    const std::int32_t perGpu = gpus.shares() ? gpus.sharedMilli : model::kMilliPerGpu;
    std::int32_t needed = gpus.shares() ? 1 : gpus.wholeGpus;
    std::vector<std::size_t> byFree(node.gpus.size());
    std::iota(byFree.begin(), byFree.end(), std::size_t{0});
    std::stable_sort(byFree.begin(), byFree.end(),
                     [&](std::size_t a, std::size_t b) { return node.gpus[a].freeMilli() < node.gpus[b].freeMilli(); });
    std::int64_t freeUsed = 0;
    std::int64_t fullyFreeUsed = 0;
    for (const std::size_t i : byFree) {
        if (needed == 0)
            break;
        const std::int32_t free = node.gpus[i].freeMilli();
        if (perGpu <= free) {
            --needed;
            freeUsed += std::int64_t{free} * 100 / model::kMilliPerGpu;
            fullyFreeUsed += free == model::kMilliPerGpu ? 1 : 0;
        }
    }
    if (fullyFreeUsed > 0) // a node in use, but the pod needs GPUs nobody holds
        return std::max<std::int64_t>(50 - fullyFreeUsed, 100 / 3);
    return std::max<std::int64_t>(100 - freeUsed / 10, 50); // fits on GPUs in use: the fuller, the better
}

policy::GpuPlacement GpuPackingPolicy::placeOnGpus(const policy::PendingUnit& unit, const model::GpuRequest& gpus,
                                                   const policy::GpuClusterView& cluster)
{
    const auto node = policy::highestScoringNode(cluster, unit, gpus,
                                                 [&](std::uint32_t, const policy::GpuNodeState& state) { return score(state, gpus); });
    return node ? policy::GpuPlacement{policy::PlacementDecision::onNode(*node), -1} : policy::GpuPlacement::defer();
}

policy::PlacementDecision GpuPackingPolicy::place(const policy::PendingUnit& unit, const policy::ClusterView& cluster)
{
    const model::GpuRequest whole{unit.request.deviceCount(model::DeviceKind::Gpu), 0};
    const auto node = policy::highestScoringNode(cluster, unit,
                                                 [&](std::uint32_t, const policy::GpuNodeState& state) { return score(state, whole); });
    return node ? policy::PlacementDecision::onNode(*node) : policy::PlacementDecision::defer();
}

} // namespace orrery::plugins
