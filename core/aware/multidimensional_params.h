#pragma once
#include "aware/multidimensional_config.h"
#include "policy/param_set.h"

namespace orrery::aware {

//! MultidimensionalConfig from the parameters that the hpa-vpa and aware plugins both declare
//! (same names, same defaults): targetCpuUtilization, tolerance, minReplicas, maxReplicas,
//! verticalCpu, verticalMemory, updateThreshold, minLifetime, targetPercentile, safetyMargin,
//! halfLife, confidenceScaling, minCpu, minMemory. The rest keeps MultidimensionalConfig's defaults. Throws
//! std::invalid_argument when minReplicas exceeds maxReplicas.
[[nodiscard]] MultidimensionalConfig multidimensionalConfigFrom(const policy::ParamSet& params);

} // namespace orrery::aware
