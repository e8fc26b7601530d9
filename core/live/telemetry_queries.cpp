#include "live/telemetry_queries.h"

#include "live/prometheus_client.h"

namespace orrery::live {
namespace {

//! Escapes a label value for a PromQL string literal.
std::string quoted(const std::string& text)
{
    std::string out = "\"";
    for (const char c : text) {
        if (c == '"' || c == '\\')
            out.push_back('\\');
        out.push_back(c);
    }
    return out + "\"";
}

} // namespace

std::vector<NamedQuery> TelemetryQueries::forTarget(const std::string& nameSpace, const std::string& deployment,
                                                    const std::string& window)
{
    // Container series exclude the pause container ("POD") and the pod-level aggregate (""),
    // which cAdvisor also exports; network counters exist only at pod level.
    const std::string pods = "namespace=" + quoted(nameSpace) + ",pod=~" + quoted(deployment + "-[a-z0-9]+-[a-z0-9]+");
    const std::string containers = pods + ",container!=\"\",container!=\"POD\"";
    const auto perPodRate = [&](const std::string& metric, const std::string& selector) {
        return "avg(sum by (pod) (rate(" + metric + "{" + selector + "}[" + window + "])))";
    };
    return {
        {"cpu_usage", perPodRate("container_cpu_usage_seconds_total", containers)},
        {"memory_usage", "avg(sum by (pod) (container_memory_usage_bytes{" + containers + "}))"},
        {"fs_read", perPodRate("container_fs_reads_bytes_total", containers)},
        {"fs_write", perPodRate("container_fs_writes_bytes_total", containers)},
        {"network_receive", perPodRate("container_network_receive_bytes_total", pods)},
        {"network_transmit", perPodRate("container_network_transmit_bytes_total", pods)},
    };
}

void TelemetryQueries::apply(const std::string& name, double value, policy::TargetObservation& target)
{
    using policy::ControlResource;
    using policy::indexOf;
    if (name == "cpu_usage")
        target.usage[indexOf(ControlResource::Cpu)] = value;
    else if (name == "memory_usage")
        target.usage[indexOf(ControlResource::Memory)] = value;
    else if (name == "fs_read" || name == "fs_write")
        target.usage[indexOf(ControlResource::DiskIo)] += value;
    else if (name == "network_receive" || name == "network_transmit")
        target.usage[indexOf(ControlResource::Network)] += value;
}

void TelemetryQueries::observe(PrometheusClient& prometheus, const std::string& nameSpace, const std::string& deployment,
                               const std::string& window, policy::TargetObservation& target)
{
    target.usage = {};
    for (const NamedQuery& query : forTarget(nameSpace, deployment, window)) {
        const PromResult result = prometheus.query(query.promql);
        if (!result.series.empty() && !result.series.front().samples.empty())
            apply(query.name, result.series.front().samples.front().value, target);
    }
}

} // namespace orrery::live
