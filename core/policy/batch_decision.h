#pragma once
#include "sim/sim_time.h"

#include <cstdint>
#include <string>
#include <vector>

namespace orrery::policy {

//! A job and the nodes it holds.
struct BatchAssignment {
    std::uint64_t job = 0;
    std::vector<std::uint32_t> nodes; //!< node ids
};

//! One placement of a plan: a job on nodes from `start` for `duration` (start == now: it starts now).
struct PlannedPlacement {
    std::uint64_t job = 0;
    std::vector<std::uint32_t> nodes;
    sim::SimTime start = 0;
    sim::SimTime duration = 0;
};

//! A batch placement policy's answer for one cycle: the jobs to start now (the only part that is
//! executed; the rest is re-planned next cycle), the whole plan for views, and how planning went.
struct BatchDecision {
    std::vector<BatchAssignment> startNow;
    std::vector<PlannedPlacement> plan;   //!< start-now and future placements
    double solveSeconds = 0.0;            //!< wall-clock time spent solving this cycle
    std::string solverStatus;             //!< e.g. "optimal", "time limit (incumbent)", "greedy"
    bool timedOut = false;                //!< the solver stopped at its time limit
    bool fallback = false;                //!< the global plan failed (no solution, infeasible, too large) and a fallback planned
    std::int32_t milpColumns = 0;
    std::int32_t milpRows = 0;
};

} // namespace orrery::policy
