#pragma once
#include "node_score.h"
#include "policy/placement_policy.h"
#include "policy/policy_context.h"
#include "sim/rng_stream.h"

#include <cstdint>

namespace orrery::plugins {

//! kube-scheduler's numFeasibleNodesToFind: how many feasible nodes the filter phase collects
//! before it stops. Fewer than 100 nodes (minFeasibleNodesToFind): all. Otherwise
//! `nodes × p / 100`, at least 100, where p = `percentageOfNodesToScore`, or when that is 0 the
//! adaptive default max(5, 50 − nodes/125) (integer division throughout).
[[nodiscard]] std::uint32_t numFeasibleNodesToFind(std::uint32_t nodeCount, std::int64_t percentageOfNodesToScore);

//! Kubernetes default scheduler (seed 000 §II-A, "Kubernetes-like"): filter the nodes the unit
//! fits on, starting where the previous decision stopped and stopping after
//! numFeasibleNodesToFind() of them; score each with NodeResourcesFit/LeastAllocated and
//! NodeResourcesBalancedAllocation (kube::nodeScore); the highest total wins, ties broken by
//! reservoir sampling on the policy's random stream. No feasible node: defer.
class KubePolicy : public policy::PlacementPolicy {
public:
    //! Reads percentageOfNodesToScore, leastAllocatedWeight, balancedAllocationWeight and
    //! deviceWeight (defaults when absent). Throws std::invalid_argument when both plugin
    //! weights are 0. Without a random stream, ties go to the first top-scoring node in scan order.
    explicit KubePolicy(const policy::PolicyContext& context);

    policy::PlacementDecision place(const policy::PendingUnit& unit, const policy::ClusterView& cluster) override;

    //! Node index where the next decision's filter scan starts (kube's nextStartNodeIndex).
    [[nodiscard]] std::uint32_t nextStartNodeIndex() const { return m_nextStart; }
    //! Feasible nodes the last decision scored (≤ numFeasibleNodesToFind).
    [[nodiscard]] std::uint32_t lastFeasibleCount() const { return m_lastFeasible; }
    [[nodiscard]] const kube::ScoreWeights& weights() const { return m_weights; }

private:
    kube::ScoreWeights m_weights;
    std::int64_t m_percentage = 0; //!< 0: adaptive
    sim::RngStream* m_rng = nullptr;
    std::uint32_t m_nextStart = 0;
    std::uint32_t m_lastFeasible = 0;
    // numFeasibleNodesToFind for the node count last seen (recomputed when it changes).
    std::uint32_t m_cachedNodeCount = 0;
    std::uint32_t m_cachedToFind = 0;
};

} // namespace orrery::plugins
