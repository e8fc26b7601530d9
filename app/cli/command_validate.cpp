#include "cli/commands.h"

#include "cli/command_line.h"
#include "cli/plugin_setup.h"
#include "cli/scenario_check.h"

#include <iostream>

namespace orrery::app {

int runValidateCommand(const std::vector<std::string>& args)
{
    const CommandLine line(args, {}, {"quiet"});
    if (line.positionals().empty())
        throw UsageError{"usage: orrery validate FILE.yaml [FILE.yaml …]"};
    policy::PluginRegistry registry;
    loadPlugins(registry, std::cerr);
    int exitCode = kExitOk;
    for (const auto& path : line.positionals()) {
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
