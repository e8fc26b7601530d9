#include "cli/commands.h"

#include "cli/command_line.h"
#include "ops/plugin_setup.h"
#include "ops/scenario_check.h"

#include <iostream>

namespace orrery::app {

int runValidateCommand(const std::vector<std::string>& args)
{
    const CommandLine line(args, {}, {"quiet"});
    if (line.positionals().empty())
        throw UsageError{"usage: orrery validate FILE.yaml [FILE.yaml …]   (scenarios and experiments)"};
    policy::PluginRegistry registry;
    loadPlugins(registry, std::cerr);
    int exitCode = kExitOk;
    for (const auto& path : line.positionals()) {
        if (isExperimentFile(path)) {
            const CheckedExperiment experiment = checkExperimentFile(path, registry);
            for (const auto& warning : experiment.warnings)
                std::cerr << experiment::formatWarning(warning) << '\n';
            if (!experiment.experiment) {
                std::cerr << model::formatAll(experiment.diagnostics);
                exitCode = kExitBadInput;
            } else if (!line.flag("quiet")) {
                std::cout << path << ": ok (experiment " << experiment.experiment->spec.name << ", "
                          << experiment.experiment->spec.arms.size() << " arms)\n";
            }
            continue;
        }
        const CheckedScenario checked = checkScenarioFile(path, registry);
        if (checked.scenario) {
            if (!line.flag("quiet"))
                std::cout << path << ": ok (scenario " << checked.scenario->name << ", "
                          << checked.scenario->cluster.nodeCount() << " nodes, "
                          << checked.scenario->workloads.size() << " workloads)\n";
        } else {
            std::cerr << model::formatAll(checked.diagnostics);
            exitCode = kExitBadInput;
        }
    }
    return exitCode;
}

} // namespace orrery::app
