#pragma once
#include "env/latency_histogram.h"
#include "env/period_stats.h"
#include "sim/sim_time.h"

#include <array>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <vector>

namespace orrery::serve {

//! The live series of a served cluster in the Prometheus text exposition format 0.0.4: cAdvisor's
//! container CPU and memory per pod, kube-state-metrics' replicas per Deployment, request counts
//! and latency histograms per service and end to end, SLO violations and drops.
//!
//! Prometheus stamps each scrape with wall-clock time, while the simulation runs `speed` times
//! faster. Every counter (and histogram bucket, _sum and _count) is therefore exposed divided by
//! `speed`: rate() over wall time then reads in the simulated cluster's own units (requests per
//! simulated second, cores). Gauges are exposed as they are.
class MetricsExposition {
public:
    //! Latency bucket bounds (seconds) of the histograms; +Inf is added.
    static constexpr std::array<double, 14> kBucketsSeconds = {0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05,
                                                               0.1,    0.25,  0.5,    1.0,   2.5,   5.0,   10.0};

    //! One service (Deployment) over one control period.
    struct ServicePeriod {
        std::vector<std::string> runningPods;   //!< pods that ran this period (they get CPU counters)
        double cpuCoresPerPod = 0;              //!< mean use per instance over the period
        double memoryBytesPerPod = 0;
        std::int32_t specReplicas = 0;
        std::int32_t replicas = 0;              //!< running + starting
        std::int32_t readyReplicas = 0;
    };

    MetricsExposition(std::string nameSpace, std::vector<std::string> services, double speed);

    //! Adds one control period ending at `now`; `services` in the constructor's order, `stats`
    //! the period's statistics (its services in the same order).
    void addPeriod(sim::SimTime now, sim::SimTime period, std::span<const ServicePeriod> services, const env::PeriodStats& stats);

    //! The exposition text (deterministic: same periods ⇒ same text).
    [[nodiscard]] std::string render() const;
    [[nodiscard]] double speed() const { return m_speed; }

    static constexpr const char* kContentType = "text/plain; version=0.0.4; charset=utf-8";

private:
    struct Histogram {
        std::array<double, kBucketsSeconds.size()> buckets{}; //!< cumulative: samples ≤ each bound
        double count = 0;
        double sumSeconds = 0;
        void add(const env::LatencyHistogram& histogram);
    };
    struct Service {
        std::string name;
        std::map<std::string, double> cpuSecondsByPod; //!< simulated core-seconds of running pods
        double memoryBytesPerPod = 0;
        std::int32_t specReplicas = 0;
        std::int32_t replicas = 0;
        std::int32_t readyReplicas = 0;
        double requests = 0;
        Histogram latency;
    };

    std::string m_nameSpace;
    double m_speed;
    std::vector<Service> m_services;
    sim::SimTime m_now = 0;
    double m_completed = 0;
    double m_arrived = 0;
    double m_dropped = 0;
    double m_sloViolations = 0;
    Histogram m_endToEnd;
};

} // namespace orrery::serve
