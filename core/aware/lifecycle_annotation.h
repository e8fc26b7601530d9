#pragma once
#include "aware/lifecycle_transition.h"
#include "sim/run_recorder.h"
#include "sim/sim_time.h"

#include <string>
#include <string_view>

namespace orrery::aware {

//! Prefix of the annotation kinds of lifecycle transitions: "aware.lifecycle.offline", ".online", ".serving".
inline constexpr std::string_view kLifecycleAnnotationPrefix = "aware.lifecycle.";

//! A lifecycle transition as a run annotation (sim::RunAnnotation) at simulated time `at` (the
//! caller's clock: the end of the episode that triggered it): kind "aware.lifecycle.<to>", start =
//! end = at, target = `target` (the agent or the workload it controls), intensity = the window
//! average in reward units (0 for the start transitions; not a [0, 1] strength). The episode, std
//! and reason are not carried; they are in LifecycleTransition::describe().
[[nodiscard]] sim::RunAnnotation lifecycleAnnotation(const LifecycleTransition& transition, sim::SimTime at,
                                                     std::string target);

} // namespace orrery::aware
