// `orrery experiment FILE --project P [--jobs N] [--quiet]`: run an experiment's arms × seeds ×
// repeats × sweep points into a project (resuming what is already there), compare the arms and
// print the comparison (docs/experiment-format.md). With `--backend slurm` the missing cells run
// as one Slurm job array, with `--backend kubernetes` as one Indexed Job; their shards are merged
// into the project first (docs/distributed.md).
#include "cli/commands.h"

#include "cli/command_line.h"
#include "cli/interrupt_guard.h"
#include "cli/live_experiment_report.h"
#include "ops/experiment_launch.h"
#include "ops/plugin_setup.h"
#include "ops/scenario_check.h"
#include "ops/text_format.h"
#include "experiment/comparison_table.h"
#include "experiment/experiment_check.h"
#include "experiment/experiment_loader.h"

#include <fstream>
#include <mutex>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>

namespace orrery::app {
namespace {

constexpr const char* kUsage =
    "usage: orrery experiment EXPERIMENT.yaml --project FILE.orrery [--jobs N] [--quiet] [--training-curves FILE.csv]\n"
    "       orrery experiment EXPERIMENT.yaml --project FILE.orrery --backend slurm [--partition NAME] [--time LIMIT]\n"
    "                         [--array-max N] [--cells-per-task N] [--shard-dir DIR] [--poll SECONDS]\n"
    "                         [--orrery-path PATH] [--quiet]\n"
    "       orrery experiment EXPERIMENT.yaml --project FILE.orrery --backend kubernetes --image IMAGE\n"
    "                         [--context C] [--namespace N] [--kubeconfig F] [--parallelism N] [--backoff-limit N]\n"
    "                         [--cpu Q] [--memory Q] [--shard-dir DIR] [--orrery-path PATH] [--quiet]\n"
    "       orrery experiment LIVE-EXPERIMENT.yaml --project FILE.orrery --actuate [--quiet]   (spec.target: live)";
constexpr std::uint64_t kMaxJobs = 4096;
constexpr std::size_t kMaxFailuresShown = 10;

//! Progress lines on stderr ("experiment demo-ab  12/30 runs  40%  elapsed 0:00:05  ETA 0:00:07"),
//! at most one per second plus the last, so logs stay readable.
class ExperimentProgressPrinter {
public:
    ExperimentProgressPrinter(std::ostream& out, std::string name)
        : m_out(out)
        , m_name(std::move(name))
    {
    }

    void operator()(const experiment::ExperimentProgress& progress)
    {
        const auto now = std::chrono::steady_clock::now();
        const bool last = progress.finished == progress.toRun;
        if (last ? m_printedLast : (m_printed && now - m_lastPrint < std::chrono::seconds(1)))
            return;
        m_printed = true;
        m_printedLast = last;
        m_lastPrint = now;
        char line[200];
        std::snprintf(line, sizeof line, "experiment %s  %zu/%zu runs  %3.0f%%  elapsed %s  ETA %s%s", m_name.c_str(),
                      progress.alreadyDone + progress.finished, progress.totalCells, 100.0 * progress.fraction,
                      clockText(progress.elapsedSeconds).c_str(), clockText(progress.etaSeconds).c_str(),
                      progress.failed > 0 ? ("  " + std::to_string(progress.failed) + " failed").c_str() : "");
        m_out << line << std::endl;
    }

private:
    std::ostream& m_out;
    std::string m_name;
    std::chrono::steady_clock::time_point m_lastPrint;
    bool m_printed = false;
    bool m_printedLast = false;
};

std::string cellText(const experiment::ExperimentSpec& spec, const store::ExperimentCell& cell)
{
    std::string text = "arm " + cell.arm + ", seed " + std::to_string(cell.seed);
    if (spec.repeats > 1)
        text += ", repeat " + std::to_string(cell.repeat + 1);
    if (spec.sweep)
        text += ", " + std::string(experiment::toString(spec.sweep->parameter)) + " " + cell.sweepValue;
    return text;
}

std::string plural(std::size_t count, const char* word)
{
    return std::to_string(count) + " " + word + (count == 1 ? "" : "s");
}

int report(const experiment::Experiment& experiment, const experiment::ExperimentOutcome& outcome,
           const std::string& projectPath)
{
    const experiment::ExperimentSpec& spec = experiment.spec;
    using Status = experiment::ExperimentOutcome::Status;
    const std::size_t complete = outcome.alreadyDone + outcome.completed;
    if (!outcome.storeError.empty()) {
        std::cerr << "error: " << outcome.storeError << "\nexperiment " << spec.name << " stopped: "
                  << complete << " of " << outcome.totalCells << " runs complete in " << projectPath << '\n';
        return kExitRunFailed;
    }
    if (outcome.status == Status::Failed) {
        for (std::size_t i = 0; i < outcome.failures.size() && i < kMaxFailuresShown; ++i) {
            const auto& failure = outcome.failures[i];
            std::cerr << "error: run " << (failure.runId ? std::to_string(*failure.runId) : std::string("?")) << " ("
                      << cellText(spec, failure.cell) << ") failed: " << failure.message << '\n';
        }
        if (outcome.failures.size() > kMaxFailuresShown)
            std::cerr << (outcome.failures.size() - kMaxFailuresShown) << " more runs failed\n";
        std::cerr << "experiment " << spec.name << ": " << plural(outcome.failures.size(), "run") << " failed; "
                  << complete << " of " << outcome.totalCells << " runs complete in " << projectPath
                  << "; no comparison stored\n";
        return kExitRunFailed;
    }
    if (outcome.status == Status::Cancelled) {
        std::cerr << "experiment " << spec.name << " cancelled: " << complete << " of " << outcome.totalCells
                  << " runs complete in " << projectPath;
        if (outcome.cancelled > 0)
            std::cerr << " (" << plural(outcome.cancelled, "run") << " in flight kept as cancelled)";
        std::cerr << "; run the same command again to resume\n";
        return kExitCancelled;
    }
    for (const auto& metric : outcome.missingMetrics) {
        std::cerr << "warning: metric '" << metric << "' was recorded by no run of " << spec.name
                  << "; its table shows n/a\n";
    }
    std::cout << "experiment " << spec.name << " (id " << outcome.record.id << " in " << projectPath << "): "
              << spec.pointCount() << (spec.sweep ? " sweep points x " : " point x ") << plural(spec.arms.size(), "arm")
              << " x " << plural(spec.seeds.size(), "seed") << " x " << plural(static_cast<std::size_t>(spec.repeats), "repeat")
              << " = " << plural(outcome.totalCells, "run") << "; " << outcome.completed << " run now, "
              << outcome.alreadyDone << " already complete\n\n"
              << experiment::formatComparisonTable(spec, experiment.scenario.name, outcome.results);
    return kExitOk;
}

//! --backend slurm's options, checked.
SlurmOptions slurmOptions(const CommandLine& line)
{
    SlurmOptions options;
    options.partition = line.value("partition").value_or("");
    options.timeLimit = line.value("time").value_or("");
    options.shardDir = line.value("shard-dir").value_or("");
    options.orrery = line.value("orrery-path").value_or("");
    options.arrayMax = static_cast<std::size_t>(line.unsignedValue("array-max").value_or(0));
    options.cellsPerTask = static_cast<std::size_t>(line.unsignedValue("cells-per-task").value_or(0));
    if (const auto poll = line.value("poll")) {
        char* end = nullptr;
        const double seconds = std::strtod(poll->c_str(), &end);
        if (end == poll->c_str() || *end != '\0' || !(seconds >= 0.05 && seconds <= 3600))
            throw UsageError{"option --poll: expected seconds between 0.05 and 3600, got '" + *poll + "'"};
        options.poll = std::chrono::milliseconds(static_cast<std::int64_t>(std::llround(seconds * 1000)));
    }
    return options;
}

//! --backend kubernetes's options, checked.
KubernetesOptions kubernetesOptions(const CommandLine& line)
{
    KubernetesOptions options;
    const auto image = line.value("image");
    if (!image || image->empty())
        throw UsageError{"option --backend kubernetes needs --image IMAGE (an image with orrery on its PATH: packaging/Containerfile)"};
    options.image = *image;
    options.nameSpace = line.value("namespace").value_or("");
    options.cpu = line.value("cpu").value_or("");
    options.memory = line.value("memory").value_or("");
    options.shardDir = line.value("shard-dir").value_or("");
    options.orrery = line.value("orrery-path").value_or("orrery");
    options.parallelism = static_cast<std::size_t>(line.unsignedValue("parallelism").value_or(0));
    options.backoffLimit = static_cast<std::size_t>(line.unsignedValue("backoff-limit").value_or(3));
    return options;
}

//! What a remote backend's run says when it stopped before the comparison; nullopt when it
//! did not stop there (every cell merged, or a local run).
std::optional<int> reportRemote(const experiment::ExperimentSpec& spec, const ExperimentLaunchOutcome& outcome,
                                ExperimentBackend backend, const std::string& projectPath, bool quiet)
{
    using Status = ExperimentLaunchOutcome::Status;
    const char* engine = backend == ExperimentBackend::Slurm ? "Slurm" : "Kubernetes";
    if (outcome.status == Status::Cancelled && !outcome.local) {
        std::cerr << "experiment " << spec.name << " cancelled: " << outcome.message << "; " << outcome.complete << " of "
                  << outcome.total << " cells complete in " << projectPath
                  << "; run the same command again to resubmit the rest\n";
        return kExitCancelled;
    }
    if (!outcome.cellFailures.empty() && !outcome.local) {
        for (std::size_t i = 0; i < outcome.cellFailures.size() && i < kMaxFailuresShown; ++i)
            std::cerr << "error: " << outcome.cellFailures[i] << '\n';
        if (outcome.cellFailures.size() > kMaxFailuresShown)
            std::cerr << (outcome.cellFailures.size() - kMaxFailuresShown) << " more cells failed\n";
        constexpr std::string_view kKubernetesJob = "kubernetes ";
        const std::string kept = backend == ExperimentBackend::Kubernetes && outcome.submission.starts_with(kKubernetesJob)
            ? "; " + outcome.submission.substr(kKubernetesJob.size()) + " kept for inspection"
            : std::string();
        std::cerr << "experiment " << spec.name << ": " << plural(outcome.cellFailures.size(), "cell") << " failed under " << engine
                  << "; " << outcome.complete << " of " << outcome.total << " cells complete in " << projectPath << "; states in "
                  << outcome.statusFile << kept << "; run the same command again to resubmit them; no comparison stored\n";
        return kExitRunFailed;
    }
    if (!quiet && !outcome.submission.empty()) {
        std::cerr << "experiment " << spec.name << ": " << outcome.submission << " done, " << plural(outcome.merged, "cell")
                  << " merged into " << projectPath << (outcome.remoteDeleted ? "; job and configmap deleted" : "") << '\n';
    }
    return std::nullopt;
}

} // namespace

int runExperimentCommand(const std::vector<std::string>& args)
{
    if (!args.empty() && args.front() == "merge")
        return runExperimentMergeCommand({args.begin() + 1, args.end()});
    const CommandLine line(args,
                           {"project", "jobs", "training-curves", "backend", "partition", "time", "array-max",
                            "cells-per-task", "shard-dir", "poll", "orrery-path", "image", "context", "namespace",
                            "kubeconfig", "parallelism", "backoff-limit", "cpu", "memory"},
                           {"quiet", "actuate"});
    if (line.positionals().size() != 1)
        throw UsageError{kUsage};
    const auto projectPath = line.value("project");
    if (!projectPath)
        throw UsageError{"orrery experiment: --project FILE.orrery is required (the runs and the comparison are stored there)"};
    unsigned workers = 0; // every core
    if (const auto jobs = line.unsignedValue("jobs")) {
        if (*jobs == 0 || *jobs > kMaxJobs)
            throw UsageError{"option --jobs: expected 1 to " + std::to_string(kMaxJobs) + " worker threads, got " + std::to_string(*jobs)};
        workers = static_cast<unsigned>(*jobs);
    }
    const bool quiet = line.flag("quiet");
    const std::string backend = line.value("backend").value_or("local");
    if (backend != "local" && backend != "slurm" && backend != "kubernetes")
        throw UsageError{"option --backend: expected local, slurm or kubernetes, got '" + backend + "'"};
    const char* const slurmOnly[] = {"partition", "time", "array-max", "cells-per-task", "poll"};
    const char* const kubernetesOnly[] = {"image", "context", "namespace", "kubeconfig", "parallelism", "backoff-limit", "cpu", "memory"};
    for (const char* option : {"shard-dir", "orrery-path"}) {
        if (backend == "local" && line.value(option))
            throw UsageError{std::string("option --") + option + " needs --backend slurm or kubernetes"};
    }
    if (backend != "slurm") {
        for (const char* option : slurmOnly) {
            if (line.value(option))
                throw UsageError{std::string("option --") + option + " needs --backend slurm"};
        }
    }
    if (backend != "kubernetes") {
        for (const char* option : kubernetesOnly) {
            if (line.value(option))
                throw UsageError{std::string("option --") + option + " needs --backend kubernetes"};
        }
    }
    if (backend != "local") {
        for (const char* option : {"jobs", "training-curves"}) {
            if (line.value(option))
                throw UsageError{std::string("option --") + option + " applies to --backend local only (" +
                                 (backend == "slurm" ? "Slurm runs each cell as its own task)" : "Kubernetes runs each cell as its own pod)")};
        }
    }
    const std::optional<KubernetesOptions> kubernetes = backend == "kubernetes" ? std::optional(kubernetesOptions(line)) : std::nullopt;
    const std::optional<SlurmOptions> slurm = backend == "slurm" ? std::optional(slurmOptions(line)) : std::nullopt;

    policy::PluginRegistry registry;
    loadPlugins(registry, std::cerr);
    CheckedExperiment checked = checkExperimentFile(line.positionals().front(), registry);
    for (const auto& warning : checked.warnings)
        std::cerr << experiment::formatWarning(warning) << '\n';
    if (!checked.experiment) {
        std::cerr << model::formatAll(checked.diagnostics);
        return kExitBadInput;
    }
    const experiment::Experiment& experiment = *checked.experiment;
    if (experiment.spec.live) {
        if (backend != "local" || line.value("jobs") || line.value("training-curves"))
            throw UsageError{"a live experiment (spec.target: live) runs its windows one after another on the cluster; "
                             "--backend, --jobs and --training-curves do not apply"};
    } else if (line.flag("actuate")) {
        throw UsageError{"option --actuate applies to live experiments (spec.target: live) only"};
    }

    ExperimentLaunchRequest request;
    request.experimentFile = line.positionals().front();
    request.projectPath = *projectPath;
    request.backend = slurm ? ExperimentBackend::Slurm : kubernetes ? ExperimentBackend::Kubernetes : ExperimentBackend::Local;
    request.jobs = workers;
    if (slurm)
        request.slurm = *slurm;
    if (kubernetes)
        request.kubernetes = *kubernetes;
    request.kubeContext = line.value("context").value_or("");
    request.kubeconfig = line.value("kubeconfig").value_or("");
    request.actuate = line.flag("actuate");

    std::mutex logMutex;
    // --training-curves FILE.csv: every training episode's mean reward, the team's and each agent's.
    std::ofstream curves;
    if (const auto path = line.value("training-curves")) {
        curves.open(*path, std::ios::trunc);
        if (!curves)
            throw UsageError{"option --training-curves: cannot write '" + *path + "'"};
        curves << "arm,episode,agent,mean_reward,agents_added,agents_removed\n";
    }
    ExperimentLaunchCallbacks callbacks;
    callbacks.log = [&](const std::string& text) {
        if (quiet && !text.starts_with("warning: "))
            return;
        const std::lock_guard lock(logMutex);
        std::cerr << text << '\n';
    };
    if (curves.is_open()) {
        callbacks.trainingEpisode = [&](const std::string& arm, const policy::ControlEpisodeReport& report) {
            const std::lock_guard lock(logMutex);
            curves << arm << ',' << report.episode << ",," << report.meanReward << ',' << report.agentsAdded << ','
                   << report.agentsRemoved << '\n';
            for (const auto& [agent, reward] : report.agentRewards)
                curves << arm << ',' << report.episode << ',' << agent << ',' << reward << ",,\n";
        };
    }
    ExperimentProgressPrinter printer(std::cerr, experiment.spec.name);
    LiveProgressPrinter livePrinter(experiment.spec.name);
    if (!quiet) {
        callbacks.localProgress = [&](const experiment::ExperimentProgress& progress) { printer(progress); };
        callbacks.liveProgress = [&](const live_experiment::LiveExperimentProgress& progress) { livePrinter(progress); };
    }
    ExperimentLauncher launcher(experiment, registry, request, std::move(callbacks));
    ExperimentLaunchOutcome outcome;
    {
        InterruptGuard guard([&launcher] { launcher.cancel(); });
        outcome = launcher.run();
    }
    using Status = ExperimentLaunchOutcome::Status;
    if (outcome.status == Status::BadInput) {
        if (outcome.messageIsDiagnostics)
            std::cerr << outcome.message << (outcome.message.ends_with('\n') ? "" : "\n");
        else
            std::cerr << "error: " << outcome.message << '\n';
        return kExitBadInput;
    }
    if (outcome.live)
        return reportLiveExperiment(experiment, *outcome.live, outcome.liveContext, *projectPath);
    if (request.backend != ExperimentBackend::Local) {
        if (const auto exitCode = reportRemote(experiment.spec, outcome, request.backend, *projectPath, quiet))
            return *exitCode;
    }
    if (!outcome.local) { // a plugin or an arm's training failed (or was cancelled) before any run
        std::cerr << "error: " << outcome.message << '\n';
        return kExitRunFailed;
    }
    return report(experiment, *outcome.local, *projectPath);
}

} // namespace orrery::app
