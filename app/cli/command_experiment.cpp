// `orrery experiment FILE --project P [--jobs N] [--quiet]`: run an experiment's arms × seeds ×
// repeats × sweep points into a project (resuming what is already there), compare the arms and
// print the comparison (docs/experiment-format.md). With `--backend slurm` the missing cells run
// as one Slurm job array, with `--backend kubernetes` as one Indexed Job; their shards are merged
// into the project first (docs/distributed.md).
#include "cli/commands.h"

#include "cli/command_line.h"
#include "cli/interrupt_guard.h"
#include "cli/live_experiment_command.h"
#include "cli/kubernetes_backend.h"
#include "cli/plugin_setup.h"
#include "cli/scenario_check.h"
#include "cli/slurm_backend.h"
#include "cli/text_format.h"
#include "env/simulation.h"
#include "experiment/comparison_table.h"
#include "experiment/experiment_check.h"
#include "experiment/experiment_loader.h"
#include "experiment/experiment_runner.h"
#include "experiment/trained_models.h"
#include "experiment_training.h"
#include "live/context_resolver.h"
#include "live/kube_client.h"
#include "live/kube_config_loader.h"
#include "live/live_error.h"
#include "policy/plugin_error.h"
#include "sim/run_control.h"

#include <fstream>
#include <mutex>
#include <thread>
#include "store/store_error.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>
#include <sstream>

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

//! Runs the experiment's missing cells on Slurm and merges them (docs/distributed.md). Returns
//! nullopt when every cell is now complete (the comparison follows), else the exit code.
std::optional<int> runOnSlurm(const experiment::Experiment& experiment, const std::string& experimentFile,
                              const std::string& projectPath, SlurmOptions options,
                              const policy::PluginRegistry& registry, bool quiet)
{
    const experiment::ExperimentSpec& spec = experiment.spec;
    // Trainable plugins' cells load the project's latest models, as a local run would.
    if (!experiment::latestTrainedModels(experiment, registry, projectPath).empty())
        options.modelsFrom = projectPath;
    std::ostringstream silent;
    SlurmBackend backend(experiment, experimentFile, projectPath, std::move(options), quiet ? silent : std::cerr);
    sim::RunControl control;
    SlurmOutcome outcome;
    {
        InterruptGuard guard(control);
        outcome = backend.run(control);
    }
    const std::size_t complete = outcome.alreadyComplete + outcome.merged;
    if (outcome.cancelled) {
        std::cerr << "experiment " << spec.name << " cancelled: slurm job " << outcome.jobId << " cancelled (scancel); "
                  << complete << " of " << outcome.totalCells << " cells complete in " << projectPath
                  << "; run the same command again to resubmit the rest\n";
        return kExitCancelled;
    }
    if (!outcome.failures.empty()) {
        for (std::size_t i = 0; i < outcome.failures.size() && i < kMaxFailuresShown; ++i) {
            const SlurmCellFailure& failure = outcome.failures[i];
            std::cerr << "error: cell " << failure.cell;
            if (!failure.jobTask.empty())
                std::cerr << " (slurm task " << failure.jobTask << ")";
            std::cerr << ": " << failure.state << (failure.message.empty() ? "" : ": " + failure.message) << '\n';
        }
        if (outcome.failures.size() > kMaxFailuresShown)
            std::cerr << (outcome.failures.size() - kMaxFailuresShown) << " more cells failed\n";
        std::cerr << "experiment " << spec.name << ": " << plural(outcome.failures.size(), "cell") << " failed under Slurm; "
                  << complete << " of " << outcome.totalCells << " cells complete in " << projectPath << "; states in "
                  << outcome.statusFile << "; run the same command again to resubmit them; no comparison stored\n";
        return kExitRunFailed;
    }
    if (!quiet && !outcome.jobId.empty()) {
        std::cerr << "experiment " << spec.name << ": slurm job " << outcome.jobId << " done, "
                  << plural(outcome.merged, "cell") << " merged into " << projectPath << '\n';
    }
    return std::nullopt;
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

//! Runs the experiment's missing cells as a Kubernetes Indexed Job and merges them
//! (docs/distributed.md). Returns nullopt when every cell is now complete, else the exit code.
std::optional<int> runOnKubernetes(const experiment::Experiment& experiment, const CommandLine& line, const std::string& projectPath,
                                   KubernetesOptions options, const policy::PluginRegistry& registry, bool quiet)
{
    const experiment::ExperimentSpec& spec = experiment.spec;
    if (!experiment::latestTrainedModels(experiment, registry, projectPath).empty()) {
        std::cerr << "error: experiment " << spec.name << " uses trained models from " << projectPath
                  << "; --backend kubernetes does not ship models to the pods yet: run it locally or with --backend slurm\n";
        return kExitBadInput;
    }
    std::ostringstream silent;
    KubernetesOutcome outcome;
    try {
        live::ContextResolver resolver(live::KubeConfigLoader::loadDefault(line.value("kubeconfig").value_or("")));
        live::ResolvedContext context = resolver.resolve(line.value("context").value_or(""));
        for (const auto& warning : context.warnings)
            std::cerr << "warning: " << warning << '\n';
        live::KubeClient client(std::move(context));
        KubernetesBackend backend(experiment, projectPath, std::move(options), quiet ? silent : std::cerr);
        sim::RunControl control;
        InterruptGuard guard(control);
        outcome = backend.run(client, control);
    } catch (const live::LiveError& error) {
        std::cerr << "error: " << error.what() << '\n';
        return error.kind() == live::LiveError::Kind::Config ? kExitBadInput : kExitRunFailed;
    }
    const std::size_t complete = outcome.alreadyComplete + outcome.merged;
    if (outcome.cancelled) {
        std::cerr << "experiment " << spec.name << " cancelled: kubernetes job " << outcome.job << " deleted; " << complete << " of "
                  << outcome.totalCells << " cells complete in " << projectPath
                  << "; run the same command again to resubmit the rest\n";
        return kExitCancelled;
    }
    if (!outcome.failures.empty()) {
        for (std::size_t i = 0; i < outcome.failures.size() && i < kMaxFailuresShown; ++i) {
            const KubernetesCellFailure& failure = outcome.failures[i];
            std::cerr << "error: cell " << failure.cell;
            if (!failure.pod.empty())
                std::cerr << " (pod " << failure.pod << ")";
            std::cerr << ": " << failure.state << (failure.message.empty() ? "" : ": " + failure.message) << '\n';
        }
        if (outcome.failures.size() > kMaxFailuresShown)
            std::cerr << (outcome.failures.size() - kMaxFailuresShown) << " more cells failed\n";
        std::cerr << "experiment " << spec.name << ": " << plural(outcome.failures.size(), "cell") << " failed under Kubernetes; "
                  << complete << " of " << outcome.totalCells << " cells complete in " << projectPath << "; states in "
                  << outcome.statusFile << (outcome.job.empty() ? "" : "; job " + outcome.job + " kept for inspection")
                  << "; run the same command again to resubmit them; no comparison stored\n";
        return kExitRunFailed;
    }
    if (!quiet && !outcome.job.empty()) {
        std::cerr << "experiment " << spec.name << ": kubernetes job " << outcome.job << " done, " << plural(outcome.merged, "cell")
                  << " merged into " << projectPath << (outcome.deleted ? "; job and configmap deleted" : "") << '\n';
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
    experiment::ExperimentRunOptions options;
    if (const auto jobs = line.unsignedValue("jobs")) {
        if (*jobs == 0 || *jobs > kMaxJobs)
            throw UsageError{"option --jobs: expected 1 to " + std::to_string(kMaxJobs) + " worker threads, got " + std::to_string(*jobs)};
        options.jobs = static_cast<unsigned>(*jobs);
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
        try {
            return runLiveExperiment(experiment, line, *projectPath, registry, quiet);
        } catch (const store::StoreError& error) {
            std::cerr << "error: " << error.what() << '\n';
            return kExitBadInput;
        }
    }
    if (line.flag("actuate"))
        throw UsageError{"option --actuate applies to live experiments (spec.target: live) only"};

    experiment::ExperimentOutcome outcome;
    try {
        if (slurm) {
            // Every cell runs on Slurm; once all are merged the runner below only compares.
            if (const auto exitCode = runOnSlurm(experiment, line.positionals().front(), *projectPath, *slurm, registry, quiet))
                return *exitCode;
        }
        if (kubernetes) {
            if (const auto exitCode = runOnKubernetes(experiment, line, *projectPath, *kubernetes, registry, quiet))
                return *exitCode;
        }
        options.models = experiment::latestTrainedModels(experiment, registry, *projectPath);
        if (!slurm && !kubernetes) {
            // Arms that train their own control policy do so first (or reuse the project's model).
            sim::RunControl trainingControl;
            InterruptGuard trainingGuard(trainingControl);
            std::mutex logMutex;
            // --training-curves FILE.csv: every training episode's mean reward, the team's and each agent's.
            std::ofstream curves;
            if (const auto path = line.value("training-curves")) {
                curves.open(*path, std::ios::trunc);
                if (!curves)
                    throw UsageError{"option --training-curves: cannot write '" + *path + "'"};
                curves << "arm,episode,agent,mean_reward,agents_added,agents_removed\n";
            }
            options.armModels = prepareArmModels(
                registry, experiment, *projectPath, options.jobs > 0 ? options.jobs : std::max(1u, std::thread::hardware_concurrency()),
                [&](const std::string& text) {
                    if (quiet)
                        return;
                    const std::lock_guard lock(logMutex);
                    std::cerr << experiment.spec.name << ": " << text << '\n';
                },
                trainingControl,
                [&](const std::string& arm, const policy::ControlEpisodeReport& report) {
                    if (!curves.is_open())
                        return;
                    const std::lock_guard lock(logMutex);
                    curves << arm << ',' << report.episode << ",," << report.meanReward << ',' << report.agentsAdded << ','
                           << report.agentsRemoved << '\n';
                    for (const auto& [agent, reward] : report.agentRewards)
                        curves << arm << ',' << report.episode << ',' << agent << ',' << reward << ",,\n";
                });
        }
        experiment::ExperimentRunner runner(experiment, registry, *projectPath, std::move(options));
        ExperimentProgressPrinter printer(std::cerr, experiment.spec.name);
        if (!quiet)
            runner.setProgressCallback([&](const experiment::ExperimentProgress& progress) { printer(progress); });
        InterruptGuard guard(runner.control());
        outcome = runner.run();
    } catch (const env::SimulationSetupError& error) {
        std::cerr << error.what() << (std::string_view(error.what()).ends_with('\n') ? "" : "\n");
        return kExitBadInput;
    } catch (const store::StoreError& error) {
        std::cerr << "error: " << error.what() << '\n';
        return kExitBadInput;
    } catch (const policy::PluginError& error) {
        std::cerr << "error: " << error.what() << '\n';
        return kExitRunFailed;
    } catch (const std::runtime_error& error) { // an arm's training failed or was cancelled
        std::cerr << "error: " << error.what() << '\n';
        return kExitRunFailed;
    }
    return report(experiment, outcome, *projectPath);
}

} // namespace orrery::app
