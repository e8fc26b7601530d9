#pragma once
#include "sizing/sizing_measurement.h"

#include <cstddef>
#include <string>
#include <vector>

namespace orrery::sizing {

//! One generated application of a SizingDataset and its measurements, one per configuration
//! (in the dataset's configuration order).
struct SizingApplication {
    std::string name;                 //!< app-NNNN of the pool
    bool heldOut = false;             //!< in the pool's held-out split (never trained on)
    std::size_t services = 0;
    double rate = 0.0;                //!< requests/s the application ran at
    double utilizationAtReference = 0.0; //!< the busiest service's offered load at the reference limit
    std::vector<SizingMeasurement> measurements;
};

} // namespace orrery::sizing
