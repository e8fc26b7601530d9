#include "experiment/live_target_reader.h"

#include "scenario/field_path.h"
#include "scenario/map_reader.h"
#include "scenario/value_readers.h"

#include <algorithm>
#include <limits>

namespace orrery::experiment {
namespace {

using scenario::indexPath;
using scenario::MapReader;
using scenario::YamlNode;

constexpr int kMaxWindowsPerArm = 1000;
constexpr std::size_t kMaxLiveMetrics = 100;
constexpr int kMaxLivePlacementPods = 1000;

bool startsWithHttp(const std::string& url)
{
    return url.rfind("http://", 0) == 0 || url.rfind("https://", 0) == 0;
}

std::optional<LiveMetricQuery> readMetric(const YamlNode& node, const std::string& path, scenario::ParseContext& context)
{
    MapReader reader(node, path, context, {"name", "query", "unit"},
                     "a live metric: a mapping {name: latency.p99, query: PROMQL, unit: ms}");
    if (!reader.isMap())
        return std::nullopt;
    LiveMetricQuery metric;
    metric.location = context.locationOf(node);
    const std::size_t before = context.errorCount();
    if (const YamlNode* name = reader.require("name", "the metric's name, such as latency.p99"))
        metric.name = scenario::readString(*name, reader.pathOf("name"), context, "a metric name").value_or("");
    if (const YamlNode* query = reader.require("query", "a PromQL expression with $namespace and $window"))
        metric.promql = scenario::readString(*query, reader.pathOf("query"), context, "a PromQL expression").value_or("");
    if (const YamlNode* unit = reader.get("unit"))
        metric.unit = scenario::readString(*unit, reader.pathOf("unit"), context, "a unit such as ms").value_or("");
    if (context.errorCount() != before)
        return std::nullopt;
    if (metric.name.empty()) {
        context.error(node, reader.pathOf("name"), "expected a non-empty metric name");
        return std::nullopt;
    }
    if (metric.promql.empty()) {
        context.error(node, reader.pathOf("query"), "expected a non-empty PromQL expression");
        return std::nullopt;
    }
    return metric;
}

void readMetrics(const YamlNode& node, const std::string& path, scenario::ParseContext& context, LiveTarget& target)
{
    if (!node.isSequence() || node.items().empty()) {
        context.error(node, path, "expected a non-empty list of {name, query} metrics, got " + node.describe());
        return;
    }
    if (node.items().size() > kMaxLiveMetrics) {
        context.error(node, path, "expected at most " + std::to_string(kMaxLiveMetrics) + " metrics");
        return;
    }
    for (std::size_t i = 0; i < node.items().size(); ++i) {
        const std::string itemPath = indexPath(path, i);
        auto metric = readMetric(*node.items()[i], itemPath, context);
        if (!metric)
            continue;
        const bool repeated = std::any_of(target.metrics.begin(), target.metrics.end(),
                                          [&](const LiveMetricQuery& m) { return m.name == metric->name; });
        if (repeated) {
            context.error(*node.items()[i], itemPath + ".name",
                          "metric '" + metric->name + "' is listed twice; expected unique metric names");
            continue;
        }
        target.metrics.push_back(std::move(*metric));
    }
}

std::optional<LiveGuard> readGuard(const YamlNode& node, const std::string& path, scenario::ParseContext& context)
{
    MapReader reader(node, path, context, {"query", "above", "consecutive"},
                     "a guard: a mapping {query: PROMQL, above: THRESHOLD, consecutive: 1}");
    if (!reader.isMap())
        return std::nullopt;
    LiveGuard guard;
    guard.location = context.locationOf(node);
    const std::size_t before = context.errorCount();
    if (const YamlNode* query = reader.require("query", "a PromQL expression whose value the guard watches"))
        guard.promql = scenario::readString(*query, reader.pathOf("query"), context, "a PromQL expression").value_or("");
    if (const YamlNode* above = reader.require("above", "the threshold that stops the experiment"))
        guard.threshold = scenario::readNumber(*above, reader.pathOf("above"), context, -std::numeric_limits<double>::max(),
                                               std::numeric_limits<double>::max(), "").value_or(0);
    if (const YamlNode* consecutive = reader.get("consecutive"))
        guard.consecutive = static_cast<int>(scenario::readInteger(*consecutive, reader.pathOf("consecutive"), context, 1, 1000).value_or(1));
    if (context.errorCount() != before)
        return std::nullopt;
    if (guard.promql.empty()) {
        context.error(node, reader.pathOf("query"), "expected a non-empty PromQL expression");
        return std::nullopt;
    }
    return guard;
}

std::optional<LivePlacementWorkload> readPlacement(const YamlNode& node, const std::string& path, scenario::ParseContext& context)
{
    MapReader reader(node, path, context, {"pods", "request", "image", "schedulerName"},
                     "placement: a mapping {pods: 20, request: {cpu: 500m, memory: 256Mi}}");
    if (!reader.isMap())
        return std::nullopt;
    const std::size_t before = context.errorCount();
    LivePlacementWorkload placement;
    placement.location = context.locationOf(node);
    if (const YamlNode* pods = reader.get("pods"))
        placement.pods = static_cast<int>(scenario::readInteger(*pods, reader.pathOf("pods"), context, 1, kMaxLivePlacementPods).value_or(placement.pods));
    if (const YamlNode* request = reader.get("request")) {
        MapReader resources(*request, reader.pathOf("request"), context, {"cpu", "memory", "gpu"},
                            "request: a mapping {cpu: 500m, memory: 256Mi, gpu: 1}");
        if (resources.isMap()) {
            if (const YamlNode* cpu = resources.get("cpu"))
                placement.millicores = scenario::readMillicores(*cpu, resources.pathOf("cpu"), context, 1, 1'000'000).value_or(placement.millicores);
            if (const YamlNode* memory = resources.get("memory"))
                placement.memoryBytes = scenario::readBytes(*memory, resources.pathOf("memory"), context, 1, std::int64_t{1} << 50).value_or(placement.memoryBytes);
            if (const YamlNode* gpu = resources.get("gpu"))
                placement.gpus = static_cast<int>(scenario::readInteger(*gpu, resources.pathOf("gpu"), context, 0, 64).value_or(0));
        }
    }
    if (const YamlNode* image = reader.get("image"))
        placement.image = scenario::readString(*image, reader.pathOf("image"), context, "a container image").value_or(placement.image);
    if (const YamlNode* name = reader.get("schedulerName"))
        placement.schedulerName = scenario::readName(*name, reader.pathOf("schedulerName"), context).value_or(placement.schedulerName);
    if (context.errorCount() != before)
        return std::nullopt;
    return placement;
}

} // namespace

const std::vector<LivePlacementMetric>& livePlacementMetrics()
{
    static const std::vector<LivePlacementMetric> metrics = {
        {"placement.pods_bound", "pods"},
        {"placement.unschedulable", "pods"},
        {"placement.pending_time.mean", "s"},
        {"placement.pending_time.p99", "s"},
        {"placement.decision_time.mean", "s"},
        {"placement.nodes_used", "nodes"},
        {"placement.fragmentation", "ratio"},
    };
    return metrics;
}

std::optional<LiveTarget> readLiveTarget(const YamlNode& node, const std::string& path, scenario::ParseContext& context)
{
    MapReader reader(node, path, context,
                     {"context", "kubeconfig", "namespace", "workloads", "prometheus", "windowsPerArm", "window", "washout",
                      "controlPeriod", "orderSeed", "telemetryWindow", "latencyQuery", "sloLatency", "metrics", "guard",
                      "actuation", "placement"},
                     "live: a mapping with namespace, prometheus, window and metrics");
    if (!reader.isMap())
        return std::nullopt;
    const std::size_t before = context.errorCount();
    LiveTarget target;
    target.location = context.locationOf(node);
    const auto text = [&](const char* key, std::string_view what) -> std::string {
        const YamlNode* value = reader.get(key);
        return value ? scenario::readString(*value, reader.pathOf(key), context, what).value_or("") : std::string();
    };
    target.context = text("context", "a kubeconfig context name");
    target.kubeconfig = text("kubeconfig", "a kubeconfig file, relative to this file");
    if (const YamlNode* ns = reader.require("namespace", "the namespace whose Deployments the arms control")) {
        target.nameSpace = scenario::readString(*ns, reader.pathOf("namespace"), context, "a namespace").value_or("");
        if (target.nameSpace.empty() && context.errorCount() == before)
            context.error(*ns, reader.pathOf("namespace"), "expected a non-empty namespace");
    }
    if (const YamlNode* workloads = reader.get("workloads")) {
        if (!workloads->isSequence()) {
            context.error(*workloads, reader.pathOf("workloads"), "expected a list of Deployment names, got " + workloads->describe());
        } else {
            for (std::size_t i = 0; i < workloads->items().size(); ++i) {
                if (auto name = scenario::readName(*workloads->items()[i], indexPath(reader.pathOf("workloads"), i), context))
                    target.workloads.push_back(*name);
            }
        }
    }
    if (const YamlNode* url = reader.require("prometheus", "the Prometheus base URL, e.g. http://127.0.0.1:9090")) {
        target.prometheus = scenario::readString(*url, reader.pathOf("prometheus"), context, "a URL").value_or("");
        if (!target.prometheus.empty() && !startsWithHttp(target.prometheus))
            context.error(*url, reader.pathOf("prometheus"), "expected an http:// or https:// URL, got '" + target.prometheus + "'");
    }
    if (const YamlNode* windows = reader.get("windowsPerArm"))
        target.windowsPerArm = static_cast<int>(scenario::readInteger(*windows, reader.pathOf("windowsPerArm"), context, 1, kMaxWindowsPerArm).value_or(1));
    if (const YamlNode* window = reader.get("window"))
        target.window = scenario::readDuration(*window, reader.pathOf("window"), context, sim::kSecond, 24 * 3600 * sim::kSecond).value_or(target.window);
    if (const YamlNode* washout = reader.get("washout"))
        target.washout = scenario::readDuration(*washout, reader.pathOf("washout"), context, 0, 24 * 3600 * sim::kSecond).value_or(target.washout);
    if (const YamlNode* period = reader.get("controlPeriod"))
        target.controlPeriod = scenario::readDuration(*period, reader.pathOf("controlPeriod"), context, 100 * sim::kMillisecond, 3600 * sim::kSecond).value_or(target.controlPeriod);
    if (const YamlNode* seed = reader.get("orderSeed"))
        target.orderSeed = scenario::readUnsigned64(*seed, reader.pathOf("orderSeed"), context).value_or(1);
    if (const YamlNode* window = reader.get("telemetryWindow"))
        target.telemetryWindow = scenario::readString(*window, reader.pathOf("telemetryWindow"), context, "a PromQL range such as 1m").value_or("1m");
    target.latencyQuery = text("latencyQuery", "a PromQL expression with $namespace, $deployment and $window");
    if (const YamlNode* slo = reader.get("sloLatency"))
        target.sloLatencyMs = static_cast<double>(scenario::readDuration(*slo, reader.pathOf("sloLatency"), context, 0, 3600 * sim::kSecond).value_or(0)) / 1e6;
    if (const YamlNode* placement = reader.get("placement"))
        target.placement = readPlacement(*placement, reader.pathOf("placement"), context);
    // Placement windows measure the placement.* metrics themselves; PromQL ones are optional there.
    const YamlNode* metrics = reader.get("placement") ? reader.get("metrics")
                                                      : reader.require("metrics", "a list of {name, query} PromQL metrics per window");
    if (metrics)
        readMetrics(*metrics, reader.pathOf("metrics"), context, target);
    if (target.placement) {
        for (const LiveMetricQuery& metric : target.metrics) {
            const auto& measured = livePlacementMetrics();
            if (std::any_of(measured.begin(), measured.end(), [&](const LivePlacementMetric& m) { return metric.name == m.name; }))
                context.error(metric.location, reader.pathOf("metrics"), "metric '" + metric.name
                                  + "' is one a placement window measures itself; expected another name for a PromQL metric");
        }
    }
    if (const YamlNode* guard = reader.get("guard"))
        target.guard = readGuard(*guard, reader.pathOf("guard"), context);
    if (const YamlNode* actuation = reader.get("actuation")) {
        MapReader limits(*actuation, reader.pathOf("actuation"), context, {"burst", "perSecond"},
                         "actuation: a mapping {burst: 5, perSecond: 0.2}");
        if (limits.isMap()) {
            if (const YamlNode* burst = limits.get("burst"))
                target.actuationBurst = scenario::readNumber(*burst, limits.pathOf("burst"), context, 1, 1000, "").value_or(5);
            if (const YamlNode* rate = limits.get("perSecond"))
                target.actuationPerSecond = scenario::readNumber(*rate, limits.pathOf("perSecond"), context, 0.001, 100, "actions/s").value_or(0.2);
        }
    }
    // A placement window has no control period; its guard is checked every min(controlPeriod, window).
    if (context.errorCount() == before && !target.placement && target.controlPeriod > target.window)
        context.error(node, reader.pathOf("controlPeriod"), "the control period is longer than the window; expected at most the window");
    if (context.errorCount() != before)
        return std::nullopt;
    return target;
}

} // namespace orrery::experiment
