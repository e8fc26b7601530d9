#pragma once
#include "model/gpu_request.h"
#include "model/gpu_share.h"
#include "policy/cluster_view.h"
#include "policy/gpu_cluster_view.h"
#include "policy/pending_unit.h"

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace orrery::policy {

//! What a score-based GPU-sharing policy reads of a node: its free CPU and its GPUs.
struct GpuNodeState {
    std::int64_t freeMillicores = 0;
    std::span<const model::GpuShare> gpus;

    [[nodiscard]] std::int64_t freeGpuMilli() const
    {
        std::int64_t free = 0;
        for (const model::GpuShare& gpu : gpus)
            free += gpu.freeMilli();
        return free;
    }
};

//! The node a score-based GPU-sharing policy picks (the Kubernetes scheduling framework's filter,
//! score and selectHost in one pass): among the nodes the unit and `gpus` fit, the one with the
//! highest score(node, GpuNodeState); equal scores go to the lowest node index. Nullopt when no
//! node fits. Added in policy API 1.6.
template <class Score>
[[nodiscard]] std::optional<std::uint32_t> highestScoringNode(const GpuClusterView& cluster, const PendingUnit& unit,
                                                              const model::GpuRequest& gpus, Score&& score)
{
    std::optional<std::uint32_t> best;
    std::int64_t bestScore = 0;
    for (std::uint32_t node = 0; node < cluster.nodeCount(); ++node) {
        if (!cluster.fits(node, unit, gpus))
            continue;
        const std::int64_t value = score(node, GpuNodeState{cluster.freeMillicores(node), cluster.gpusOf(node)});
        if (!best || value > bestScore) {
            best = node;
            bestScore = value;
        }
    }
    return best;
}

//! The same on a host that counts whole devices only (no GPU ledger): a node's free GPUs are whole
//! and free, the others held whole; the unit asks unit.request's GPUs whole.
template <class Score>
[[nodiscard]] std::optional<std::uint32_t> highestScoringNode(const ClusterView& cluster, const PendingUnit& unit, Score&& score)
{
    std::optional<std::uint32_t> best;
    std::int64_t bestScore = 0;
    std::vector<model::GpuShare> gpus;
    for (std::uint32_t node = 0; node < cluster.nodeCount(); ++node) {
        if (!cluster.fits(node, unit.request, unit.deviceModel))
            continue;
        const model::Node& state = cluster.node(node);
        const std::int32_t free = state.available().deviceCount(model::DeviceKind::Gpu);
        gpus.assign(static_cast<std::size_t>(state.capacity.deviceCount(model::DeviceKind::Gpu)),
                    model::GpuShare{model::kMilliPerGpu, true});
        for (std::int32_t i = 0; i < free && static_cast<std::size_t>(i) < gpus.size(); ++i)
            gpus[static_cast<std::size_t>(i)] = {};
        const std::int64_t value = score(node, GpuNodeState{state.available().millicores, gpus});
        if (!best || value > bestScore) {
            best = node;
            bestScore = value;
        }
    }
    return best;
}

} // namespace orrery::policy
