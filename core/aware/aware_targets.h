#pragma once
#include "aware/aware_slo.h"

#include <optional>

namespace orrery::aware {

//! What the autoscaler aims at (§5.4.3): utilization targets as fractions of the limits and,
//! when the application has one, its SLO.
struct AwareTargets {
    double cpuUtilization = 0.0;    //!< in (0, 1]
    double memoryUtilization = 0.0; //!< in (0, 1]
    std::optional<AwareSlo> slo;
};

} // namespace orrery::aware
