#pragma once
#include "sim/sim_time.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace orrery::serve {

//! How `orrery serve` presents a scenario (docs/live-clusters.md, "The simulator served as a cluster").
struct ServeOptions {
    std::string nameSpace = "social-network";  //!< the namespace every Deployment and Pod lives in
    sim::SimTime controlPeriod = sim::kSecond;  //!< simulated time one advance() covers
    std::uint64_t seed = 0;                     //!< 0 = the scenario's own seed
    //! Simulated seconds per wall-clock second. Counters in /metrics are divided by it, so that
    //! Prometheus' rate() over its wall-clock timestamps reads in the simulated cluster's units.
    double speed = 1.0;
    std::size_t eventLogCapacity = 4096;        //!< watch events kept per resource kind (older: 410 Gone)
    std::size_t maxEvents = 1000;               //!< core/v1 Events clients post that are kept (oldest dropped)
    std::string workload;                       //!< which Microservices workload (empty = the first)
    //! The calendar time (Unix seconds) of simulated time 0: objects are stamped and aged from it.
    //! Fixed by default so that a seed gives the same objects; `orrery serve` sets it to the
    //! wall-clock start (unless --fixed-clock), so kubectl's AGE reads as on a real cluster.
    std::int64_t epochSeconds = 1704067200; // 2024-01-01T00:00:00Z
};

} // namespace orrery::serve
