#pragma once
#include <string>

namespace orrery::experiment {
struct Experiment;
}
namespace orrery::policy {
class PluginRegistry;
}

namespace orrery::app {

class CommandLine;

//! `orrery experiment LIVE.yaml --project P --actuate`: runs an experiment with
//! `spec.target: live` on its namespace (LiveExperimentRunner), with progress lines, Ctrl-C as
//! cancel (the original state is restored first), and prints the comparison. Returns the exit
//! code: 0 completed, 1 failed or guard tripped, 2 bad input (actuation not enabled), 130 cancelled.
int runLiveExperiment(const experiment::Experiment& experiment, const CommandLine& line, const std::string& projectPath,
                      const policy::PluginRegistry& registry, bool quiet);

} // namespace orrery::app
