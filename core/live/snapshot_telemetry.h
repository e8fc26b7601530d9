#pragma once
#include "live/snapshot_workloads.h"
#include "live/workload_telemetry.h"

#include <map>
#include <string>
#include <vector>

namespace orrery::live {

class PrometheusClient;

//! Per-workload telemetry over a window from Prometheus: CPU use (cAdvisor's
//! container_cpu_usage_seconds_total), request rate (http_requests_total) and latency
//! quantiles (http_request_duration_seconds_bucket), all by `namespace` and `pod` labels, pods
//! mapped to workloads by name (a Deployment's pods that are gone, `<deployment>-<hash>-<id>`,
//! count for it too). Errors are the client's LiveErrors (URL and PromQL in the message).
class SnapshotTelemetry {
public:
    //! The PromQL queries run, in order (exposed for the docs and tests).
    static std::vector<std::string> queries(const std::string& window, const std::string& nameSpace);

    //! Runs the queries; the result is keyed by SnapshotWorkload::key().
    static std::map<std::string, WorkloadTelemetry> capture(PrometheusClient& client, const std::string& window,
                                                            const std::string& nameSpace,
                                                            const std::vector<SnapshotWorkload>& workloads);
};

} // namespace orrery::live
