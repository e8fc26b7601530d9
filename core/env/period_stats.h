#pragma once
#include "env/latency_histogram.h"
#include "sim/sim_time.h"

#include <cstdint>
#include <vector>

namespace orrery::env {

//! What one control period saw of a microservice application, for observations (docs/model.md,
//! "Control"): per request type arrivals, completions, drops and SLO violations; per service the
//! span durations (p50/p99 → congestion intensity), the end-to-end latency of the requests that
//! went through it (→ SLO maintenance) and streaming sums for the Pearson correlation between
//! the service's time in a request and the request's latency (→ relative importance).
class PeriodStats {
public:
    struct Type {
        std::uint64_t arrived = 0;
        std::uint64_t completed = 0;
        std::uint64_t dropped = 0;
        std::uint64_t sloViolations = 0;
    };
    struct Service {
        std::uint64_t calls = 0;
        LatencyHistogram spans;
        LatencyHistogram requests; //!< end-to-end latency of completed requests through it
        double n = 0, sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0;
        sim::SimTime slo = 0; //!< tightest SLO of the request types through it seen so far (kept across periods)
        [[nodiscard]] double correlation() const;
    };

    PeriodStats(std::size_t services, std::size_t types);
    void clear();

    void arrived(std::size_t type) { ++m_types[type].arrived; }
    void dropped(std::size_t type) { ++m_types[type].dropped; }
    void span(std::size_t service, sim::SimTime duration)
    {
        ++m_services[service].calls;
        m_services[service].spans.record(duration);
    }
    //! A completed request; `serviceNs` holds its time in each service in `touched` (reset here).
    void completed(std::size_t type, sim::SimTime latency, sim::SimTime slo, std::vector<double>& serviceNs,
                   std::vector<std::uint32_t>& touched);

    [[nodiscard]] const std::vector<Type>& types() const { return m_types; }
    [[nodiscard]] const std::vector<Service>& services() const { return m_services; }
    [[nodiscard]] const LatencyHistogram& endToEnd() const { return m_endToEnd; }
    //! End-to-end latency since construction (clear() keeps it).
    [[nodiscard]] const LatencyHistogram& endToEndTotal() const { return m_total; }

private:
    std::vector<Type> m_types;
    std::vector<Service> m_services;
    LatencyHistogram m_endToEnd;
    LatencyHistogram m_total;
};

} // namespace orrery::env
