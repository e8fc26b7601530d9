#pragma once
#include <string>
#include <vector>

namespace orrery::strl {

//! How a solve ended.
enum class SolveStatus {
    Optimal,      //!< proven optimal
    TimeLimit,    //!< stopped at the time limit; `values` is the best solution found
    NoSolution,   //!< stopped before any solution was found
    Infeasible,   //!< proven infeasible
    Failed,       //!< the solver gave up for another reason
};

const char* toString(SolveStatus status);

//! What the MILP solver returned.
struct MilpSolution {
    SolveStatus status = SolveStatus::Failed;
    double objective = 0.0;
    std::vector<double> values; //!< one per column; empty without a solution
    double seconds = 0.0;       //!< wall-clock time of the solve

    [[nodiscard]] bool hasSolution() const { return !values.empty(); }
};

} // namespace orrery::strl
