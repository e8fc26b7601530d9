#pragma once
#include "policy/observation.h"

namespace orrery::env {

//! FIRM's reward for one target (seed 001 §3.2.4): α·SM·|R| + (1−α)·Σ_{r∈R} RU_r/RLT_r, where R
//! is the set of resources with a limit (> 0) and each ratio is capped at 1.
[[nodiscard]] double targetReward(const policy::TargetObservation& target, double alpha);

//! The environment's reward: targetReward averaged over all targets (0 with none).
[[nodiscard]] double controlReward(const policy::Observation& observation, double alpha);

} // namespace orrery::env
