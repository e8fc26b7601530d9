#pragma once
#include "experiment/experiment_spec.h"
#include "store/experiment_result_row.h"

#include <string>
#include <vector>

namespace orrery::experiment {

//! The comparison as plain-text tables, one block per metric (docs/experiment-format.md,
//! "Output"): rows are sweep points (or the scenario without a sweep); columns the arms' means,
//! then the treatment arm's speedup over each other arm ("octopus vs first-fit 2.31×"; for
//! metrics that are not latency-like, the ratio of means "octopus/first-fit"); then each arm's
//! ratio of medians to the baseline with its confidence interval and Mann–Whitney p-value.
//! `rows` are compareArms()'s (or the stored ones); `scenarioName` labels the row without a sweep.
std::string formatComparisonTable(const ExperimentSpec& spec, const std::string& scenarioName,
                                  const std::vector<store::ExperimentResultRow>& rows, double confidence = 0.95);

//! A figure as the tables show it: 4 significant digits without exponent from 0.001 to 1e9,
//! "n/a" for NaN.
std::string formatFigure(double value);

} // namespace orrery::experiment
