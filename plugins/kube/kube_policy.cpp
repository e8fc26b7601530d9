#include "kube_policy.h"

#include <algorithm>
#include <stdexcept>

namespace orrery::plugins {
namespace {

// pkg/scheduler/schedule_one.go
constexpr std::int64_t kMinFeasibleNodesToFind = 100;
constexpr std::int64_t kMinFeasibleNodesPercentageToFind = 5;

std::int64_t paramOr(const policy::PolicyContext& context, const char* name, std::int64_t fallback)
{
    return context.params.contains(name) ? context.params.getInt(name) : fallback;
}

kube::ScoreWeights weightsFrom(const policy::PolicyContext& context)
{
    kube::ScoreWeights weights;
    weights.leastAllocated = paramOr(context, "leastAllocatedWeight", 1);
    weights.balancedAllocation = paramOr(context, "balancedAllocationWeight", 1);
    weights.device = paramOr(context, "deviceWeight", 0);
    if (weights.leastAllocated < 0 || weights.balancedAllocation < 0 || weights.device < 0)
        throw std::invalid_argument("the kube policy's weights must not be negative");
    if (weights.leastAllocated == 0 && weights.balancedAllocation == 0)
        throw std::invalid_argument("leastAllocatedWeight and balancedAllocationWeight are both 0: at least one "
                                    "score plugin needs a positive weight, or every feasible node would tie");
    return weights;
}

} // namespace

std::uint32_t numFeasibleNodesToFind(std::uint32_t nodeCount, std::int64_t percentageOfNodesToScore)
{
    const std::int64_t all = nodeCount;
    if (all < kMinFeasibleNodesToFind)
        return nodeCount;
    std::int64_t percentage = std::min<std::int64_t>(percentageOfNodesToScore, 100);
    if (percentage <= 0)
        percentage = std::max(kMinFeasibleNodesPercentageToFind, 50 - all / 125);
    return static_cast<std::uint32_t>(std::max(kMinFeasibleNodesToFind, all * percentage / 100));
}

KubePolicy::KubePolicy(const policy::PolicyContext& context)
    : m_weights(weightsFrom(context))
    , m_percentage(paramOr(context, "percentageOfNodesToScore", 0))
    , m_rng(context.rng)
{
}

policy::PlacementDecision KubePolicy::place(const policy::PendingUnit& unit, const policy::ClusterView& cluster)
{
    const std::uint32_t count = cluster.nodeCount();
    m_lastFeasible = 0;
    if (count == 0)
        return policy::PlacementDecision::defer();
    if (count != m_cachedNodeCount) {
        m_cachedNodeCount = count;
        m_cachedToFind = numFeasibleNodesToFind(count, m_percentage);
    }
    if (m_nextStart >= count)
        m_nextStart %= count;

    const model::Resources& request = unit.request;
    const bool skipBalanced = kube::skipsBalancedAllocation(request, m_weights.device > 0);
    const std::uint32_t toFind = m_cachedToFind;

    // Filter and score in one pass, in kube's scan order (from nextStartNodeIndex, wrapping);
    // selectHost's reservoir sampling over the feasible list in that order, streamed.
    std::uint32_t feasible = 0;
    std::uint32_t processed = 0;
    std::uint32_t chosen = 0;
    std::int64_t best = -1;
    std::uint64_t ties = 0;
    std::uint32_t node = m_nextStart;
    while (processed < count && feasible < toFind) {
        ++processed;
        if (cluster.fits(node, request, unit.deviceModel)) {
            ++feasible;
            const model::Node& info = cluster.node(node);
            const std::int64_t score = kube::nodeScore(info.allocated, info.capacity, request, m_weights, skipBalanced);
            if (score > best) {
                best = score;
                chosen = node;
                ties = 1;
            } else if (score == best) {
                ++ties;
                // Replace the candidate with probability 1/ties: uniform among the top scores.
                if (m_rng != nullptr && m_rng->below(ties) == 0)
                    chosen = node;
            }
        }
        if (++node == count)
            node = 0;
    }
    // kube advances the start by every node it examined, feasible or not, found or not.
    m_nextStart = static_cast<std::uint32_t>((std::uint64_t{m_nextStart} + processed) % count);
    m_lastFeasible = feasible;
    if (feasible == 0)
        return policy::PlacementDecision::defer();
    return policy::PlacementDecision::onNode(chosen);
}

} // namespace orrery::plugins
