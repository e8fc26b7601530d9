#pragma once
#include <cstdint>
#include <limits>
#include <string>

namespace orrery::store {

//! The comparison of one arm on one metric at one sweep point (table `experiment_results`):
//! statistics of the per-run values over seeds and repeats, and, for arms other than the
//! baseline, how the arm compares with the baseline. NaN (stored as NULL) where a figure does
//! not apply. docs/experiment-format.md defines every figure.
struct ExperimentResultRow {
    static constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

    int sweepIndex = 0;
    std::string sweepValue; //!< as written; empty without a sweep
    std::string metric;
    std::string arm;
    std::string unit;
    std::string baselineArm;
    std::int64_t runs = 0; //!< per-run values the statistics are over (runs that recorded the metric)

    double mean = kNaN;
    double p50 = kNaN; //!< the median
    double p90 = kNaN;
    double p99 = kNaN;
    double min = kNaN;
    double max = kNaN;

    // Against the baseline arm (NaN on the baseline's own rows).
    double medianRatio = kNaN;     //!< median(arm) / median(baseline)
    double medianRatioLow = kNaN;  //!< bootstrap confidence interval of medianRatio
    double medianRatioHigh = kNaN;
    double mannWhitneyU = kNaN;    //!< U of the arm's values against the baseline's
    double pValue = kNaN;          //!< two-sided Mann–Whitney p-value
    double meanRatio = kNaN;       //!< mean(arm) / mean(baseline)
    double speedup = kNaN;         //!< mean(baseline) / mean(arm), for latency-like metrics only
};

} // namespace orrery::store
