#pragma once
#include <cstdint>

namespace orrery::sizing {

//! What the simulator measured for one application at one resource configuration (CPU limit of
//! every instance) — the analog of one Sizeless monitoring run at one memory size: the
//! execution time and the resource usage (seed 001 Table A.2).
struct SizingMeasurement {
    double cores = 0.0;            //!< CPU limit of every instance
    double meanLatency = 0.0;      //!< s, mean end-to-end latency of `full` requests: the label
    double p50Latency = 0.0;       //!< s, median over every request type
    double p99Latency = 0.0;       //!< s, 99th percentile over every request type
    double maxUtilization = 0.0;   //!< busiest service's busy CPU / limit over the run
    double meanUtilization = 0.0;  //!< the same averaged over services
    std::uint64_t completed = 0;   //!< requests completed
};

} // namespace orrery::sizing
