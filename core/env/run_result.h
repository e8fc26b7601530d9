#pragma once
#include "env/run_metric.h"
#include "sim/run_recorder.h"

#include <cstdint>
#include <string>

namespace orrery::env {

//! How a simulation run ended and what it measured.
struct RunResult {
    sim::RunStatus status = sim::RunStatus::Running;
    std::string message;
    RunMetrics metrics;
    std::uint64_t events = 0;
};

} // namespace orrery::env
