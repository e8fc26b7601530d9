#pragma once
#include "sizing/sizing_application.h"
#include "sizing/sizing_dataset_options.h"

#include <cstddef>
#include <vector>

namespace orrery::sizing {

//! The resource-configuration-search dataset: generated applications measured by the simulator
//! at every configuration of `options.cpuLimits`.
struct SizingDataset {
    SizingDatasetOptions options;
    std::vector<SizingApplication> applications; //!< pool order
    double buildSeconds = 0.0;                    //!< wall-clock time of the build

    [[nodiscard]] std::size_t heldOutCount() const
    {
        std::size_t n = 0;
        for (const auto& app : applications)
            n += app.heldOut ? 1 : 0;
        return n;
    }
};

} // namespace orrery::sizing
