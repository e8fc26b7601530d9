#pragma once
#include "model/diagnostic.h"
#include "model/scenario.h"
#include "experiment/experiment_loader.h"
#include "policy/plugin_registry.h"
#include "scenario/scenario_load_options.h"

#include <optional>
#include <string>
#include <string_view>

namespace orrery::app {

//! A scenario that parsed, and whose policy choices the registry accepts; or why not.
struct CheckedScenario {
    std::optional<model::Scenario> scenario;
    model::Diagnostics diagnostics;
};

//! An experiment whose file, scenario and arms' plugins are all valid; or why not.
struct CheckedExperiment {
    std::optional<experiment::Experiment> experiment;
    model::Diagnostics diagnostics;
    model::Diagnostics warnings;
};

//! Whether `path` holds an experiment (a top-level `kind: Experiment`) rather than a scenario.
bool isExperimentFile(const std::string& path);

//! Reads an experiment file and its scenario and validates the arms against the loaded plugins.
CheckedExperiment checkExperimentFile(const std::string& path, const policy::PluginRegistry& registry);

//! Parses a scenario file and validates its policy choices against the loaded plugins.
CheckedScenario checkScenarioFile(const std::string& path, const policy::PluginRegistry& registry);
//! The same for scenario text already in memory (the built-in demo, the GUI editor).
CheckedScenario checkScenarioText(std::string_view text, const std::string& name, const policy::PluginRegistry& registry);

} // namespace orrery::app
