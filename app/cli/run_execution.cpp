#include "cli/run_execution.h"

#include "ops/atomic_file.h"
#include "cli/commands.h"
#include "cli/interrupt_guard.h"
#include "cli/progress_printer.h"
#include "ops/project_run.h"
#include "ops/run_summary_json.h"
#include "ops/text_format.h"
#include "model/value_format.h"
#include "env/simulation.h"
#include "store/store_error.h"

#include <cstdio>
#include <iostream>

namespace orrery::app {

RunExecution executeRun(const model::Scenario& scenario, const policy::PluginRegistry& registry,
                        const std::string& projectPath, const std::optional<std::string>& summaryJsonPath,
                        bool quiet)
{
    RunExecution execution;
    sim::RunControl control;
    ProgressPrinter printer(std::cerr, "run " + scenario.name);
    sim::ProgressCallback progress;
    if (!quiet)
        progress = [&printer](sim::SimTime now, sim::SimTime horizon, std::uint64_t events) { printer(now, horizon, events); };

    ProjectRun run;
    try {
        InterruptGuard guard(control);
        run = runIntoProject(scenario, registry, projectPath, &control, progress);
    } catch (const env::SimulationSetupError& error) {
        std::cerr << error.what() << (std::string_view(error.what()).ends_with('\n') ? "" : "\n");
        execution.exitCode = kExitBadInput;
        return execution;
    } catch (const store::StoreError& error) {
        std::cerr << "error: " << error.what() << '\n';
        execution.exitCode = kExitBadInput;
        return execution;
    }
    execution.runId = run.runId;

    switch (run.result.status) {
    case sim::RunStatus::Completed:
        break;
    case sim::RunStatus::Cancelled:
        std::cerr << "run " << run.runId << " cancelled; recorded as cancelled in " << projectPath << '\n';
        execution.exitCode = kExitCancelled;
        return execution;
    default:
        std::cerr << "error: run " << run.runId << " failed: " << run.result.message << '\n';
        execution.exitCode = kExitRunFailed;
        return execution;
    }

    if (summaryJsonPath) {
        const std::string json = runSummaryJson(scenario, run.policies, run.result);
        if (const std::string error = writeFileAtomically(*summaryJsonPath, json); !error.empty()) {
            std::cerr << "error: " << error << '\n';
            execution.exitCode = kExitRunFailed;
            return execution;
        }
    }
    std::cout << "run " << run.runId << " of " << scenario.name << " (seed " << scenario.seed << ") completed: "
              << run.result.events << " events\n";
    for (const auto& metric : run.result.metrics) {
        std::cout << "  " << metric.name << " = " << model::formatValue(metric.value, metric.unit) << '\n';
    }
    for (const store::RunModel& used : run.models) {
        std::cout << "  " << used.plugin << " used "
                  << (used.modelId ? "model " + std::to_string(*used.modelId) : std::string("a model not stored in the project"))
                  << " (sha256 " << used.sha256.substr(0, 12) << ")\n";
    }
    execution.exitCode = kExitOk;
    return execution;
}

} // namespace orrery::app
