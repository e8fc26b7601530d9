#pragma once
#include "policy/control_action.h"
#include "policy/control_resource.h"
#include "policy/observation.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace orrery::plugins::aware {

//! Per-target state of seed 001 Table 5.1 (before the embedding is appended), each in [−1, 1]:
//! CPU and memory limits (encodeLimit), utilisation of CPU, memory, disk I/O and network,
//! SLO preservation, load change, replicas (encodeReplicas).
inline constexpr std::size_t kStateDim = 9;
//! Action of Table 5.1: replicas, CPU limit, memory limit, each in [−1, 1].
inline constexpr std::size_t kActionDim = 3;

using AwareState = std::array<float, kStateDim>;
using AwareAction = std::array<float, kActionDim>;

//! How actions map to configurations. Limits on a log scale around the target's base limit (the
//! first seen, as FIRM): a ≥ 0 → base · maxFraction^a, a < 0 → base · minFraction^(−a); replicas
//! linearly: −1 → minReplicas, +1 → maxReplicas.
struct ActionScale {
    double minFraction = 0.25;
    double maxFraction = 4.0;
    std::int32_t minReplicas = 1;
    std::int32_t maxReplicas = 10;
};

//! The limit's position on the action scale (the inverse of decodeLimit), clipped to [−1, 1];
//! 0 when either limit is unknown (≤ 0).
[[nodiscard]] double encodeLimit(double limit, double base, const ActionScale& scale);
[[nodiscard]] double decodeLimit(double action, double base, const ActionScale& scale);
[[nodiscard]] double encodeReplicas(std::int32_t replicas, const ActionScale& scale);
[[nodiscard]] std::int32_t decodeReplicas(double action, const ActionScale& scale);

//! Table 5.1's state of one target against its base limits.
[[nodiscard]] AwareState awareState(const policy::TargetObservation& target,
                                    const policy::PerControlResource<double>& base, const ActionScale& scale);

//! The configuration `actions` leave `target` in (replicas, CPU and memory limits; unchanged where
//! no action names it), as an action of the agent's space: how the fallback's decisions become
//! the agent's training data.
[[nodiscard]] AwareAction encodeConfiguration(const policy::TargetObservation& target,
                                              const policy::PerControlResource<double>& base,
                                              std::span<const policy::ControlAction> actions, const ActionScale& scale);

//! The action a transition stores (issue 32: as executed, not as requested): the configuration
//! `next` (the target after the step) is in, encoded against `base` — replicas always, a limit
//! where both it and its base are known; `requested` elsewhere.
[[nodiscard]] std::vector<float> executedAction(const policy::TargetObservation& next, const policy::PerControlResource<double>& base,
                                                std::span<const float> requested, const ActionScale& scale);

//! The agent's action for `target` as control actions: SetReplicas when the count changes,
//! SetLimit for CPU and memory when the target has a base limit and the new one differs from the
//! current by at least minRelativeChange.
[[nodiscard]] std::vector<policy::ControlAction> decodeAction(const policy::TargetObservation& target,
                                                              const policy::PerControlResource<double>& base,
                                                              std::span<const float> action, const ActionScale& scale,
                                                              double minRelativeChange);

} // namespace orrery::plugins::aware
