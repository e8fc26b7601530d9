#pragma once
#include "firm_state.h"
#include "policy/control_action.h"
#include "policy/observation.h"

#include <array>
#include <cstddef>
#include <span>
#include <string_view>
#include <vector>

namespace orrery::plugins::firm {

//! How the actor's outputs a_i ∈ [-1, 1] become limits (seed 001 §3.2.4: RLT_i ∈ [R̂_low, R̂_up]).
//! The bounds are relative to the target's base limit (the first limit seen for it in an
//! episode or by a policy), on a log scale centred on it:
//!   RLT_i = base_i · maxFraction^a   for a ≥ 0,
//!   RLT_i = base_i · minFraction^(−a) for a < 0,
//! so a = 0 keeps the base limit, a = 1 gives maxFraction × base and a = −1 minFraction × base
//! (or the resource's own floor, resourceMinFraction).
//! An untrained actor (final layer initialised within ±3e-3) therefore keeps limits near base.
struct FirmActionScale {
    double minFraction = 0.25;
    double maxFraction = 4.0;
    //! Per resource (kFirmResources order), a floor of its own instead of minFraction; 0 = none.
    //! Seed 001 §3.2.4 predefines the lower limit per resource type.
    std::array<double, kActionDim> resourceMinFraction{};
    //! Changes smaller than this share of the current limit are not sent (no actuation churn).
    double minRelativeChange = 0.01;

    //! The floor of resource `r` (an index into kFirmResources).
    [[nodiscard]] double minFractionOf(std::size_t r) const
    {
        return r < resourceMinFraction.size() && resourceMinFraction[r] > 0.0 ? resourceMinFraction[r] : minFraction;
    }
};

//! Reads per-resource floors written as `name=fraction,…` (or `;` between them) with
//! kFirmResources' names (e.g. `disk-io=0.001,network=0.001`) into `scale`. Throws std::invalid_argument naming the entry
//! when a name is not a FIRM resource or a fraction is not in (0, 1).
void parseResourceMinFractions(std::string_view text, FirmActionScale& scale);

//! The limit of resource `r` (an index into kFirmResources) for actor output `action`
//! (clamped to [-1, 1]) and base limit `base`.
[[nodiscard]] double limitFor(double action, double base, const FirmActionScale& scale, std::size_t r);

//! The actor output that limitFor() maps to `limit` given `base` (its inverse, clamped to
//! [-1, 1]); 0 when either is not positive. What a transition stores as the executed action:
//! the limit in effect after the step, whatever the environment did with the request (clamped,
//! not sent below minRelativeChange, or converted to a scale-out).
[[nodiscard]] double actionFor(double limit, double base, const FirmActionScale& scale, std::size_t r);

//! SetLimit actions for one target: for each FIRM resource whose base limit is known (> 0), the
//! limit limitFor(action[r], base[r]) when it differs from the current limit by at least
//! minRelativeChange (or the current limit is unknown).
[[nodiscard]] std::vector<policy::ControlAction> limitActions(const policy::TargetObservation& target,
                                                              const policy::PerControlResource<double>& base,
                                                              std::span<const float> action,
                                                              const FirmActionScale& scale);

} // namespace orrery::plugins::firm
