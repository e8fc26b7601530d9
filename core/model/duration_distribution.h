#pragma once
#include "sim/rng_stream.h"
#include "sim/sim_time.h"

namespace orrery::model {

//! A distribution of durations (service times, job lengths), sampled from a caller's stream.
struct DurationDistribution {
    enum class Kind { Constant, Exponential, Uniform, LogNormal };

    Kind kind = Kind::Constant;
    sim::SimTime first = 0;  //!< constant value, exponential mean, uniform min, log-normal median
    sim::SimTime second = 0; //!< uniform max
    double sigma = 0.0;      //!< log-normal shape

    [[nodiscard]] sim::SimTime sample(sim::RngStream& rng) const;
    [[nodiscard]] double meanSeconds() const;
};

} // namespace orrery::model
