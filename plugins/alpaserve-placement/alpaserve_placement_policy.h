#pragma once
#include "policy/placement_policy.h"
#include "policy/policy_context.h"
#include "serving_ledger.h"

namespace orrery::plugins {

//! AlpaServe-like greedy replica placement, μ-Serve's baseline (seed 001 §6.4.2): each replica
//! goes to the device with the least expected load Σ requestRate·latencySeconds of its residents
//! among those with memory for its weights (ties: most memory left, then lowest index); a device
//! holds at most one replica of a model. Defers when no device admits it.
class AlpaservePlacementPolicy : public policy::PlacementPolicy {
public:
    explicit AlpaservePlacementPolicy(const policy::PolicyContext& context);

    policy::PlacementDecision place(const policy::PendingUnit& unit, const policy::ClusterView& cluster) override;

private:
    ServingLedger m_ledger;
};

} // namespace orrery::plugins
