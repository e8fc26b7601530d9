#pragma once
#include "model/resources.h"
#include "sim/sim_time.h"

#include <cstdint>
#include <string>

namespace orrery::env {

//! A unit of batch work as the simulation tracks it, from arrival to completion.
struct Job {
    std::uint64_t id = 0;
    std::uint32_t workload = 0; //!< index into the scenario's workloads
    model::Resources request;
    sim::SimTime duration = 0;
    sim::SimTime submittedAt = 0;
    sim::SimTime startedAt = -1;
    sim::SimTime finishedAt = -1;
    std::uint32_t node = 0;
};

} // namespace orrery::env
