#include "cli/commands.h"

#include "cli/command_line.h"
#include "ops/plugin_setup.h"
#include "cli/run_execution.h"
#include "ops/scenario_check.h"

#include <iostream>

namespace orrery::app {

int runRunCommand(const std::vector<std::string>& args)
{
    const CommandLine line(args, {"project", "summary-json", "seed"}, {"quiet"});
    if (line.positionals().size() != 1)
        throw UsageError{"usage: orrery run SCENARIO.yaml --project FILE.orrery [--summary-json OUT.json] [--seed N] [--quiet]"};
    const auto projectPath = line.value("project");
    if (!projectPath)
        throw UsageError{"orrery run: --project FILE.orrery is required (the run is recorded there)"};

    policy::PluginRegistry registry;
    loadPlugins(registry, std::cerr);
    CheckedScenario checked = checkScenarioFile(line.positionals().front(), registry);
    if (!checked.scenario) {
        std::cerr << model::formatAll(checked.diagnostics);
        return kExitBadInput;
    }
    if (const auto seed = line.unsignedValue("seed"))
        checked.scenario->seed = *seed;
    return executeRun(*checked.scenario, registry, *projectPath, line.value("summary-json"), line.flag("quiet")).exitCode;
}

} // namespace orrery::app
