#pragma once
#include "sim/sim_time.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace orrery::sizing {

//! How a SizingDataset is built (docs/learning.md, "FLASH"; docs/reproduction.md).
struct SizingDatasetOptions {
    std::uint64_t seed = 1;           //!< the application pool's seed (orrery generate apps --seed)
    std::size_t applications = 80;    //!< pool size
    double heldOutFraction = 0.25;    //!< the pool's seeded held-out split
    //! CPU limits of every instance, cores, ascending: Sizeless's memory sizes.
    std::vector<double> cpuLimits{0.25, 0.5, 1.0, 2.0};
    //! The arrival rate puts the application's own offered load (its generated utilization of
    //! the busiest service, 0.15–0.70) on the busiest service at this limit, so that no
    //! configuration saturates.
    double referenceCores = 0.25;
    sim::SimTime horizon = 600 * sim::kSecond; //!< simulated time per measurement
};

} // namespace orrery::sizing
