#pragma once
#include "sim/sim_time.h"

#include <cstdint>
#include <span>
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
    //! Trained parameters the run's policies were given, by plugin id (the bytes outlive
    //! beginRun's call), so a recorder can name the model each run used.
    std::vector<std::pair<std::string, std::span<const std::uint8_t>>> models;
};

//! Something that happened to the system under study over an interval, recorded as ground truth
//! (an injected anomaly: which target, what kind, how hard, when), so analyses such as anomaly
//! localization can be scored against it.
struct RunAnnotation {
    SimTime start = 0;
    SimTime end = 0;
    std::string kind;       //!< e.g. "anomaly.cpu", "anomaly.network-delay"
    std::string target;     //!< e.g. the instance "compose-post-service/0" or a node name
    double intensity = 0;   //!< kind-specific strength in [0, 1] unless documented otherwise
};

//! Handle of a time series within one run.
using SeriesId = std::uint32_t;

//! Sink for everything a run produces (docs/architecture.md §2). The project store implements it; tests
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
    //! Ground truth of the run (injected anomalies). Recorders that keep no annotations ignore it.
    virtual void recordAnnotation(const RunAnnotation& annotation) { (void)annotation; }
    virtual void endRun(RunStatus status, std::string_view message) = 0;
};

} // namespace orrery::sim
