#include "live/snapshot_telemetry.h"

#include "live/histogram_quantile.h"
#include "live/prometheus_client.h"

#include <cstdlib>
#include <limits>

namespace orrery::live {
namespace {

//! Maps (namespace, pod) to the index of its workload.
class PodIndex {
public:
    explicit PodIndex(const std::vector<SnapshotWorkload>& workloads) : m_workloads(workloads)
    {
        for (std::size_t w = 0; w < workloads.size(); ++w) {
            for (const auto& pod : workloads[w].podNames)
                m_pods[{workloads[w].nameSpace, pod}] = w;
        }
    }

    [[nodiscard]] std::optional<std::size_t> find(const std::map<std::string, std::string>& labels) const
    {
        const auto ns = labels.find("namespace");
        const auto pod = labels.find("pod");
        if (ns == labels.end() || pod == labels.end())
            return std::nullopt;
        if (const auto it = m_pods.find({ns->second, pod->second}); it != m_pods.end())
            return it->second;
        // A pod gone since: <deployment>-<hash>-<id> of a Deployment of the snapshot.
        for (std::size_t w = 0; w < m_workloads.size(); ++w) {
            const auto& workload = m_workloads[w];
            if (workload.kind != "Deployment" || workload.nameSpace != ns->second ||
                !pod->second.starts_with(workload.name + "-"))
                continue;
            const std::string rest = pod->second.substr(workload.name.size() + 1);
            const auto dash = rest.find('-');
            if (dash != std::string::npos && dash > 0 && dash + 1 < rest.size() && rest.find('-', dash + 1) == std::string::npos)
                return w;
        }
        return std::nullopt;
    }

private:
    const std::vector<SnapshotWorkload>& m_workloads;
    std::map<std::pair<std::string, std::string>, std::size_t> m_pods;
};

} // namespace

std::vector<std::string> SnapshotTelemetry::queries(const std::string& window, const std::string& nameSpace)
{
    const std::string ns = nameSpace.empty() ? "" : "namespace=\"" + nameSpace + "\"";
    const std::string sep = ns.empty() ? "" : ",";
    return {"sum by (namespace, pod) (rate(container_cpu_usage_seconds_total{container!=\"\",container!=\"POD\"" + sep + ns +
                "}[" + window + "]))",
            "sum by (namespace, pod) (rate(http_requests_total{" + ns + "}[" + window + "]))",
            "sum by (namespace, pod, le) (rate(http_request_duration_seconds_bucket{" + ns + "}[" + window + "]))"};
}

std::map<std::string, WorkloadTelemetry> SnapshotTelemetry::capture(PrometheusClient& client, const std::string& window,
                                                                    const std::string& nameSpace,
                                                                    const std::vector<SnapshotWorkload>& workloads)
{
    const auto promql = queries(window, nameSpace);
    const PodIndex index(workloads);
    std::vector<WorkloadTelemetry> result(workloads.size());
    std::vector<double> cpuSum(workloads.size(), 0.0);

    for (const auto& series : client.query(promql[0]).series) {
        if (const auto w = index.find(series.labels); w && !series.samples.empty()) {
            cpuSum[*w] += series.samples.front().value;
            ++result[*w].podsWithCpuSeries;
        }
    }
    for (const auto& series : client.query(promql[1]).series) {
        if (const auto w = index.find(series.labels); w && !series.samples.empty())
            result[*w].requestsPerSecond = result[*w].requestsPerSecond.value_or(0.0) + series.samples.front().value;
    }
    std::vector<std::map<double, double>> buckets(workloads.size());
    for (const auto& series : client.query(promql[2]).series) {
        const auto le = series.labels.find("le");
        const auto w = index.find(series.labels);
        if (!w || le == series.labels.end() || series.samples.empty())
            continue;
        const double bound = le->second == "+Inf" ? std::numeric_limits<double>::infinity() : std::strtod(le->second.c_str(), nullptr);
        buckets[*w][bound] += series.samples.front().value;
    }
    std::map<std::string, WorkloadTelemetry> byKey;
    for (std::size_t w = 0; w < workloads.size(); ++w) {
        WorkloadTelemetry& telemetry = result[w];
        if (telemetry.podsWithCpuSeries > 0)
            telemetry.cpuCoresPerPod = cpuSum[w] / telemetry.podsWithCpuSeries;
        if (!buckets[w].empty()) {
            const std::vector<std::pair<double, double>> pairs(buckets[w].begin(), buckets[w].end());
            telemetry.latencyP50Seconds = histogramQuantile(0.5, pairs);
            telemetry.latencyP90Seconds = histogramQuantile(0.9, pairs);
            telemetry.latencyP99Seconds = histogramQuantile(0.99, pairs);
        }
        if (telemetry.cpuCoresPerPod || telemetry.requestsPerSecond || telemetry.latencyP50Seconds)
            byKey[workloads[w].key()] = telemetry;
    }
    return byKey;
}

} // namespace orrery::live
