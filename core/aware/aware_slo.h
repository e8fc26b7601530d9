#pragma once
#include "sim/sim_time.h"

namespace orrery::aware {

//! The application SLO of an AWARE profile (§5.4.3: latency or throughput).
struct AwareSlo {
    enum class Kind { Latency, Throughput };
    Kind kind = Kind::Latency;
    sim::SimTime latency = 0;        //!< Latency: the bound on the percentile below (ns)
    double percentile = 99.0;        //!< Latency: which percentile, in (0, 100)
    double throughputPerSecond = 0;  //!< Throughput: the least rate to sustain (requests/s)
};

} // namespace orrery::aware
