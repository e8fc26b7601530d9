#pragma once
#include "sim/sim_time.h"

#include <string>

namespace orrery::strl {

//! The STRL primitive nCk(set, k, start, duration, value): any k nodes of the equivalence set
//! `setName`, held from `start` for `duration`, are worth `value` (seed 003).
struct NckLeaf {
    std::string setName;
    int k = 1;
    sim::SimTime start = 0;    //!< absolute simulated time
    sim::SimTime duration = 0; //!< > 0
    double value = 0.0;        //!< >= 0
};

} // namespace orrery::strl
