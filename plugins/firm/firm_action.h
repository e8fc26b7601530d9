#pragma once
#include "firm_state.h"
#include "policy/control_action.h"
#include "policy/observation.h"

#include <span>
#include <vector>

namespace orrery::plugins::firm {

//! How the actor's outputs a_i ∈ [-1, 1] become limits (seed 001 §3.2.4: RLT_i ∈ [R̂_low, R̂_up]).
//! The bounds are relative to the target's base limit (the first limit seen for it in an
//! episode or by a policy), on a log scale centred on it:
//!   RLT_i = base_i · maxFraction^a   for a ≥ 0,
//!   RLT_i = base_i · minFraction^(−a) for a < 0,
//! so a = 0 keeps the base limit, a = 1 gives maxFraction × base and a = −1 minFraction × base.
//! An untrained actor (final layer initialised within ±3e-3) therefore keeps limits near base.
struct FirmActionScale {
    double minFraction = 0.25;
    double maxFraction = 4.0;
    //! Changes smaller than this share of the current limit are not sent (no actuation churn).
    double minRelativeChange = 0.01;
};

//! The limit for actor output `action` (clamped to [-1, 1]) and base limit `base`.
[[nodiscard]] double limitFor(double action, double base, const FirmActionScale& scale);

//! The actor output that limitFor() maps to `limit` given `base` (its inverse, clamped to
//! [-1, 1]); 0 when either is not positive. What a transition stores as the executed action:
//! the limit in effect after the step, whatever the environment did with the request (clamped,
//! not sent below minRelativeChange, or converted to a scale-out).
[[nodiscard]] double actionFor(double limit, double base, const FirmActionScale& scale);

//! SetLimit actions for one target: for each FIRM resource whose base limit is known (> 0), the
//! limit limitFor(action[r], base[r]) when it differs from the current limit by at least
//! minRelativeChange (or the current limit is unknown).
[[nodiscard]] std::vector<policy::ControlAction> limitActions(const policy::TargetObservation& target,
                                                              const policy::PerControlResource<double>& base,
                                                              std::span<const float> action,
                                                              const FirmActionScale& scale);

} // namespace orrery::plugins::firm
