#pragma once
#include "sim/run_recorder.h"
#include "sim/sim_time.h"
#include "store/ids.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace orrery::store {

//! One row of the run list, as the CLI and the project explorer show it.
struct RunSummary {
    RunId id = 0;
    std::string scenarioName;
    std::uint64_t seed = 0;
    sim::RunStatus status = sim::RunStatus::Running;
    //! Decision point → plugin choice, sorted by decision point.
    std::vector<std::pair<std::string, std::string>> policies;
    sim::SimTime horizon = 0;
    std::string startedAt;  //!< ISO-8601 UTC
    std::string endedAt;    //!< ISO-8601 UTC; empty while running, and for interrupted runs
    std::string message;
    std::string ownerHost;
    std::int64_t ownerPid = 0;
};

} // namespace orrery::store
