#pragma once
#include "policy/control_policy.h"
#include "policy/placement_policy.h"
#include "policy/policy_context.h"
#include "shared/swarm_spread.h"

#include <vector>

namespace orrery::plugins {

//! Docker Swarm as seed 004 §6 compares against: spread placement (the node with the fewest
//! containers, from the workers' last reports plus what it placed since) and no limits, so
//! containers on a worker share its cores equally (free competition). Any limit it finds is
//! removed.
class DockerSwarmPolicy final : public policy::ControlPolicy, public policy::PlacementPolicy {
public:
    explicit DockerSwarmPolicy(const policy::PolicyContext& context);

    std::vector<policy::ControlAction> decide(const policy::Observation& observation) override;
    policy::PlacementDecision place(const policy::PendingUnit& unit, const policy::ClusterView& cluster) override;

private:
    SwarmSpread m_spread;
};

} // namespace orrery::plugins
