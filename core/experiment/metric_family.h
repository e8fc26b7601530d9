#pragma once
#include "experiment/experiment_report_data.h"

#include <string>
#include <vector>

namespace orrery::experiment {

//! Metrics that are one figure of several items, named `<prefix>.<item>.<rest>` — such as a
//! Functions workload's `fn.<function>.latency.p99` — gathered for a per-item comparison of the
//! arms (the grouped bar chart of the comparison view and the report).
struct MetricFamily {
    std::string pattern;                   //!< "<prefix>.*.<rest>", e.g. "fn.*.latency.p99"
    std::string unit;
    std::vector<std::string> items;        //!< in the experiment's metric order
    std::vector<std::string> arms;         //!< in the experiment's arm order
    std::vector<std::vector<double>> means; //!< [arm][item]: mean over the arm's runs (NaN: no run)
};

//! Every family of at least `minItems` metrics of the experiment, at sweep point `sweepIndex`,
//! in the order of their first metric.
std::vector<MetricFamily> metricFamilies(const ExperimentReportData& data, int sweepIndex = 0, std::size_t minItems = 3);

} // namespace orrery::experiment
