#pragma once
#include "env/latency_histogram.h"
#include "env/run_metric.h"
#include "sim/run_recorder.h"

#include <cstdint>
#include <string>
#include <vector>

namespace orrery::kinds::microservices {

//! Latency and count statistics of one microservice application: per request type (end-to-end
//! latency, SLO violations, drops) and per service (span durations), over the whole run and over
//! the current sample window, recorded as series and metrics (names in docs/model.md).
class MicroserviceStats {
public:
    struct TypeStats {
        std::string name;
        sim::SimTime slo = 0;
        std::uint64_t arrived = 0;
        std::uint64_t completed = 0;
        std::uint64_t dropped = 0;
        std::uint64_t sloViolations = 0;
        std::uint64_t windowCompleted = 0;
        env::LatencyHistogram total;
        env::LatencyHistogram window;
        sim::SeriesId p99Series = 0;
        sim::SeriesId throughputSeries = 0;
    };
    struct ServiceStats {
        std::string name;
        env::LatencyHistogram total;
        env::LatencyHistogram window;
        double lastBusyCoreSeconds = 0.0;
        sim::SeriesId p99Series = 0;
        sim::SeriesId utilizationSeries = 0;
        std::uint64_t oomKills = 0;
    };

    //! `prefix` starts every series and metric name ("ms." or "ms.<workload>.").
    MicroserviceStats(std::string prefix, std::vector<TypeStats> types, std::vector<ServiceStats> services);

    void defineSeries(sim::RunRecorder& recorder);
    void requestCompleted(std::size_t type, sim::SimTime latency)
    {
        TypeStats& stats = m_types[type];
        ++stats.completed;
        ++stats.windowCompleted;
        stats.total.record(latency);
        stats.window.record(latency);
        m_all.record(latency);
        if (stats.slo > 0 && latency > stats.slo)
            ++stats.sloViolations;
    }
    void spanFinished(std::size_t service, sim::SimTime duration)
    {
        m_services[service].total.record(duration);
        m_services[service].window.record(duration);
    }
    TypeStats& type(std::size_t index) { return m_types[index]; }
    void oomKilled(std::size_t service) { ++m_services[service].oomKills; }

    //! Records one sample of every series for the window ending at `now`; `busyCoreSeconds` and
    //! `limitCores` are per service (summed over its instances).
    void sample(sim::RunRecorder& recorder, sim::SimTime now, sim::SimTime window, const std::vector<double>& busyCoreSeconds,
                const std::vector<double>& limitCores);
    //! The run's metrics; `busyCoreSeconds`/`limitCores` as in sample(), over `horizon`.
    void appendMetrics(env::RunMetrics& metrics, sim::SimTime horizon, const std::vector<double>& busyCoreSeconds,
                       const std::vector<double>& limitCores, std::uint64_t spans, std::uint64_t traces) const;

private:
    std::string m_prefix;
    std::vector<TypeStats> m_types;
    std::vector<ServiceStats> m_services;
    env::LatencyHistogram m_all; // every request type's end-to-end latency
};

} // namespace orrery::kinds::microservices
