#pragma once
#include "policy/batch_decision.h"
#include "sim/sim_time.h"
#include "strl/plan.h"

#include <cstdint>
#include <vector>

namespace orrery::plugins::tetrisched {

//! Turns a plan's partition-class counts into concrete nodes (the MILP counts nodes per class and
//! slice, not which ones): leaves in start order, each taking the lowest-numbered nodes of its
//! classes that are free at its start, which then stay taken until it ends.
class NodeAssigner {
public:
    //! `busyUntil` per node (<= now: free now).
    explicit NodeAssigner(std::vector<sim::SimTime> busyUntil);

    //! Nodes for a leaf starting at `start` for `duration` with `classCounts` of `classNodes`;
    //! empty (and nothing taken) when the free nodes do not suffice.
    std::vector<std::uint32_t> take(const std::vector<std::pair<int, int>>& classCounts,
                                    const std::vector<std::vector<int>>& classNodes, sim::SimTime start, sim::SimTime duration);
    [[nodiscard]] const std::vector<sim::SimTime>& busyUntil() const { return m_busyUntil; }

private:
    std::vector<sim::SimTime> m_busyUntil;
};

//! The leaves of `plan` on nodes: `jobIds` maps the plan's job index to the BatchJob id and
//! `jobNodes` to its node count (leaves past it, e.g. an availability job granted more racks than
//! it needs, are left out). Fills
//! `decision.plan` with every placement found and `decision.startNow` with those starting at `now`.
//! Returns the assigner (its busy-until times include the plan's placements).
NodeAssigner assignPlan(const strl::Plan& plan, const std::vector<std::uint64_t>& jobIds, const std::vector<std::int32_t>& jobNodes, const std::vector<sim::SimTime>& busyUntil,
                        sim::SimTime now, policy::BatchDecision& decision);

} // namespace orrery::plugins::tetrisched
