#pragma once
#include "experiment/experiment.h"
#include "live_experiment/window_schedule.h"
#include "sim/run_recorder.h"

#include <string>

namespace orrery::live_experiment {

//! How a live window is stored as a run: the experiment's text as its scenario, the arm's window
//! number as its seed (compareArms pairs windows by it), washout + window as its horizon, and the
//! one policy the arm names (`point`, `description`: plugin and parameters).
inline sim::RunInfo windowRunInfo(const experiment::ExperimentSpec& spec, const LiveWindow& window, const std::string& point,
                                  const std::string& description)
{
    sim::RunInfo info;
    info.scenarioName = spec.name + "-live";
    info.scenarioText = spec.sourceText;
    info.seed = window.armWindow;
    info.horizon = spec.live->washout + spec.live->window;
    info.policies.emplace_back(point, description);
    return info;
}

} // namespace orrery::live_experiment
