#pragma once
#include "policy/batch_placement_policy.h"
#include "tetrisched_options.h"

namespace orrery::plugins::tetrisched {

//! TetriSched (seed 003; EuroSys'16): every cycle each pending job's type becomes an STRL
//! expression over the plan-ahead window (core/strl generators), and either all of them are
//! compiled into one MILP and solved with CBC (Global), or they are planned one at a time in
//! submission order, each reserving its nodes before the next (Greedy). Only the placements
//! starting now are executed; the rest is re-planned next cycle. When the global MILP has no
//! solution (time limit without incumbent, infeasible, solver failure) or exceeds
//! maxMilpColumns, the greedy planner plans the cycle and the decision says so (fallback).
class TetriSchedPolicy final : public policy::BatchPlacementPolicy {
public:
    explicit TetriSchedPolicy(TetriSchedOptions options);

    policy::BatchDecision plan(const policy::BatchRequest& request, const policy::ClusterView& cluster) override;
    [[nodiscard]] const TetriSchedOptions& options() const { return m_options; }

private:
    TetriSchedOptions m_options;
};

} // namespace orrery::plugins::tetrisched
