#pragma once
#include "policy/control_action.h"
#include "policy/observation.h"

#include <cstdint>
#include <optional>

namespace orrery::plugins::simppo {

//! Table 4.1's action space as seven discrete choices (the chapter gives the dimensions, not
//! the step sizes; these are ours): hold; cpu.shares ×2 or ÷2; memory limit ×1.25 or ÷1.25;
//! containers +⌈NC/4⌉ or −⌈NC/4⌉ (at least one).
enum class FunctionAction : std::uint8_t { Hold, CpuUp, CpuDown, MemoryUp, MemoryDown, ScaleOut, ScaleIn };
inline constexpr int kActionCount = 7;

//! The ControlAction for `action` on `target`, or nullopt for Hold and for an illegal action
//! (scaling in at zero containers, a limit beyond its bounds: §4.3.1's penalty cases).
[[nodiscard]] std::optional<policy::ControlAction> toControlAction(FunctionAction action, const policy::TargetObservation& target);
[[nodiscard]] bool isIllegal(FunctionAction action, const policy::TargetObservation& target);
//! Scaling one dimension back the way the previous step scaled it (§4.3.1's oscillation).
[[nodiscard]] bool oscillates(FunctionAction previous, FunctionAction current);
//! +1 / −1 / 0: the vertical and horizontal direction of an action, for the global state.
[[nodiscard]] int verticalDirection(FunctionAction action);
[[nodiscard]] int horizontalDirection(FunctionAction action);

} // namespace orrery::plugins::simppo
