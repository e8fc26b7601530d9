#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace orrery::experiment {

// The run metrics an experiment can compare: those the simulator records (docs/model.md,
// "Metrics of a run"). An experiment file naming something close to one of them but not
// equal is a typo; a name far from all of them is allowed with a warning, since new workload
// kinds add metrics.

//! The metrics an experiment compares when its file names none.
std::vector<std::string> defaultMetrics();

//! Whether the simulator is known to record `metric` (exact names and the per-class
//! `job.<class>.completion_time.{mean,p99}` and `tasks.on_<kind>` families).
bool isKnownMetric(std::string_view metric);

//! Every exactly-named metric the simulation itself records (jobs, cluster, placement, control).
const std::vector<std::string>& knownMetricNames();
//! Those and the registered kinds' exactly-named metrics, for did-you-mean suggestions.
std::vector<std::string> metricSuggestions();

//! Whether lower values are better and the metric is a time, so that "speedup" = baseline
//! mean / arm mean makes sense: job waits and completion times (any statistic of them, any job
//! class), makespan and placement decision time.
bool isLatencyLike(std::string_view metric);

} // namespace orrery::experiment
