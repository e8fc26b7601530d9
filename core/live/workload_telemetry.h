#pragma once
#include <optional>
#include <string>

namespace orrery::live {

//! What Prometheus says about one workload over the snapshot window. Each value is unset when
//! Prometheus has no series for the workload's pods.
struct WorkloadTelemetry {
    std::optional<double> requestsPerSecond;   //!< sum over pods of rate(http_requests_total[w])
    std::optional<double> cpuCoresPerPod;      //!< mean over pods of rate(container_cpu_usage_seconds_total[w])
    std::optional<double> latencyP50Seconds;   //!< from http_request_duration_seconds_bucket summed over pods
    std::optional<double> latencyP90Seconds;
    std::optional<double> latencyP99Seconds;
    int podsWithCpuSeries = 0;                 //!< how many pods the CPU mean is over
};

} // namespace orrery::live
