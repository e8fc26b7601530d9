#pragma once
#include "strl/milp_solution.h"
#include "strl/nck_leaf.h"

#include <string>
#include <utility>
#include <vector>

namespace orrery::strl {

//! One granted leaf: which job, when, and how many nodes of each partition class.
struct PlannedLeaf {
    int job = 0;
    std::string jobName;
    int leafIndex = 0;     //!< pre-order index within the job's expression
    NckLeaf leaf;
    int firstSlot = 0;     //!< slices held, [firstSlot, endSlot), clipped to the window
    int endSlot = 0;
    std::vector<std::pair<int, int>> classCounts; //!< (class, nodes), counts > 0 only
};

//! The outcome of one planning cycle. Only leaves starting now are meant to be executed; the rest
//! is re-planned next cycle.
struct Plan {
    SolveStatus status = SolveStatus::Failed;
    double value = 0.0;        //!< the objective: total value of the plan
    std::vector<PlannedLeaf> leaves;
    std::vector<std::vector<int>> classNodes; //!< node indices of each partition class
    std::vector<std::string> problems;        //!< what was left out and why (unknown sets)
    int columns = 0;
    int rows = 0;
    double solveSeconds = 0.0;

    //! The leaves granted to job `job`.
    [[nodiscard]] std::vector<const PlannedLeaf*> leavesOf(int job) const;
};

} // namespace orrery::strl
