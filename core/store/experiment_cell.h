#pragma once
#include "store/ids.h"

#include <cstdint>
#include <limits>
#include <string>

namespace orrery::store {

//! One cell of an experiment: a run of one arm at one sweep point with one seed, one repeat.
struct ExperimentCell {
    int sweepIndex = 0;     //!< 0 … points − 1 (0 without a sweep)
    std::string sweepValue; //!< the sweep value as written ("100", "0.5"); empty without a sweep
    std::string arm;
    std::uint64_t seed = 0;
    int repeat = 0;         //!< 0 … repeats − 1
};

//! A run recorded for a cell.
struct ExperimentCellRun {
    ExperimentCell cell;
    RunId runId = 0;
};

//! One scalar result of a cell's completed run.
struct ExperimentCellMetric {
    ExperimentCell cell;
    RunId runId = 0;
    std::string metric;
    double value = std::numeric_limits<double>::quiet_NaN(); //!< NaN when the run recorded NaN
    std::string unit;
};

} // namespace orrery::store
