#pragma once
#include "policy/cluster_view.h"
#include "policy/pending_unit.h"
#include "policy/placement_decision.h"

namespace orrery::policy {

//! Decision point "placement" (the Kubernetes scheduling framework's filter+score, in one call):
//! choose a node for a pending unit given the current cluster, or defer.
class PlacementPolicy {
public:
    virtual ~PlacementPolicy() = default;
    virtual PlacementDecision place(const PendingUnit& unit, const ClusterView& cluster) = 0;
};

} // namespace orrery::policy
