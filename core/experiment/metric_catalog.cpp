#include "experiment/metric_catalog.h"

#include "env/workload_kind_runtimes.h"

#include <algorithm>

namespace orrery::experiment {
namespace {

bool startsWith(std::string_view text, std::string_view prefix)
{
    return text.substr(0, prefix.size()) == prefix;
}

//! `job.<class>.completion_time.<statistic>` with a class name of [a-z0-9-].
bool isClassCompletionTime(std::string_view metric, bool anyStatistic)
{
    constexpr std::string_view kPrefix = "job.";
    constexpr std::string_view kMiddle = ".completion_time.";
    if (!startsWith(metric, kPrefix))
        return false;
    const std::size_t middle = metric.find(kMiddle, kPrefix.size());
    if (middle == std::string_view::npos || middle == kPrefix.size())
        return false;
    const std::string_view jobClass = metric.substr(kPrefix.size(), middle - kPrefix.size());
    const bool plainClass = std::all_of(jobClass.begin(), jobClass.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
    });
    const std::string_view statistic = metric.substr(middle + kMiddle.size());
    return plainClass && (anyStatistic ? !statistic.empty() : statistic == "mean" || statistic == "p99");
}

} // namespace

std::vector<std::string> defaultMetrics()
{
    return {"job.completion_time.mean", "job.completion_time.p99"};
}

const std::vector<std::string>& knownMetricNames()
{
    static const std::vector<std::string> names{
        "jobs.submitted",
        "jobs.completed",
        "tasks.running_at_end",
        "tasks.pending_at_end",
        "job.wait.mean",
        "job.wait.p50",
        "job.wait.p99",
        "job.completion_time.mean",
        "job.completion_time.p50",
        "job.completion_time.p90",
        "job.completion_time.p99",
        "makespan",
        "cluster.cpu_allocated.mean",
        "cluster.memory_allocated.mean",
        "cluster.gpu_allocated.mean",
        "cost",
        "tasks.on_cpu",
        "tasks.on_gpu",
        "tasks.on_asic",
        "tasks.on_fpga",
        "placement.decisions",
        "placement.decision_time",
        "sim.events",
        // Control loops, whichever kind runs them (each kind declares its own metrics: kindMetric).
        "control.requested_cpu",
        "control.mitigation_time",
        "control.actions_applied",
        "control.actions_converted",
        "control.actions_rejected",
        "control.policy_errors",
    };
    return names;
}

//! A metric a registered workload kind declares it records (env::RecordedMetric).
const env::RecordedMetric* kindMetric(std::string_view metric)
{
    const env::WorkloadKindRuntime* runtime = env::findKindRecordingMetric(metric);
    if (!runtime)
        return nullptr;
    for (const env::RecordedMetric& recorded : runtime->recordedMetrics) {
        if (env::matchesMetricPattern(recorded.pattern, metric))
            return &recorded;
    }
    return nullptr;
}

std::vector<std::string> metricSuggestions()
{
    std::vector<std::string> names = knownMetricNames();
    for (std::string& declared : env::declaredExactMetricNames())
        names.push_back(std::move(declared));
    return names;
}

bool isKnownMetric(std::string_view metric)
{
    const auto& names = knownMetricNames();
    return std::find(names.begin(), names.end(), metric) != names.end() || isClassCompletionTime(metric, false)
        || kindMetric(metric) != nullptr; // what the registered kinds declare (core/kinds/*)
}

bool isLatencyLike(std::string_view metric)
{
    return startsWith(metric, "job.wait.") || startsWith(metric, "job.completion_time.")
        || isClassCompletionTime(metric, true) || metric == "makespan" || metric == "placement.decision_time"
        || metric == "control.mitigation_time"
        || [&] {
               const env::RecordedMetric* recorded = kindMetric(metric);
               return recorded && recorded->latencyLike;
           }();
}

} // namespace orrery::experiment
