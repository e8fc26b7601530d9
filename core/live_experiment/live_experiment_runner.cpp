#include "live_experiment/live_experiment_runner.h"

#include "experiment/experiment_cells.h"
#include "experiment/experiment_record_of.h"
#include "experiment/experiment_run_recorder.h"
#include "live/experiment_pods.h"
#include "live/kube_client.h"
#include "live/live_environment.h"
#include "live/live_error.h"
#include "live/prometheus_client.h"
#include "live/promql_template.h"
#include "live_experiment/placement_window_run.h"
#include "live_experiment/slo_guard.h"
#include "live_experiment/window_run_info.h"
#include "live_experiment/window_schedule.h"
#include "policy/plugin_registry.h"
#include "store/experiment_store.h"
#include "store/live_audit.h"
#include "store/live_restore_points.h"
#include "store/project.h"
#include "store/store_error.h"

#include <cmath>
#include <cstdio>
#include <set>
#include <thread>
#include <tuple>

namespace orrery::live_experiment {
namespace {

using Clock = std::chrono::steady_clock;
using experiment::LiveTarget;

std::chrono::milliseconds toMilliseconds(sim::SimTime ns)
{
    return std::chrono::milliseconds(ns / 1'000'000);
}

sim::SimTime nanosecondsSince(Clock::time_point start)
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - start).count();
}

live::ActuationAuditSink auditInto(store::Project& project)
{
    return [&project](const live::ActuationRecord& record) {
        try {
            store::LiveAuditLog(project.database())
                .append({0, {}, record.context, record.nameSpace, record.target, record.actionJson, record.dryRun,
                         live::toString(record.outcome), record.message});
        } catch (const store::StoreError&) {
            // The audit must not stop a restore; the action itself already happened.
        }
    };
}

} // namespace

const char* toString(LiveExperimentOutcome::Status status)
{
    switch (status) {
    case LiveExperimentOutcome::Status::Completed: return "completed";
    case LiveExperimentOutcome::Status::Cancelled: return "cancelled";
    case LiveExperimentOutcome::Status::GuardTripped: return "guard tripped";
    case LiveExperimentOutcome::Status::Failed: return "failed";
    }
    return "failed";
}

int restorePendingPoints(const std::string& projectPath, live::KubeClient& kube, const std::string& nameSpace,
                         const std::string& reason, live::RestoreReport& report)
{
    store::Project project = store::Project::open(projectPath);
    store::LiveRestorePoints points(project.database());
    const std::vector<store::LiveRestorePoint> pending = points.pending(kube.context().contextName, nameSpace);
    if (pending.empty())
        return 0;
    // The oldest point holds the state before any of the interrupted experiments acted.
    const live::RestoreReport restored =
        live::restoreNamespaceState(kube, live::namespaceStateFromJson(pending.front().stateJson), auditInto(project));
    report.patchesApplied += restored.patchesApplied;
    report.errors.insert(report.errors.end(), restored.errors.begin(), restored.errors.end());
    if (restored.complete()) {
        for (const store::LiveRestorePoint& point : pending)
            points.markRestored(point.id, reason);
    }
    return static_cast<int>(pending.size());
}

LiveExperimentRunner::LiveExperimentRunner(const experiment::Experiment& experiment, const policy::PluginRegistry& registry,
                                           std::string projectPath, live::KubeClient& kube, live::PrometheusClient& prometheus,
                                           LiveExperimentOptions options)
    : m_experiment(experiment), m_registry(registry), m_projectPath(std::move(projectPath)), m_kube(kube),
      m_prometheus(prometheus), m_options(std::move(options))
{
}

void LiveExperimentRunner::log(const std::string& text) const
{
    if (m_log)
        m_log(text);
}

bool LiveExperimentRunner::sleepFor(std::chrono::milliseconds duration) const
{
    const auto end = Clock::now() + duration;
    while (Clock::now() < end) {
        if (m_control.isCancelled())
            return false;
        std::this_thread::sleep_for(std::min<Clock::duration>(std::chrono::milliseconds(50), end - Clock::now()));
    }
    return !m_control.isCancelled();
}

//! One window: the arm's policy acting through a LiveEnvironment, recorded as one run.
class LiveExperimentRunner::WindowRun {
public:
    using End = WindowEnd;

    WindowRun(LiveExperimentRunner& runner, store::Project& project, store::ExperimentId experiment, const LiveWindow& window,
              live::ActuationGuard& guard, std::optional<SloGuard>& sloGuard)
        : m_runner(runner), m_project(project), m_experimentId(experiment), m_window(window), m_guard(guard), m_sloGuard(sloGuard)
    {
    }

    End run(LiveExperimentProgress progress)
    {
        const experiment::ExperimentSpec& spec = m_runner.m_experiment.spec;
        const LiveTarget& target = *spec.live;
        const experiment::ArmSpec& arm = spec.arms.at(m_window.arm);
        const experiment::CellIndex cell{0, m_window.arm, static_cast<std::size_t>(m_window.armWindow - 1), 0};
        experiment::ExperimentRunRecorder recorder(m_project, m_experimentId, experiment::cellKey(spec, cell));

        policy::PolicyContext context;
        const model::PolicyChoice& choice = arm.policies.at("control");
        const auto model = m_runner.m_options.models.find(choice.plugin);
        if (model != m_runner.m_options.models.end())
            context.model = &model->second;
        policy::ControlPolicyPtr policy = m_runner.m_registry.createControl(choice, context);

        recorder.beginRun(windowRunInfo(spec, m_window, "control", choice.plugin + " " + context.params.toString()));
        const sim::SeriesId replicasSeries = recorder.defineSeries("live.replicas", "replicas");
        const sim::SeriesId cpuSeries = recorder.defineSeries("live.cpu_limit", "cores");
        const sim::SeriesId guardSeries = recorder.defineSeries("live.guard", "value");

        live::LiveEnvironmentOptions options;
        options.nameSpace = target.nameSpace;
        options.deployments = target.workloads;
        options.telemetryWindow = target.telemetryWindow;
        options.latencyQuery = target.latencyQuery;
        options.sloLatencyMs = target.sloLatencyMs;
        live::LiveEnvironment environment(m_runner.m_kube, &m_runner.m_prometheus, m_guard, auditInto(m_project), options);

        const auto start = Clock::now();
        const sim::SimTime total = target.washout + target.window;
        int failures = 0;
        std::string lastError;
        policy::Observation observation;
        bool observed = false;
        recorder.recordAnnotation({0, target.washout, "live.washout", target.nameSpace, 0});
        for (;;) {
            const sim::SimTime now = nanosecondsSince(start);
            progress.phase = now < target.washout ? "washout" : "measuring";
            progress.windowFraction = std::min(1.0, static_cast<double>(now) / static_cast<double>(total));
            if (m_runner.m_progress)
                m_runner.m_progress(progress);
            try {
                if (!observed) {
                    observation = environment.reset(m_window.armWindow);
                    observed = true;
                } else {
                    observation = environment.observe();
                }
                recordState(recorder, replicasSeries, cpuSeries, now, observation);
                if (m_sloGuard) {
                    const std::string promql = live::expandPromql(target.guard->promql, {{"namespace", target.nameSpace},
                                                                                         {"window", target.telemetryWindow}});
                    const std::optional<double> value = live::firstFiniteValue(m_runner.m_prometheus.query(promql));
                    if (value)
                        recorder.recordSample(guardSeries, now, *value);
                    if (m_sloGuard->check(value)) {
                        recorder.recordAnnotation({now, now, "live.guard-trip", target.nameSpace, m_sloGuard->lastValue()});
                        recorder.endRun(sim::RunStatus::Failed, m_sloGuard->reason());
                        return End::GuardTripped;
                    }
                }
                if (now >= total)
                    break;
                const std::vector<policy::ControlAction> actions = policy->decide(observation);
                environment.apply(actions);
                failures = 0;
            } catch (const live::LiveError& error) {
                lastError = error.what();
                m_runner.log("window " + std::to_string(m_window.order + 1) + ": " + lastError);
                if (++failures >= m_runner.m_options.maxConsecutiveFailures) {
                    m_message = "lost connection after " + std::to_string(failures) + " failed control periods: " + lastError;
                    recorder.endRun(sim::RunStatus::Failed, m_message);
                    return End::ConnectionLost;
                }
            }
            const sim::SimTime left = total - nanosecondsSince(start);
            const sim::SimTime wait = std::min(target.controlPeriod, std::max<sim::SimTime>(0, left));
            if (!m_runner.sleepFor(toMilliseconds(wait))) {
                recorder.endRun(sim::RunStatus::Cancelled, "cancelled");
                return End::Cancelled;
            }
        }

        // The window's metrics: each PromQL over exactly the measured part of the window.
        for (const experiment::LiveMetricQuery& metric : target.metrics) {
            const std::string promql = live::expandPromql(metric.promql, {{"namespace", target.nameSpace},
                                                                          {"window", live::promqlRange(target.window)}});
            try {
                const std::optional<double> value = live::firstFiniteValue(m_runner.m_prometheus.query(promql));
                recorder.recordMetric(metric.name, value.value_or(std::numeric_limits<double>::quiet_NaN()), metric.unit);
            } catch (const live::LiveError& error) {
                m_message = "metric " + metric.name + ": " + error.what();
                recorder.endRun(sim::RunStatus::Failed, m_message);
                return End::ConnectionLost;
            }
        }
        recorder.recordMetric("live.window_seconds", static_cast<double>(nanosecondsSince(start)) / 1e9, "s");
        recorder.endRun(sim::RunStatus::Completed, "");
        return End::Measured;
    }

    [[nodiscard]] const std::string& message() const { return m_message; }

private:
    static void recordState(experiment::ExperimentRunRecorder& recorder, sim::SeriesId replicas, sim::SeriesId cpu,
                            sim::SimTime now, const policy::Observation& observation)
    {
        double totalReplicas = 0;
        double totalCpu = 0;
        for (const policy::TargetObservation& target : observation.targets) {
            totalReplicas += target.replicas + target.pendingReplicas;
            totalCpu += target.limit[policy::indexOf(policy::ControlResource::Cpu)] * (target.replicas + target.pendingReplicas);
        }
        recorder.recordSample(replicas, now, totalReplicas);
        recorder.recordSample(cpu, now, totalCpu);
    }

    LiveExperimentRunner& m_runner;
    store::Project& m_project;
    store::ExperimentId m_experimentId;
    LiveWindow m_window;
    live::ActuationGuard& m_guard;
    std::optional<SloGuard>& m_sloGuard;
    std::string m_message;
};

LiveExperimentOutcome LiveExperimentRunner::run()
{
    const experiment::ExperimentSpec& spec = m_experiment.spec;
    LiveExperimentOutcome outcome;
    if (!spec.live) {
        outcome.message = "not a live experiment (spec.target is not live)";
        return outcome;
    }
    const LiveTarget& target = *spec.live;
    const std::string contextName = m_kube.context().contextName;
    if (!m_options.actuate) {
        outcome.message = "actuation is off for context \"" + contextName + "\" namespace \"" + target.nameSpace
                          + "\": enable it (orrery experiment … --actuate) to let the arms act (dry-run first, rate-limited, audited)";
        return outcome;
    }

    store::Project project = store::Project::open(m_projectPath);
    if (target.placement)
        return runPlacement(project);
    store::LiveRestorePoints restorePoints(project.database());
    const live::ActuationAuditSink audit = auditInto(project);
    try {
        // 1. What an earlier, killed run left changed.
        outcome.recoveredRestorePoints =
            restorePendingPoints(m_projectPath, m_kube, target.nameSpace, "recovered: an earlier run was interrupted", outcome.restore);
        if (outcome.recoveredRestorePoints > 0)
            log("restored the state an interrupted run left (" + std::to_string(outcome.recoveredRestorePoints) + " restore point"
                + (outcome.recoveredRestorePoints == 1 ? "" : "s") + ", " + std::to_string(outcome.restore.patchesApplied) + " patches)");
        if (!outcome.restore.complete()) {
            outcome.message = "cannot restore the state an interrupted run left: " + outcome.restore.errors.front();
            return outcome;
        }
    } catch (const live::LiveError& error) {
        outcome.message = std::string("cannot reach the cluster to restore an interrupted run's state: ") + error.what();
        return outcome;
    }

    store::ExperimentStore experiments(project);
    const std::vector<LiveWindow> todo = windowsToRun(experiments, outcome);

    // 2. The original state, durable before the first action.
    live::NamespaceState original;
    std::int64_t restorePoint = 0;
    try {
        original = live::captureNamespaceState(m_kube, target.nameSpace, target.workloads);
    } catch (const live::LiveError& error) {
        outcome.message = std::string("cannot read the namespace's Deployments: ") + error.what();
        return outcome;
    }
    if (original.deployments.empty()) {
        outcome.message = "namespace " + target.nameSpace + " has no Deployments to control";
        return outcome;
    }
    if (!todo.empty())
        restorePoint = restorePoints.save({0, {}, contextName, target.nameSpace, spec.name, live::toJson(original), {}, {}});

    const auto restoreOriginal = [&](const std::string& reason) {
        const auto start = Clock::now();
        outcome.restore = live::restoreNamespaceState(m_kube, original, audit);
        outcome.restoreSeconds = std::chrono::duration<double>(Clock::now() - start).count();
        outcome.restored = outcome.restore.complete();
        if (outcome.restored && restorePoint != 0) {
            try {
                restorePoints.markRestored(restorePoint, reason);
            } catch (const store::StoreError& error) { // restored all the same; the next start finds nothing to change
                log(std::string("could not mark the restore point restored: ") + error.what());
            }
        }
        char seconds[32];
        std::snprintf(seconds, sizeof seconds, "%.3f", outcome.restoreSeconds);
        log(outcome.restored ? "restored the original state (" + std::to_string(outcome.restore.patchesApplied) + " patches, "
                                   + seconds + " s): " + reason
                             : "could not restore everything (" + outcome.restore.errors.front()
                                   + "); the restore point stays in the project: orrery live restore --project P");
    };

    // 3. The windows.
    live::ActuationGuard guard(target.actuationBurst, target.actuationPerSecond);
    guard.enable(contextName, target.nameSpace);
    std::optional<SloGuard> sloGuard;
    if (target.guard)
        sloGuard.emplace(target.guard->threshold, target.guard->consecutive);
    LiveExperimentProgress progress;
    progress.windows = outcome.totalWindows;
    progress.alreadyDone = outcome.alreadyDone;
    for (const LiveWindow& window : todo) {
        progress.window = window.order;
        progress.arm = spec.arms[window.arm].name;
        progress.phase = "restoring";
        progress.windowFraction = 0;
        if (m_progress)
            m_progress(progress);
        // Every window starts from the original state, so no arm inherits another's changes.
        const live::RestoreReport reset = live::restoreNamespaceState(m_kube, original, audit);
        if (!reset.complete()) {
            outcome.message = "lost connection: " + reset.errors.front();
            restoreOriginal("connection lost");
            return outcome;
        }
        log("window " + std::to_string(window.order + 1) + "/" + std::to_string(outcome.totalWindows) + ": " + progress.arm
            + " (its window " + std::to_string(window.armWindow) + ")");
        WindowRun run(*this, project, outcome.record.id, window, guard, sloGuard);
        if (!finishWindow([&] { return run.run(progress); }, [&] { return run.message(); }, sloGuard, progress.arm,
                          restoreOriginal, outcome))
            return outcome;
    }

    // 4. Put the cluster back, then compare.
    progress.phase = "restoring the original state";
    if (m_progress)
        m_progress(progress);
    if (restorePoint != 0)
        restoreOriginal("completed");
    else
        outcome.restored = true;
    compare(experiments, outcome);
    return outcome;
}

bool LiveExperimentRunner::finishWindow(const std::function<WindowEnd()>& run, const std::function<std::string()>& runMessage,
                                        const std::optional<SloGuard>& sloGuard, const std::string& arm,
                                        const std::function<void(const std::string&)>& putBack, LiveExperimentOutcome& outcome) const
{
    WindowEnd end = WindowEnd::Failed;
    try {
        end = run();
    } catch (const policy::PluginError& error) {
        outcome.message = std::string("arm ") + arm + ": " + error.what();
        putBack("failed");
        return false;
    } catch (const std::exception& error) { // the project could not be written: stop, but put the cluster back
        outcome.message = error.what();
        putBack("failed");
        return false;
    }
    switch (end) {
    case WindowEnd::Measured:
        ++outcome.completed;
        return true;
    case WindowEnd::Cancelled:
        outcome.status = LiveExperimentOutcome::Status::Cancelled;
        outcome.message = "cancelled";
        putBack("cancelled");
        return false;
    case WindowEnd::GuardTripped:
        outcome.status = LiveExperimentOutcome::Status::GuardTripped;
        outcome.message = sloGuard->reason();
        log(outcome.message);
        putBack(outcome.message);
        return false;
    case WindowEnd::ConnectionLost:
    case WindowEnd::Failed:
        outcome.message = runMessage();
        putBack("connection lost");
        return false;
    }
    return false;
}

void LiveExperimentRunner::compare(store::ExperimentStore& experiments, LiveExperimentOutcome& outcome) const
{
    const std::vector<store::ExperimentCellMetric> metrics = experiments.cellMetrics(outcome.record.id);
    outcome.results = experiment::compareArms(m_experiment.spec, metrics, m_options.comparison);
    outcome.missingMetrics = experiment::missingMetrics(m_experiment.spec, metrics);
    experiments.saveResults(outcome.record.id, outcome.results);
    outcome.record = *experiments.experiment(outcome.record.id);
    outcome.status = LiveExperimentOutcome::Status::Completed;
}

std::vector<LiveWindow> LiveExperimentRunner::windowsToRun(store::ExperimentStore& experiments, LiveExperimentOutcome& outcome) const
{
    const experiment::ExperimentSpec& spec = m_experiment.spec;
    outcome.record = experiments.findOrCreate(experiment::experimentRecordOf(m_experiment));
    std::set<std::pair<std::string, std::uint64_t>> done;
    for (const store::ExperimentCellRun& run : experiments.completedCells(outcome.record.id))
        done.insert({run.cell.arm, run.cell.seed});
    const std::vector<LiveWindow> schedule = planWindows(spec.arms.size(), spec.live->windowsPerArm, spec.live->orderSeed);
    outcome.totalWindows = schedule.size();
    std::vector<LiveWindow> todo;
    for (const LiveWindow& window : schedule) {
        if (done.count({spec.arms[window.arm].name, window.armWindow}) == 0)
            todo.push_back(window);
    }
    outcome.alreadyDone = schedule.size() - todo.size();
    return todo;
}

int LiveExperimentRunner::deleteExperimentPods(store::Project& project, const std::string& reason) const
{
    const experiment::LiveTarget& target = *m_experiment.spec.live;
    const std::vector<std::string> deleted =
        live::deleteLabelledPods(m_kube, target.nameSpace, placementExperimentLabels(m_experiment.spec));
    for (const std::string& pod : deleted) {
        try {
            store::LiveAuditLog(project.database())
                .append({0, {}, m_kube.context().contextName, target.nameSpace, pod, R"({"pod":"delete"})", false, "applied", reason});
        } catch (const store::StoreError&) {
            // The audit must not stop a clean-up.
        }
    }
    return static_cast<int>(deleted.size());
}

LiveExperimentOutcome LiveExperimentRunner::runPlacement(store::Project& project)
{
    const experiment::ExperimentSpec& spec = m_experiment.spec;
    LiveExperimentOutcome outcome;
    // 1. The pods an earlier, killed run left: found by the experiment's label.
    try {
        outcome.recoveredPods = deleteExperimentPods(project, "recovered: an earlier run was interrupted");
        if (outcome.recoveredPods > 0)
            log("deleted the " + std::to_string(outcome.recoveredPods) + " pods an interrupted run left");
    } catch (const live::LiveError& error) {
        outcome.message = std::string("cannot reach the cluster to delete an interrupted run's pods: ") + error.what();
        return outcome;
    }
    store::ExperimentStore experiments(project);
    const std::vector<LiveWindow> todo = windowsToRun(experiments, outcome);
    const auto cleanUp = [&](const std::string& reason) {
        try {
            (void)deleteExperimentPods(project, reason);
            outcome.restored = true;
        } catch (const live::LiveError& error) {
            log(std::string("could not delete every pod the experiment submitted (") + error.what()
                + "); the next start deletes them");
        }
    };

    // 2. The windows, each from a namespace without the experiment's pods.
    std::optional<SloGuard> sloGuard;
    if (spec.live->guard)
        sloGuard.emplace(spec.live->guard->threshold, spec.live->guard->consecutive);
    LiveExperimentProgress progress;
    progress.windows = outcome.totalWindows;
    progress.alreadyDone = outcome.alreadyDone;
    for (const LiveWindow& window : todo) {
        progress.window = window.order;
        progress.arm = spec.arms[window.arm].name;
        log("window " + std::to_string(window.order + 1) + "/" + std::to_string(outcome.totalWindows) + ": " + progress.arm
            + " (its window " + std::to_string(window.armWindow) + ")");
        PlacementWindowRun::Context context{spec, m_registry, m_options.models, m_kube, m_prometheus, project, outcome.record.id,
                                            m_control, sloGuard, m_options.maxConsecutiveFailures,
                                            [&](double fraction, const char* phase) {
                                                progress.windowFraction = fraction;
                                                progress.phase = phase;
                                                if (m_progress)
                                                    m_progress(progress);
                                            },
                                            [this](const std::string& line) { log(line); }};
        PlacementWindowRun run(std::move(context), window);
        if (!finishWindow([&] { return run.run(); }, [&] { return run.message(); }, sloGuard, progress.arm, cleanUp, outcome))
            return outcome;
    }
    cleanUp("completed");
    compare(experiments, outcome);
    return outcome;
}

} // namespace orrery::live_experiment
