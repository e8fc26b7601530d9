#pragma once
#include "policy/control_policy.h"
#include "policy/placement_policy.h"
#include "policy/policy_context.h"
#include "shared/swarm_spread.h"

#include <vector>

namespace orrery::plugins {

//! A second baseline for seed 004's training jobs: every container gets the same fixed CPU limit,
//! `share` of its worker's cores, set once; placement is Docker Swarm's spread.
class StaticLimitsPolicy final : public policy::ControlPolicy, public policy::PlacementPolicy {
public:
    explicit StaticLimitsPolicy(const policy::PolicyContext& context);

    std::vector<policy::ControlAction> decide(const policy::Observation& observation) override;
    policy::PlacementDecision place(const policy::PendingUnit& unit, const policy::ClusterView& cluster) override;

private:
    double m_share = 0.25;
    SwarmSpread m_spread;
};

} // namespace orrery::plugins
