#include "live_experiment/placement_window_run.h"

#include "analysis/sample_summary.h"
#include "experiment/experiment_cells.h"
#include "experiment/experiment_run_recorder.h"
#include "live/experiment_pods.h"
#include "live/kube_client.h"
#include "live/live_error.h"
#include "live/live_scheduler.h"
#include "live/prometheus_client.h"
#include "live/promql_template.h"
#include "live/scheduling_filters.h"
#include "live_experiment/window_run_info.h"
#include "policy/plugin_registry.h"
#include "sim/rng_stream.h"
#include "store/live_audit.h"
#include "store/project.h"
#include "store/store_error.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <set>
#include <thread>

namespace orrery::live_experiment {
namespace {

using Clock = std::chrono::steady_clock;

constexpr auto kSchedulingPass = std::chrono::milliseconds(200);

double seconds(Clock::duration duration)
{
    return std::chrono::duration<double>(duration).count();
}

double meanOf(const std::vector<double>& values)
{
    if (values.empty())
        return std::numeric_limits<double>::quiet_NaN();
    double sum = 0;
    for (const double value : values)
        sum += value;
    return sum / static_cast<double>(values.size());
}

double p99Of(std::vector<double> values)
{
    if (values.empty())
        return std::numeric_limits<double>::quiet_NaN();
    std::sort(values.begin(), values.end());
    return analysis::quantileOfSorted(values, 0.99);
}

//! Of the CPU left free on the schedulable nodes, the share on nodes where one more pod of the
//! window's shape no longer fits (by any resource, taint or the pod limit): capacity that is free
//! but stranded for this workload, as fragmentation is measured for GPU clusters.
double fragmentation(const std::vector<live::KubeNode>& nodes, const std::vector<live::KubePod>& pods, const live::KubePod& shape)
{
    const std::map<std::string, live::NodeUsage> usage = live::nodeUsage(pods);
    double freeCpu = 0;
    double strandedCpu = 0;
    for (const live::KubeNode& node : nodes) {
        if (!node.ready || node.unschedulable)
            continue;
        const auto used = usage.find(node.meta.name);
        const live::NodeUsage current = used == usage.end() ? live::NodeUsage{} : used->second;
        const double free = static_cast<double>(std::max<std::int64_t>(0, node.allocatable.millicores - current.requested.millicores));
        freeCpu += free;
        if (!live::unfitReasons(node, current, shape).empty())
            strandedCpu += free;
    }
    return freeCpu > 0 ? strandedCpu / freeCpu : 0.0;
}

} // namespace

std::map<std::string, std::string> placementExperimentLabels(const experiment::ExperimentSpec& spec)
{
    return {{live::kLiveExperimentLabel, spec.name}}; // experiment and arm names are DNS labels already (readName)
}

PlacementWindowRun::PlacementWindowRun(Context context, const LiveWindow& window)
    : m_context(std::move(context)), m_window(window)
{
}

PlacementWindowRun::End PlacementWindowRun::run()
{
    const experiment::ExperimentSpec& spec = m_context.spec;
    const experiment::LiveTarget& target = *spec.live;
    const experiment::LivePlacementWorkload& placement = *target.placement;
    const experiment::ArmSpec& arm = spec.arms.at(m_window.arm);
    const experiment::CellIndex cell{0, m_window.arm, static_cast<std::size_t>(m_window.armWindow - 1), 0};
    experiment::ExperimentRunRecorder recorder(m_context.project, m_context.experimentId, experiment::cellKey(spec, cell));
    const std::string contextName = m_context.kube.context().contextName;

    // The arm's policy, seeded per window so that a random policy draws the same in a rerun.
    const model::PolicyChoice& choice = arm.policies.at("placement");
    sim::RngStream rng(m_window.armWindow, "live/placement/" + arm.name);
    policy::PolicyContext policyContext;
    policyContext.rng = &rng;
    if (const auto model = m_context.models.find(choice.plugin); model != m_context.models.end())
        policyContext.model = &model->second;
    const policy::PlacementPolicyPtr policy = m_context.registry.createPlacement(choice, policyContext);

    recorder.beginRun(windowRunInfo(spec, m_window, "placement", choice.plugin + " " + policyContext.params.toString()));
    const sim::SeriesId boundSeries = recorder.defineSeries("live.pods_bound", "pods");

    const auto audit = [&](const std::string& pod, const char* verb, const std::string& outcome, const std::string& message) {
        try {
            store::LiveAuditLog(m_context.project.database())
                .append({0, {}, contextName, target.nameSpace, pod, nlohmann::json({{"pod", verb}}).dump(), false, outcome, message});
        } catch (const store::StoreError&) {
            // The audit must not stop a clean-up; the change itself already happened.
        }
    };
    std::map<std::string, std::string> labels = placementExperimentLabels(spec);
    labels["orrery.dev/arm"] = arm.name;
    labels["orrery.dev/window"] = std::to_string(m_window.order + 1);
    const auto deleteWindowPods = [&]() -> bool {
        try {
            for (const std::string& pod : live::deleteLabelledPods(m_context.kube, target.nameSpace, labels))
                audit(pod, "delete", "applied", "end of window " + std::to_string(m_window.order + 1));
            return true;
        } catch (const live::LiveError& error) {
            m_context.log("window " + std::to_string(m_window.order + 1) + ": could not delete its pods: " + error.what());
            return false;
        }
    };
    const auto fail = [&](End end, sim::RunStatus status, const std::string& message) {
        m_message = message;
        deleteWindowPods();
        recorder.endRun(status, message);
        return end;
    };

    // 1. The window's pods, all at once: every arm gets the same burst to place.
    const auto start = Clock::now();
    std::map<std::string, Clock::time_point> created; // "namespace/name" → when its create returned
    live::KubePod shape;
    for (int i = 0; i < placement.pods; ++i) {
        live::SubmittedPod pod;
        pod.name = spec.name + "-" + arm.name + "-w" + std::to_string(m_window.order + 1) + "-" + std::to_string(i);
        pod.nameSpace = target.nameSpace;
        pod.labels = labels;
        pod.schedulerName = placement.schedulerName;
        pod.image = placement.image;
        pod.millicores = placement.millicores;
        pod.memoryBytes = placement.memoryBytes;
        pod.gpus = placement.gpus;
        if (i == 0)
            shape = live::asKubePod(pod);
        try {
            live::createPod(m_context.kube, pod);
        } catch (const live::LiveError& error) {
            audit(pod.name, "create", "failed", error.what());
            return fail(End::ConnectionLost, sim::RunStatus::Failed, std::string("cannot submit the window's pods: ") + error.what());
        }
        audit(pod.name, "create", "applied", "window " + std::to_string(m_window.order + 1) + ", arm " + arm.name);
        created[pod.nameSpace + "/" + pod.name] = Clock::now();
    }

    // 2. The arm's scheduler, pass after pass, until the window ends.
    live::LiveSchedulerOptions options;
    options.schedulerName = placement.schedulerName;
    options.nameSpace = target.nameSpace;
    options.useLease = false;
    options.bindsPerSecond = 1000;
    options.burst = 1000;
    live::LiveScheduler scheduler(m_context.kube, *policy, options);
    std::map<std::string, double> pendingSeconds; // bound pods of this window → creation to binding
    std::vector<double> decisionSeconds;
    const live::LiveScheduler::DecisionSink sink = [&](const live::SchedulingDecision& decision) {
        const auto it = created.find(decision.pod);
        if (it == created.end())
            return; // another workload's pod with the same schedulerName: not measured
        decisionSeconds.push_back(decision.seconds);
        if (decision.bound)
            pendingSeconds[decision.pod] = seconds(Clock::now() - it->second);
    };
    const sim::SimTime total = target.washout + target.window;
    const auto end = start + std::chrono::nanoseconds(total);
    auto nextGuardCheck = start;
    int failures = 0;
    recorder.recordAnnotation({0, target.washout, "live.washout", target.nameSpace, 0});
    while (Clock::now() < end) {
        const sim::SimTime now = std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - start).count();
        if (m_context.progress)
            m_context.progress(std::min(1.0, static_cast<double>(now) / static_cast<double>(total)), now < target.washout ? "washout" : "measuring");
        try {
            if (pendingSeconds.size() < created.size())
                (void)scheduler.schedulePending(sink);
            recorder.recordSample(boundSeries, now, static_cast<double>(pendingSeconds.size()));
            if (m_context.sloGuard && Clock::now() >= nextGuardCheck) {
                nextGuardCheck = Clock::now() + std::chrono::nanoseconds(std::min(target.controlPeriod, target.window));
                const std::string promql = live::expandPromql(target.guard->promql, {{"namespace", target.nameSpace},
                                                                                     {"window", target.telemetryWindow}});
                const std::optional<double> value = live::firstFiniteValue(m_context.prometheus.query(promql));
                if (m_context.sloGuard->check(value)) {
                    recorder.recordAnnotation({now, now, "live.guard-trip", target.nameSpace, m_context.sloGuard->lastValue()});
                    return fail(End::GuardTripped, sim::RunStatus::Failed, m_context.sloGuard->reason());
                }
            }
            failures = 0;
        } catch (const live::LiveError& error) {
            m_context.log("window " + std::to_string(m_window.order + 1) + ": " + error.what());
            if (++failures >= m_context.maxConsecutiveFailures)
                return fail(End::ConnectionLost, sim::RunStatus::Failed,
                            "lost connection after " + std::to_string(failures) + " failed scheduling passes: " + error.what());
        }
        const auto wake = std::min(end, Clock::now() + kSchedulingPass);
        while (Clock::now() < wake) {
            if (m_context.control.isCancelled())
                return fail(End::Cancelled, sim::RunStatus::Cancelled, "cancelled");
            std::this_thread::sleep_for(std::min<Clock::duration>(std::chrono::milliseconds(50), wake - Clock::now()));
        }
    }

    // 3. What the API server says now: where the window's pods are, what is left free.
    try {
        const std::vector<live::KubeNode> nodes = m_context.kube.listNodes().items;
        const std::vector<live::KubePod> pods = m_context.kube.listPods("").items;
        std::set<std::string> nodesUsed;
        double bound = 0;
        for (const live::KubePod& pod : pods) {
            if (!live::hasLabels(pod.meta.labels, labels) || pod.nodeName.empty())
                continue;
            ++bound;
            nodesUsed.insert(pod.nodeName);
        }
        std::vector<double> pending;
        for (const auto& [pod, value] : pendingSeconds)
            pending.push_back(value);
        recorder.recordMetric("placement.pods_bound", bound, "pods");
        recorder.recordMetric("placement.unschedulable", static_cast<double>(placement.pods) - bound, "pods");
        recorder.recordMetric("placement.pending_time.mean", meanOf(pending), "s");
        recorder.recordMetric("placement.pending_time.p99", p99Of(pending), "s");
        recorder.recordMetric("placement.decision_time.mean", meanOf(decisionSeconds), "s");
        recorder.recordMetric("placement.nodes_used", static_cast<double>(nodesUsed.size()), "nodes");
        recorder.recordMetric("placement.fragmentation", fragmentation(nodes, pods, shape), "ratio");
        for (const experiment::LiveMetricQuery& metric : target.metrics) {
            const std::string promql = live::expandPromql(metric.promql, {{"namespace", target.nameSpace},
                                                                          {"window", live::promqlRange(target.window)}});
            const std::optional<double> value = live::firstFiniteValue(m_context.prometheus.query(promql));
            recorder.recordMetric(metric.name, value.value_or(std::numeric_limits<double>::quiet_NaN()), metric.unit);
        }
    } catch (const live::LiveError& error) {
        return fail(End::ConnectionLost, sim::RunStatus::Failed, std::string("measuring the window: ") + error.what());
    }
    recorder.recordMetric("live.window_seconds", seconds(Clock::now() - start), "s");
    if (!deleteWindowPods())
        return fail(End::ConnectionLost, sim::RunStatus::Failed, "could not delete the window's pods");
    recorder.endRun(sim::RunStatus::Completed, "");
    return End::Measured;
}

} // namespace orrery::live_experiment
