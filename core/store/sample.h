#pragma once
#include "sim/sim_time.h"

namespace orrery::store {

//! One point of a stored time series.
struct Sample {
    sim::SimTime time = 0;
    double value = 0.0;

    friend bool operator==(const Sample&, const Sample&) = default;
};

} // namespace orrery::store
