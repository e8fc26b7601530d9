#pragma once
#include "experiment/arm_spec.h"
#include "experiment/experiment.h"
#include "experiment/sweep_spec.h"
#include "model/scenario.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace orrery::experiment {

//! `scenario` with the sweep parameter at `value`: `jobs` sets every workload's job count,
//! `nodes` multiplies every pool's node count (rounded to the nearest whole node, at least 1),
//! `arrivalRate` multiplies every workload's arrival rate. Precondition: sweepProblem() is empty.
model::Scenario applySweep(model::Scenario scenario, SweepParameter parameter, double value);

//! Why the sweep value cannot be applied to `scenario` (a scenario limit would be exceeded, or a
//! workload has no such parameter), or empty when it can.
std::string sweepProblem(const model::Scenario& scenario, SweepParameter parameter, double value);

//! `scenario` with the arm's policy choices replacing the scenario's at the decision points the
//! arm names.
model::Scenario applyArm(model::Scenario scenario, const ArmSpec& arm);

//! What one (sweep point, arm) runs, before its seed is set: the experiment's scenario with the
//! sweep point (if any) and the arm applied.
model::Scenario armScenario(const Experiment& experiment, std::size_t point, std::size_t arm);

} // namespace orrery::experiment
