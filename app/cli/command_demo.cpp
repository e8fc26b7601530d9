#include "cli/commands.h"

#include "ops/atomic_file.h"
#include "cli/command_line.h"
#include "ops/demo_scenario.h"
#include "ops/plugin_setup.h"
#include "cli/run_execution.h"
#include "ops/scenario_check.h"
#include "report/html_summary.h"
#include "store/project.h"
#include "store/store_error.h"

#include <filesystem>
#include <iostream>

namespace orrery::app {

int runDemoCommand(const std::vector<std::string>& args)
{
    const CommandLine line(args, {"out", "project", "seed"}, {"quiet"});
    if (!line.positionals().empty())
        throw UsageError{"usage: orrery demo [--out DIR] [--project FILE.orrery] [--seed N] [--quiet]"};
    const std::filesystem::path outDir = line.value("out").value_or("orrery-demo");
    const std::string projectPath = line.value("project").value_or((outDir / "demo.orrery").string());
    const std::string summaryPath = (outDir / "demo-summary.html").string();

    policy::PluginRegistry registry;
    loadPlugins(registry, std::cerr);
    CheckedScenario checked = checkScenarioText(demoScenarioText(), "resources/scenarios/demo.yaml", registry);
    if (!checked.scenario) {
        std::cerr << model::formatAll(checked.diagnostics);
        return kExitBadInput;
    }
    if (const auto seed = line.unsignedValue("seed"))
        checked.scenario->seed = *seed;

    std::error_code error;
    std::filesystem::create_directories(outDir, error);
    if (error) {
        std::cerr << "error: " << outDir.string() << ": cannot create directory: " << error.message() << '\n';
        return kExitBadInput;
    }
    const RunExecution execution = executeRun(*checked.scenario, registry, projectPath, std::nullopt, line.flag("quiet"));
    if (!execution.runId)
        return execution.exitCode;
    try {
        const store::Project project = store::Project::open(projectPath);
        if (const std::string writeError = writeFileAtomically(summaryPath, htmlRunSummary(project, *execution.runId));
            !writeError.empty()) {
            std::cerr << "error: " << writeError << '\n';
            return kExitRunFailed;
        }
    } catch (const store::StoreError& storeError) {
        std::cerr << "error: " << storeError.what() << '\n';
        return kExitRunFailed;
    }
    std::cout << "project: " << std::filesystem::absolute(projectPath).string() << '\n';
    std::cout << "summary: " << std::filesystem::absolute(summaryPath).string() << '\n';
    return execution.exitCode;
}

} // namespace orrery::app
