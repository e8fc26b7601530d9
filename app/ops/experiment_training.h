#pragma once
#include "env/policy_models.h"
#include "experiment/experiment.h"
#include "policy/plugin_registry.h"

#include <functional>
#include <map>
#include <string>

namespace orrery::sim {
class RunControl;
}

namespace orrery::app {

//! The models of the arms that train their own control policy (`train:` of an arm), by arm name,
//! for ExperimentRunOptions::armModels. An arm whose model the project already holds (same
//! plugin, training scenario and seed, and the stated number of episodes) reuses it; the others
//! train now in their training scenario's control environment, the arms in parallel on up to
//! `threads` threads, each stored in the project with its checkpoints like `orrery train`
//! stores them. `log` receives progress lines (from several threads, one line per call). Throws
//! policy::PluginError when a training fails and store::StoreError when the project does.
//! Stops early (and throws std::runtime_error) when `control` is cancelled. `onEpisode`, when
//! set, receives every training episode's report with its arm's name (from several threads).
std::map<std::string, env::PolicyModels> prepareArmModels(
    const policy::PluginRegistry& registry, const experiment::Experiment& experiment, const std::string& projectPath,
    unsigned threads, const std::function<void(const std::string&)>& log, sim::RunControl& control,
    const std::function<void(const std::string& arm, const policy::ControlEpisodeReport&)>& onEpisode = {});

} // namespace orrery::app
