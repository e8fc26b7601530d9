#pragma once
#include "policy/observation.h"

#include <string>
#include <vector>

namespace orrery::live {

class PrometheusClient;

//! A PromQL query with the name Orrery knows it by.
struct NamedQuery {
    std::string name;
    std::string promql;
};

//! Seed 001 Table 3.1's cAdvisor telemetry as PromQL over one Deployment's pods (pods named
//! `<deployment>-<hash>-<id>`), each reduced to the mean per instance, and their mapping into
//! TargetObservation::usage: cpu_usage → Cpu (cores), memory_usage → Memory (bytes), fs read +
//! write → DiskIo (bytes/s), network receive + transmit → Network (bytes/s).
class TelemetryQueries {
public:
    //! `window` is a PromQL range such as "1m" (rate() needs at least two scrapes in it).
    static std::vector<NamedQuery> forTarget(const std::string& nameSpace, const std::string& deployment,
                                             const std::string& window = "1m");
    //! Adds one query's value to the observation (fs and network parts add up).
    static void apply(const std::string& queryName, double value, policy::TargetObservation& target);
    //! Runs every query of forTarget() and fills `target.usage`; a series that does not exist
    //! counts as 0. Throws LiveError when Prometheus fails.
    static void observe(PrometheusClient& prometheus, const std::string& nameSpace, const std::string& deployment,
                        const std::string& window, policy::TargetObservation& target);
};

} // namespace orrery::live
