#pragma once
#include "policy/cluster_view.h"
#include "policy/pending_unit.h"
#include "policy/placement_decision.h"
#include "sim/sim_time.h"

#include <cstddef>
#include <numeric>
#include <vector>

namespace orrery::policy {

//! Decision point "placement" (the Kubernetes scheduling framework's filter+score, in one call):
//! choose a node for a pending unit given the current cluster, or defer.
class PlacementPolicy {
public:
    virtual ~PlacementPolicy() = default;
    virtual PlacementDecision place(const PendingUnit& unit, const ClusterView& cluster) = 0;
    //! The scheduling queue (the framework's QueueSort; seed 002 Alg. 1 lines 1–3): given every unit
    //! waiting in this round, the indices of those to place now, in the order to place them; any
    //! left out wait for the next round. Kinds that place in rounds call it before place() (model
    //! serving's scale-outs of one control period). Default: all of them, in the order given.
    //! Added in plugin ABI 10, policy API 1.5.
    virtual std::vector<std::size_t> admit(const std::vector<PendingUnit>& pending, sim::SimTime now)
    {
        (void)now;
        std::vector<std::size_t> all(pending.size());
        std::iota(all.begin(), all.end(), std::size_t{0});
        return all;
    }
};

} // namespace orrery::policy
