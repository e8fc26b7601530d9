#pragma once
#include "strl/milp_model.h"
#include "strl/milp_solution.h"

namespace orrery::strl {

//! Solves a MilpModel with COIN-OR CBC on one thread with a fixed random seed, so the same model
//! gives the same answer; after `timeLimitSeconds` the incumbent (if any) is returned.
MilpSolution solveWithCbc(const MilpModel& model, double timeLimitSeconds, int randomSeed);

} // namespace orrery::strl
