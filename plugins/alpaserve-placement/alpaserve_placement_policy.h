#pragma once
#include "partition_search.h"
#include "policy/placement_policy.h"
#include "policy/policy_context.h"
#include "shared/serving_ledger.h"
#include "sim/rng_stream.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace orrery::plugins {

//! AlpaServe's placement (Li et al., OSDI '23, §4.2), μ-Serve's baseline (seed 001 §6.4.2).
//! With `partitions: search` (the default) planServing() chooses each model's pipeline stages and
//! replicas by AlpaServe's simulator-guided search (partition_search.h) and place() puts every
//! stage unit on the device the plan gave it. Units outside a plan (declared partitions, later
//! scale-outs, a device that no longer fits) take the greedy rule: the device with the least
//! expected load Σ requestRate·latencySeconds of its residents among those with memory for its
//! weights (ties: most memory left, then lowest index); a device holds at most one unit of a
//! model. Defers when no device admits it.
class AlpaservePlacementPolicy : public policy::PlacementPolicy {
public:
    explicit AlpaservePlacementPolicy(const policy::PolicyContext& context);

    policy::PlacementDecision place(const policy::PendingUnit& unit, const policy::ClusterView& cluster) override;
    std::optional<policy::ServingPlan> planServing(const policy::ServingPlanRequest& request, const policy::ClusterView& cluster) override;

private:
    //! The node the plan gave `unit`, when there is a plan for it and that node still admits it.
    [[nodiscard]] std::optional<std::uint32_t> plannedNode(const policy::PendingUnit& unit, const policy::ClusterView& cluster);

    ServingLedger m_ledger;
    bool m_searches = true;
    PartitionSearchSettings m_settings;
    double m_minDurationSeconds = 100;
    double m_minSamples = 30000;
    bool m_useRecorded = false;               //!< searchWorkload: recorded
    sim::RngStream* m_rng = nullptr;          //!< the host's stream for this policy, when given
    std::optional<sim::RngStream> m_ownRng;   //!< otherwise a fixed one (AlpaServe's seed 0)
    //! Per model: per replica, the node of each stage.
    std::map<std::string, std::vector<std::vector<std::uint32_t>>> m_planned;
};

} // namespace orrery::plugins
