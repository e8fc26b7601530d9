#pragma once
#include "sim/sim_time.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace orrery::sim {

enum class RunStatus { Running, Completed, Failed, Interrupted, Cancelled };

std::string_view toString(RunStatus status);

//! What a run is, recorded when it begins.
struct RunInfo {
    std::string scenarioName;
    std::string scenarioText;  //!< the scenario file as read, so a run can be reproduced from the record
    std::uint64_t seed = 0;
    SimTime horizon = 0;
    //! Decision point → plugin id with its resolved parameters, e.g. {"placement", "first-fit {}"}.
    std::vector<std::pair<std::string, std::string>> policies;
};

//! Handle of a time series within one run.
using SeriesId = std::uint32_t;

//! Sink for everything a run produces (DESIGN.md §2). The project store implements it; tests
//! use InMemoryRunRecorder. Calls come from the simulation thread, in simulated-time order.
class RunRecorder {
public:
    virtual ~RunRecorder() = default;

    virtual void beginRun(const RunInfo& info) = 0;
    //! Declares a series (e.g. "cluster.cpu_utilization", unit "ratio") and returns its handle.
    virtual SeriesId defineSeries(std::string_view name, std::string_view unit) = 0;
    virtual void recordSample(SeriesId series, SimTime time, double value) = 0;
    //! A scalar result of the run (e.g. "jobs.completed").
    virtual void recordMetric(std::string_view name, double value, std::string_view unit) = 0;
    virtual void endRun(RunStatus status, std::string_view message) = 0;
};

} // namespace orrery::sim
