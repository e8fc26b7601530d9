#pragma once
#include "experiment/experiment_spec.h"
#include "store/experiment_cell.h"
#include "store/experiment_result_row.h"

#include <cstdint>
#include <string>
#include <vector>

namespace orrery::experiment {

//! How arms are compared (docs/experiment-format.md, "Statistics").
struct ComparisonOptions {
    int resamples = 2000;     //!< bootstrap replicates of the ratio of medians
    double confidence = 0.95; //!< of its interval
    std::uint64_t seed = 0x6f72726572792d31; //!< base of every row's bootstrap seed ("orrery-1")
};

//! The comparison rows of an experiment from its completed cells' metrics: for every sweep
//! point, metric of spec.metrics and arm (in that nesting, each in spec order) the mean, median
//! and p90/p99 (with min and max) of the per-run values over seeds and repeats; for each arm
//! other than the baseline, the ratio of its median to the baseline's with a percentile
//! bootstrap interval, the Mann–Whitney U test of its values against the baseline's, the ratio
//! of means and, for latency-like metrics, speedup = baseline mean / arm mean.
//!
//! Deterministic: values enter in cell order (seed, then repeat) whatever order the runs
//! finished in, and each row's bootstrap seed is derived from options.seed, the sweep index,
//! the metric and the arm, so the same cells give bit-identical rows. NaN values are left out.
std::vector<store::ExperimentResultRow> compareArms(const ExperimentSpec& spec,
                                                    const std::vector<store::ExperimentCellMetric>& cellMetrics,
                                                    const ComparisonOptions& options = {});

//! The metrics of spec.metrics that no cell recorded.
std::vector<std::string> missingMetrics(const ExperimentSpec& spec,
                                        const std::vector<store::ExperimentCellMetric>& cellMetrics);

} // namespace orrery::experiment
