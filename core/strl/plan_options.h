#pragma once
#include "sim/sim_time.h"

namespace orrery::strl {

//! The planning horizon and the solver's limits for one scheduling cycle.
struct PlanOptions {
    sim::SimTime now = 0;
    sim::SimTime slotLength = sim::kSecond; //!< length of one time slice
    int windowSlots = 1;                    //!< plan-ahead window in slices (1 = no plan-ahead)
    double timeLimitSeconds = 2.0;          //!< wall-clock limit of the solve; the incumbent is used after it
    int randomSeed = 1;                     //!< CBC's random seed (the solve also runs on one thread)
};

} // namespace orrery::strl
