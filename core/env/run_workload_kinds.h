#pragma once
#include "sim/run_recorder.h"

#include <optional>
#include <string>
#include <vector>

namespace orrery::env {

//! The kinds of a run's workloads from its `run.workload` annotations (kRunWorkloadAnnotation,
//! target "<kind>/<name>"), each once, in the scenario's order; other annotations are skipped.
//! nullopt when there is none: a run stored by a build that did not record them.
[[nodiscard]] std::optional<std::vector<std::string>> workloadKindsOf(const std::vector<sim::RunAnnotation>& annotations);

} // namespace orrery::env
