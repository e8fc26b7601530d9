#pragma once
#include "aware/aware_targets.h"
#include "aware/lifecycle_thresholds.h"

#include <string>

namespace orrery::aware {

//! An AWARE user profile (`kind: AwareProfile`, seed 001 §5.4.3): the workload's targets, whether
//! to bootstrap with the fallback controller, and the reward thresholds of Alg. 5.1.
struct AwareProfile {
    std::string name;
    std::string description;
    AwareTargets targets;
    LifecycleThresholds lifecycle; //!< bootstrap, T_online, T_serving, T_var, retraining, window
    std::string sourceFile;        //!< where it was read from (empty for text in memory)
};

} // namespace orrery::aware
