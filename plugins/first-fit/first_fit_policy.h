#pragma once
#include "policy/placement_policy.h"
#include "policy/policy_context.h"

namespace orrery::plugins {

//! First-Fit (seed 000 §II-A): scan the nodes in index order; the first one that fits wins.
class FirstFitPolicy : public policy::PlacementPolicy {
public:
    explicit FirstFitPolicy(const policy::PolicyContext& context);

    policy::PlacementDecision place(const policy::PendingUnit& unit, const policy::ClusterView& cluster) override;
};

} // namespace orrery::plugins
