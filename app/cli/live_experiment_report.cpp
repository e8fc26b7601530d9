#include "cli/live_experiment_report.h"

#include "cli/commands.h"
#include "experiment/comparison_table.h"
#include "experiment/experiment.h"

#include <cstdio>
#include <iostream>

namespace orrery::app {
namespace {

using Outcome = live_experiment::LiveExperimentOutcome;

std::string seconds(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.3f", value);
    return text;
}

} // namespace

LiveProgressPrinter::LiveProgressPrinter(std::string name)
    : m_name(std::move(name))
    , m_start(std::chrono::steady_clock::now())
{
}

void LiveProgressPrinter::operator()(const live_experiment::LiveExperimentProgress& progress)
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

int reportLiveExperiment(const experiment::Experiment& experiment, const Outcome& outcome, const std::string& contextName,
                         const std::string& projectPath)
{
    const experiment::LiveTarget& target = *experiment.spec.live;
    const std::size_t complete = outcome.alreadyDone + outcome.completed;
    const std::string where = std::to_string(complete) + " of " + std::to_string(outcome.totalWindows) + " windows complete in " + projectPath;
    const std::string restore = target.placement
        ? (outcome.restored ? "its pods deleted" : "its pods NOT all deleted: the next run of the experiment deletes them")
        : (outcome.restored ? "original state restored" : "original state NOT fully restored: orrery live restore --project " + projectPath);
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
              << contextName << "/" << target.nameSpace << ": " << experiment.spec.arms.size() << " arms x "
              << target.windowsPerArm << " windows = " << outcome.totalWindows << " windows; " << outcome.completed
              << " run now, " << outcome.alreadyDone << " already complete; " << restore
              << (target.placement ? std::string()
                                   : " (" + std::to_string(outcome.restore.patchesApplied) + " patches, " + seconds(outcome.restoreSeconds) + " s)")
              << "\n\n"
              << experiment::formatComparisonTable(experiment.spec, "live " + contextName + "/" + target.nameSpace,
                                                   outcome.results);
    return kExitOk;
}

} // namespace orrery::app
