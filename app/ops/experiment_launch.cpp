#include "ops/experiment_launch.h"

#include "ops/experiment_training.h"
#include "ops/log_line_stream.h"
#include "env/simulation.h"
#include "experiment/experiment_cells.h"
#include "experiment/trained_models.h"
#include "live/context_resolver.h"
#include "live/kube_client.h"
#include "live/kube_config_loader.h"
#include "live/live_error.h"
#include "live/prometheus_client.h"
#include "policy/plugin_error.h"
#include "store/store_error.h"

#include <algorithm>
#include <ostream>
#include <thread>

namespace orrery::app {
namespace {

using Status = ExperimentLaunchOutcome::Status;

//! "cell ID (WHERE): STATE: MESSAGE", as both front ends list a cell that did not complete.
std::string cellFailureLine(const std::string& cell, const std::string& where, const std::string& state,
                            const std::string& message)
{
    std::string line = "cell " + cell;
    if (!where.empty())
        line += " (" + where + ")";
    line += ": " + state;
    if (!message.empty())
        line += ": " + message;
    return line;
}

//! Registers a runner for cancel() while it runs, and unregisters it however run() ends.
template <typename Runner>
class ActiveRunner {
public:
    ActiveRunner(std::mutex& mutex, Runner*& slot, Runner& runner, const sim::RunControl& control)
        : m_mutex(mutex)
        , m_slot(slot)
    {
        const std::lock_guard lock(m_mutex);
        m_slot = &runner;
        if (control.isCancelled())
            runner.cancel();
    }
    ~ActiveRunner()
    {
        const std::lock_guard lock(m_mutex);
        m_slot = nullptr;
    }
    ActiveRunner(const ActiveRunner&) = delete;
    ActiveRunner& operator=(const ActiveRunner&) = delete;

private:
    std::mutex& m_mutex;
    Runner*& m_slot;
};

} // namespace

const char* toString(ExperimentBackend backend)
{
    switch (backend) {
    case ExperimentBackend::Slurm:
        return "slurm";
    case ExperimentBackend::Kubernetes:
        return "kubernetes";
    case ExperimentBackend::Local:
        break;
    }
    return "local";
}

ExperimentLauncher::ExperimentLauncher(const experiment::Experiment& experiment, const policy::PluginRegistry& registry,
                                       ExperimentLaunchRequest request, ExperimentLaunchCallbacks callbacks)
    : m_experiment(experiment)
    , m_registry(registry)
    , m_request(std::move(request))
    , m_callbacks(std::move(callbacks))
{
}

void ExperimentLauncher::cancel()
{
    m_control.cancel();
    const std::lock_guard lock(m_runnerMutex);
    if (m_runner)
        m_runner->cancel();
    if (m_liveRunner)
        m_liveRunner->cancel();
}

void ExperimentLauncher::log(const std::string& line) const
{
    if (m_callbacks.log)
        m_callbacks.log(line);
}

ExperimentLaunchOutcome ExperimentLauncher::run()
{
    ExperimentLaunchOutcome outcome;
    outcome.total = experiment::experimentCells(m_experiment.spec).size();
    try {
        if (m_experiment.spec.live)
            runLive(outcome);
        else if (m_request.backend == ExperimentBackend::Local || runRemotely(outcome))
            runLocally(outcome); // after a remote run every cell is merged: the runner only compares
    } catch (const env::SimulationSetupError& error) {
        outcome.status = Status::BadInput;
        outcome.message = error.what();
        outcome.messageIsDiagnostics = true;
    } catch (const store::StoreError& error) {
        outcome.status = Status::BadInput;
        outcome.message = error.what();
    } catch (const live::LiveError& error) {
        outcome.status = error.kind() == live::LiveError::Kind::Config ? Status::BadInput : Status::Failed;
        outcome.message = error.what();
    } catch (const std::exception& error) {
        // A plugin's or an arm's training failure; cancel during training ends it with an
        // exception too, and is still a cancel.
        outcome.status = m_control.isCancelled() ? Status::Cancelled : Status::Failed;
        outcome.message = error.what();
    }
    return outcome;
}

void ExperimentLauncher::runLocally(ExperimentLaunchOutcome& outcome)
{
    const std::string& projectPath = m_request.projectPath;
    experiment::ExperimentRunOptions options;
    options.jobs = m_request.jobs;
    options.models = experiment::latestTrainedModels(m_experiment, m_registry, projectPath);
    if (m_request.backend == ExperimentBackend::Local) {
        // Arms that train their own control policy do so first (or reuse the project's model).
        const unsigned threads = m_request.jobs > 0 ? m_request.jobs : std::max(1u, std::thread::hardware_concurrency());
        options.armModels = prepareArmModels(
            m_registry, m_experiment, projectPath, threads,
            [this](const std::string& text) { log(m_experiment.spec.name + ": " + text); }, m_control,
            m_callbacks.trainingEpisode);
    }
    experiment::ExperimentRunner runner(m_experiment, m_registry, projectPath, std::move(options));
    if (m_callbacks.localProgress)
        runner.setProgressCallback(m_callbacks.localProgress);
    experiment::ExperimentOutcome result;
    {
        const ActiveRunner active(m_runnerMutex, m_runner, runner, m_control);
        result = runner.run();
    }
    outcome.total = result.totalCells;
    outcome.complete = result.alreadyDone + result.completed;
    outcome.missingMetrics = result.missingMetrics;
    using RunStatus = experiment::ExperimentOutcome::Status;
    if (!result.storeError.empty()) {
        outcome.status = Status::Failed;
        outcome.message = result.storeError;
    } else if (result.status == RunStatus::Cancelled) {
        outcome.status = Status::Cancelled;
    } else if (result.status == RunStatus::Failed) {
        outcome.status = Status::Failed;
        for (const experiment::CellFailure& failure : result.failures)
            outcome.cellFailures.push_back(cellFailureLine(
                experiment::cellId(failure.cell), failure.runId ? "run " + std::to_string(*failure.runId) : std::string(),
                "failed", failure.message));
    } else {
        outcome.status = Status::Completed;
    }
    outcome.local = std::move(result);
}

void ExperimentLauncher::runLive(ExperimentLaunchOutcome& outcome)
{
    const experiment::LiveTarget& target = *m_experiment.spec.live;
    live::ResolvedContext context;
    try {
        live::ContextResolver resolver(live::KubeConfigLoader::loadDefault(target.kubeconfig));
        context = resolver.resolve(target.context);
    } catch (const live::LiveError& error) {
        outcome.status = Status::BadInput;
        outcome.message = m_experiment.spec.sourceFile + ": spec.live: " + error.what();
        return;
    }
    for (const auto& warning : context.warnings)
        log("warning: " + warning);
    outcome.liveContext = context.contextName;
    if (!m_request.actuate) {
        outcome.status = Status::BadInput;
        outcome.message = "actuation is off for context \"" + context.contextName + "\" namespace \"" + target.nameSpace + "\": "
            + (target.placement ? std::string("a placement experiment creates pods there and binds them; pass --actuate to enable it "
                                              "for this run (every pod is labelled, written to the project's audit log and "
                                              "deleted at the end of its window)")
                                : std::string("a live experiment changes replicas and limits there; pass --actuate to enable it for "
                                              "this run (every action is previewed with dryRun=All first, rate-limited and written "
                                              "to the project's audit log; the original state is restored at the end)"));
        return;
    }
    live_experiment::LiveExperimentOptions options;
    options.actuate = true;
    options.models = experiment::latestTrainedModels(m_experiment, m_registry, m_request.projectPath);
    live::KubeClient kube(context);
    live::PrometheusClient prometheus(target.prometheus);
    live_experiment::LiveExperimentRunner runner(m_experiment, m_registry, m_request.projectPath, kube, prometheus,
                                                 std::move(options));
    if (m_callbacks.liveProgress)
        runner.setProgressCallback(m_callbacks.liveProgress);
    runner.setLogCallback([this](const std::string& text) { log(m_experiment.spec.name + ": " + text); });
    live_experiment::LiveExperimentOutcome result;
    {
        const ActiveRunner active(m_runnerMutex, m_liveRunner, runner, m_control);
        result = runner.run();
    }
    outcome.total = result.totalWindows;
    outcome.complete = result.alreadyDone + result.completed;
    outcome.missingMetrics = result.missingMetrics;
    outcome.message = result.message;
    using LiveStatus = live_experiment::LiveExperimentOutcome::Status;
    switch (result.status) {
    case LiveStatus::Completed:
        outcome.status = Status::Completed;
        break;
    case LiveStatus::Cancelled:
        outcome.status = Status::Cancelled;
        break;
    case LiveStatus::GuardTripped:
    case LiveStatus::Failed:
        outcome.status = Status::Failed;
        break;
    }
    outcome.live = std::move(result);
}

bool ExperimentLauncher::runRemotely(ExperimentLaunchOutcome& outcome)
{
    const std::string& projectPath = m_request.projectPath;
    LogLineStream logStream([this](const std::string& line) { log(line); });
    std::ostream& backendLog = logStream.stream();
    const bool usesModels = !experiment::latestTrainedModels(m_experiment, m_registry, projectPath).empty();
    std::size_t alreadyComplete = 0;
    bool cancelled = false;
    if (m_request.backend == ExperimentBackend::Slurm) {
        SlurmOptions options = m_request.slurm;
        // Trainable plugins' cells load the project's latest models, as a local run would.
        if (usesModels)
            options.modelsFrom = projectPath;
        SlurmBackend backend(m_experiment, m_request.experimentFile, projectPath, std::move(options), backendLog);
        if (m_callbacks.remoteProgress)
            backend.setProgressCallback(m_callbacks.remoteProgress);
        const SlurmOutcome result = backend.run(m_control);
        outcome.total = result.totalCells;
        alreadyComplete = result.alreadyComplete;
        outcome.merged = result.merged;
        cancelled = result.cancelled;
        outcome.submission = result.jobId.empty() ? std::string() : "slurm job " + result.jobId;
        if (cancelled)
            outcome.message = outcome.submission + " cancelled (scancel)";
        for (const SlurmCellFailure& failure : result.failures)
            outcome.cellFailures.push_back(cellFailureLine(
                failure.cell, failure.jobTask.empty() ? std::string() : "slurm task " + failure.jobTask, failure.state,
                failure.message));
        outcome.statusFile = result.statusFile;
    } else {
        if (usesModels) {
            outcome.status = Status::BadInput;
            outcome.message = "experiment " + m_experiment.spec.name + " uses trained models from " + projectPath +
                              "; --backend kubernetes does not ship models to the pods yet: run it locally or with "
                              "--backend slurm";
            return false;
        }
        live::ContextResolver resolver(live::KubeConfigLoader::loadDefault(m_request.kubeconfig));
        live::ResolvedContext context = resolver.resolve(m_request.kubeContext);
        for (const auto& warning : context.warnings)
            log("warning: " + warning);
        live::KubeClient client(std::move(context));
        KubernetesBackend backend(m_experiment, projectPath, m_request.kubernetes, backendLog);
        if (m_callbacks.remoteProgress)
            backend.setProgressCallback(m_callbacks.remoteProgress);
        const KubernetesOutcome result = backend.run(client, m_control);
        outcome.total = result.totalCells;
        alreadyComplete = result.alreadyComplete;
        outcome.merged = result.merged;
        cancelled = result.cancelled;
        outcome.remoteDeleted = result.deleted;
        outcome.submission = result.job.empty() ? std::string() : "kubernetes job " + result.job;
        if (cancelled)
            outcome.message = outcome.submission + " deleted";
        for (const KubernetesCellFailure& failure : result.failures)
            outcome.cellFailures.push_back(cellFailureLine(failure.cell, failure.pod.empty() ? std::string() : "pod " + failure.pod,
                                                           failure.state, failure.message));
        outcome.statusFile = result.statusFile;
    }
    outcome.complete = alreadyComplete + outcome.merged;
    if (cancelled) {
        outcome.status = Status::Cancelled;
        return false;
    }
    if (!outcome.cellFailures.empty()) {
        outcome.status = Status::Failed;
        return false;
    }
    return true;
}

} // namespace orrery::app
