#pragma once
#include "env/run_result.h"
#include "model/scenario.h"

#include <string>
#include <utility>
#include <vector>

namespace orrery::app {

//! The `--summary-json` document of a run: scenario, seed, policies, status and metrics.
//! Deliberately free of wall-clock fields and paths, so the same scenario and seed give the
//! same bytes on any machine and any day.
std::string runSummaryJson(const model::Scenario& scenario,
                           const std::vector<std::pair<std::string, std::string>>& policies,
                           const env::RunResult& result);

} // namespace orrery::app
