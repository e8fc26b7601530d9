#pragma once
#include "live_experiment/live_experiment_runner.h"

#include <chrono>
#include <string>

namespace orrery::experiment {
struct Experiment;
}

namespace orrery::app {

//! Progress lines of a live experiment on stderr ("experiment ab-live  window 3/8 (aimd)
//! measuring  40%  elapsed 0:01:05"), at most one a second per window and phase.
class LiveProgressPrinter {
public:
    explicit LiveProgressPrinter(std::string name);
    void operator()(const live_experiment::LiveExperimentProgress& progress);

private:
    std::string m_name;
    std::chrono::steady_clock::time_point m_start;
    std::chrono::steady_clock::time_point m_lastLine;
    std::string m_lastKey;
};

//! What `orrery experiment LIVE.yaml --actuate` prints when the live experiment's launcher
//! returns (ops/experiment_launch.h): the comparison on stdout, or why it stopped and whether
//! the original state was restored on stderr. Returns the exit code: 0 completed, 1 failed or
//! guard tripped, 2 refused before any window, 130 cancelled.
int reportLiveExperiment(const experiment::Experiment& experiment, const live_experiment::LiveExperimentOutcome& outcome,
                         const std::string& contextName, const std::string& projectPath);

} // namespace orrery::app
