#pragma once
#include "policy/control_action.h"
#include "policy/environment.h"
#include "policy/observation.h"

#include <array>
#include <cstddef>
#include <span>
#include <vector>

namespace orrery::env {

//! The application-level, fixed-size view of a control transition that the trajectory store
//! keeps for every learned agent (docs/learning.md, "Trajectories"): whatever the agent's own
//! encoding, however many services the application has, a state is the mean and the maximum
//! over targets of seed 001 Table 5.1's per-target state (limits, utilisation, SLO preservation,
//! load change, replicas) plus the period's SLO-violation and drop rates, and an action is what
//! the actions did to the application as a whole (replicas added, mean relative change of the
//! CPU and memory limits). Fixed dimensions are what lets one meta learner read the trajectories
//! of applications of any shape (seed 001 §5.3.2).
class TransitionFeatures {
public:
    //! Per-target quantities, each averaged and maximised over targets.
    static constexpr std::size_t kPerTarget = 8;
    static constexpr std::size_t kStateDim = 2 * kPerTarget + 2;
    static constexpr std::size_t kActionDim = 3;

    //! The state of `observation` (kStateDim floats; zeros for an observation without targets).
    [[nodiscard]] static std::array<float, kStateDim> state(const policy::Observation& observation);
    //! The action `outcomes` took, relative to `before` (the observation the actions were
    //! decided on): rejected actions count as nothing.
    [[nodiscard]] static std::array<float, kActionDim> action(const policy::Observation& before,
                                                              std::span<const policy::ActionOutcome> outcomes);
};

} // namespace orrery::env
