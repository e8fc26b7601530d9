#pragma once
#include "env/policy_models.h"
#include "experiment/experiment.h"

#include <set>
#include <string>

namespace orrery::policy {
class PluginRegistry;
}

namespace orrery::experiment {

//! The latest model the project at `projectPath` holds for every trainable plugin the
//! experiment's runs use (its arms' choices and the scenario's own), for
//! ExperimentRunOptions::models. A project file that does not exist yet holds none (and is not
//! created). Throws store::StoreError when the file exists but is not a usable project.
env::PolicyModels latestTrainedModels(const Experiment& experiment, const policy::PluginRegistry& registry,
                                      const std::string& projectPath);

//! The same for a set of plugin ids (those a single scenario run uses): the latest stored model
//! of each trainable one. No file, no models; the file is not created.
env::PolicyModels latestTrainedModels(const std::set<std::string>& plugins, const policy::PluginRegistry& registry,
                                      const std::string& projectPath);

} // namespace orrery::experiment
