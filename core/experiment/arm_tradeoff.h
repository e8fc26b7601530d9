#pragma once
#include "experiment/experiment_report_data.h"

#include <string>
#include <utility>
#include <vector>

namespace orrery::experiment {

//! Two metrics whose per-run trade-off an experiment's views draw as a scatter, one point per
//! run (e.g. model serving: SLO attainment against power, seed 001 Fig. 6.7–6.8 read together).
struct TradeoffPair {
    std::string xMetric;
    std::string yMetric;
};

//! The pairs the views look for, in order; a pair is drawn when the experiment records both.
const std::vector<TradeoffPair>& knownTradeoffs();

//! One arm's runs at one sweep point as (x, y) points.
struct ArmTradeoff {
    std::string arm;
    std::vector<std::pair<double, double>> points;
};

//! Per arm (in the experiment's order), the runs at sweep point `sweepIndex` that recorded both
//! metrics of `pair`, paired by run. Empty when the experiment lacks either metric.
std::vector<ArmTradeoff> armTradeoff(const ExperimentReportData& data, const TradeoffPair& pair, int sweepIndex);

//! The first known pair the experiment records both metrics of, or nullptr.
const TradeoffPair* tradeoffOf(const ExperimentReportData& data);

} // namespace orrery::experiment
