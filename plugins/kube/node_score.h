#pragma once
// The two default resource score plugins of kube-scheduler, as it computes them (integer
// arithmetic where it uses int64, float64 where it uses float64), for one node and one unit.
// Sources: kubernetes/kubernetes pkg/scheduler/framework/plugins/noderesources/
// least_allocated.go (leastResourceScorer, leastRequestedScore) and balanced_allocation.go
// (balancedResourceScorer). Inline: they run in KubePolicy's inner loop.
#include "model/resources.h"

#include <cmath>
#include <cstdint>

namespace orrery::plugins::kube {

//! framework.MaxNodeScore: every score plugin returns 0..100.
inline constexpr std::int64_t kMaxNodeScore = 100;

//! Plugin weights (KubeSchedulerConfiguration `plugins.score.enabled[].weight`) and the weight of
//! accelerators in the resource scores (NodeResourcesFitArgs `scoringStrategy.resources`).
struct ScoreWeights {
    std::int64_t leastAllocated = 1;     //!< NodeResourcesFit (LeastAllocated strategy)
    std::int64_t balancedAllocation = 1; //!< NodeResourcesBalancedAllocation
    //! Weight of each device kind a node has, next to cpu and memory (weight 1 each). 0 (kube's
    //! default resource list): devices are not scored. > 0: they also enter BalancedAllocation.
    std::int64_t device = 0;
};

//! leastRequestedScore: unused share of one resource after placing the unit, 0..100, rounded down.
inline std::int64_t leastRequestedScore(std::int64_t requested, std::int64_t capacity)
{
    if (capacity == 0 || requested > capacity)
        return 0;
    return (capacity - requested) * kMaxNodeScore / capacity;
}

//! NodeResourcesFit with the LeastAllocated strategy. `requested` is what the node would hold
//! with the unit (allocated + request). Resources the node has none of are skipped, weight and
//! all (`if allocable[i] == 0 { continue }`):
//!   score = Σ_r w_r · (cap_r − req_r)·100 / cap_r  /  Σ_r w_r   (each term and the mean in int64)
inline std::int64_t leastAllocatedScore(const model::Resources& requested, const model::Resources& capacity,
                                        std::int64_t deviceWeight)
{
    std::int64_t score = 0;
    std::int64_t weightSum = 0;
    if (capacity.millicores != 0) {
        score += leastRequestedScore(requested.millicores, capacity.millicores);
        weightSum += 1;
    }
    if (capacity.memoryBytes != 0) {
        score += leastRequestedScore(requested.memoryBytes, capacity.memoryBytes);
        weightSum += 1;
    }
    if (deviceWeight > 0) {
        for (int kind = 0; kind < model::kDeviceKindCount; ++kind) {
            if (capacity.devices[kind] == 0)
                continue;
            score += leastRequestedScore(requested.devices[kind], capacity.devices[kind]) * deviceWeight;
            weightSum += deviceWeight;
        }
    }
    return weightSum == 0 ? 0 : score / weightSum;
}

//! NodeResourcesBalancedAllocation: f_r = min(1, req_r / cap_r) over cpu, memory (and, with
//! `withDevices`, each device kind the node has); std = |f₁ − f₂| / 2 for two fractions, the
//! population standard deviation for more, 0 for fewer; score = int64((1 − std) · 100).
inline std::int64_t balancedAllocationScore(const model::Resources& requested, const model::Resources& capacity,
                                            bool withDevices)
{
    double fractions[2 + model::kDeviceKindCount];
    int count = 0;
    double total = 0.0;
    const auto add = [&](std::int64_t req, std::int64_t cap) {
        if (cap == 0)
            return;
        double fraction = static_cast<double>(req) / static_cast<double>(cap);
        if (fraction > 1.0)
            fraction = 1.0;
        total += fraction;
        fractions[count++] = fraction;
    };
    add(requested.millicores, capacity.millicores);
    add(requested.memoryBytes, capacity.memoryBytes);
    if (withDevices) {
        for (int kind = 0; kind < model::kDeviceKindCount; ++kind)
            add(requested.devices[kind], capacity.devices[kind]);
    }
    double deviation = 0.0;
    if (count == 2) {
        deviation = std::abs((fractions[0] - fractions[1]) / 2);
    } else if (count > 2) {
        const double mean = total / count;
        double sum = 0.0;
        for (int i = 0; i < count; ++i)
            sum = sum + (fractions[i] - mean) * (fractions[i] - mean);
        deviation = std::sqrt(sum / count);
    }
    return static_cast<std::int64_t>((1 - deviation) * static_cast<double>(kMaxNodeScore));
}

//! True when kube would skip BalancedAllocation for this unit (a "best-effort pod": it requests
//! none of the scored resources; kubernetes#129138), so the plugin adds 0 on every node.
inline bool skipsBalancedAllocation(const model::Resources& request, bool withDevices)
{
    if (request.millicores != 0 || request.memoryBytes != 0)
        return false;
    if (withDevices) {
        for (int kind = 0; kind < model::kDeviceKindCount; ++kind) {
            if (request.devices[kind] != 0)
                return false;
        }
    }
    return true;
}

//! The node's total score for a unit: Σ plugin weight × plugin score (kube's TotalScore).
//! `skipBalanced`: skipsBalancedAllocation(request, weights.device > 0), hoisted by the caller.
inline std::int64_t nodeScore(const model::Resources& allocated, const model::Resources& capacity,
                              const model::Resources& request, const ScoreWeights& weights, bool skipBalanced)
{
    model::Resources requested = allocated;
    requested += request;
    std::int64_t total = 0;
    if (weights.leastAllocated != 0)
        total += weights.leastAllocated * leastAllocatedScore(requested, capacity, weights.device);
    if (weights.balancedAllocation != 0 && !skipBalanced)
        total += weights.balancedAllocation * balancedAllocationScore(requested, capacity, weights.device > 0);
    return total;
}

} // namespace orrery::plugins::kube
