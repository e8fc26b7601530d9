#include "cli/live_experiment_command.h"

#include "cli/command_line.h"
#include "cli/commands.h"
#include "cli/interrupt_guard.h"
#include "experiment/comparison_table.h"
#include "experiment/experiment.h"
#include "experiment/trained_models.h"
#include "live/context_resolver.h"
#include "live/kube_client.h"
#include "live/kube_config_loader.h"
#include "live/live_error.h"
#include "live/prometheus_client.h"
#include "live_experiment/live_experiment_runner.h"

#include <chrono>
#include <cstdio>
#include <iostream>

namespace orrery::app {
namespace {

using Outcome = live_experiment::LiveExperimentOutcome;

//! "experiment ab-live  window 3/8 (aimd) measuring  40%  elapsed 0:01:05", at most one a second.
class LiveProgressPrinter {
public:
    explicit LiveProgressPrinter(std::string name) : m_name(std::move(name)), m_start(std::chrono::steady_clock::now()) {}

    void operator()(const live_experiment::LiveExperimentProgress& progress)
    {
        const auto now = std::chrono::steady_clock::now();
        const std::string key = std::to_string(progress.window) + progress.phase;
        if (key == m_lastKey && now - m_lastLine < std::chrono::seconds(1))
            return;
        m_lastKey = key;
        m_lastLine = now;
        const long elapsed = static_cast<long>(std::chrono::duration_cast<std::chrono::seconds>(now - m_start).count());
        char line[256];
        std::snprintf(line, sizeof line, "experiment %s  window %zu/%zu (%s) %s %3.0f%%  elapsed %ld:%02ld:%02ld", m_name.c_str(),
                      progress.window + 1, progress.windows, progress.arm.c_str(), progress.phase.c_str(),
                      100.0 * progress.windowFraction, elapsed / 3600, (elapsed / 60) % 60, elapsed % 60);
        std::cerr << line << '\n';
    }

private:
    std::string m_name;
    std::chrono::steady_clock::time_point m_start;
    std::chrono::steady_clock::time_point m_lastLine;
    std::string m_lastKey;
};

std::string seconds(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.3f", value);
    return text;
}

} // namespace

int runLiveExperiment(const experiment::Experiment& experiment, const CommandLine& line, const std::string& projectPath,
                      const policy::PluginRegistry& registry, bool quiet)
{
    const experiment::LiveTarget& target = *experiment.spec.live;
    live_experiment::LiveExperimentOptions options;
    options.actuate = line.flag("actuate");
    live::ResolvedContext context;
    try {
        live::ContextResolver resolver(live::KubeConfigLoader::loadDefault(target.kubeconfig));
        context = resolver.resolve(target.context);
    } catch (const live::LiveError& error) {
        std::cerr << experiment.spec.sourceFile << ": spec.live: " << error.what() << '\n';
        return kExitBadInput;
    }
    for (const auto& warning : context.warnings)
        std::cerr << "warning: " << warning << '\n';
    if (!options.actuate) {
        std::cerr << "error: actuation is off for context \"" << context.contextName << "\" namespace \"" << target.nameSpace
                  << "\": a live experiment changes replicas and limits there; pass --actuate to enable it for this run "
                     "(every action is previewed with dryRun=All first, rate-limited and written to the project's audit log; "
                     "the original state is restored at the end)\n";
        return kExitBadInput;
    }
    options.models = experiment::latestTrainedModels(experiment, registry, projectPath);
    live::KubeClient kube(context);
    live::PrometheusClient prometheus(target.prometheus);
    live_experiment::LiveExperimentRunner runner(experiment, registry, projectPath, kube, prometheus, std::move(options));
    LiveProgressPrinter printer(experiment.spec.name);
    if (!quiet)
        runner.setProgressCallback([&](const live_experiment::LiveExperimentProgress& progress) { printer(progress); });
    runner.setLogCallback([&](const std::string& text) { std::cerr << experiment.spec.name << ": " << text << '\n'; });
    Outcome outcome;
    {
        InterruptGuard guard(runner.control());
        outcome = runner.run();
    }
    const std::size_t complete = outcome.alreadyDone + outcome.completed;
    const std::string where = std::to_string(complete) + " of " + std::to_string(outcome.totalWindows) + " windows complete in " + projectPath;
    const std::string restore = outcome.restored ? "original state restored" : "original state NOT fully restored: orrery live restore --project " + projectPath;
    switch (outcome.status) {
    case Outcome::Status::Cancelled:
        std::cerr << "experiment " << experiment.spec.name << " cancelled: " << where << "; " << restore
                  << "; run the same command again to resume\n";
        return kExitCancelled;
    case Outcome::Status::GuardTripped:
        std::cerr << "experiment " << experiment.spec.name << " stopped: " << outcome.message << "; " << where << "; " << restore
                  << " in " << seconds(outcome.restoreSeconds) << " s\n";
        return kExitRunFailed;
    case Outcome::Status::Failed:
        std::cerr << "error: experiment " << experiment.spec.name << ": " << outcome.message << "; " << where
                  << (outcome.restore.patchesApplied > 0 || !outcome.restore.complete() ? "; " + restore : std::string()) << '\n';
        return outcome.completed == 0 && outcome.record.id == 0 ? kExitBadInput : kExitRunFailed;
    case Outcome::Status::Completed:
        break;
    }
    for (const auto& metric : outcome.missingMetrics)
        std::cerr << "warning: metric '" << metric << "' had no value in any window; its table shows n/a\n";
    std::cout << "experiment " << experiment.spec.name << " (id " << outcome.record.id << " in " << projectPath << ") on "
              << context.contextName << "/" << target.nameSpace << ": " << experiment.spec.arms.size() << " arms x "
              << target.windowsPerArm << " windows = " << outcome.totalWindows << " windows; " << outcome.completed
              << " run now, " << outcome.alreadyDone << " already complete; " << restore << " (" << outcome.restore.patchesApplied
              << " patches, " << seconds(outcome.restoreSeconds) << " s)\n\n"
              << experiment::formatComparisonTable(experiment.spec, "live " + context.contextName + "/" + target.nameSpace,
                                                   outcome.results);
    return kExitOk;
}

} // namespace orrery::app
