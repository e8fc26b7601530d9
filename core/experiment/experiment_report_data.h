#pragma once
#include "env/gpu_share_annotations.h"
#include "store/experiment_record.h"
#include "store/experiment_result_row.h"
#include "store/ids.h"

#include <string>
#include <vector>

namespace orrery::store {
class Project;
}

namespace orrery::experiment {

//! One arm's per-run values of a metric at one sweep point (over seeds and repeats), with the
//! runs they came from (for time-series overlays).
struct ArmValues {
    std::string arm;
    std::vector<double> values;
    std::vector<store::RunId> runs; //!< parallel to values
};

//! A metric at one sweep point: every arm's values and the stored comparison rows.
struct MetricPoint {
    int sweepIndex = 0;
    std::string sweepValue; //!< as written; empty without a sweep
    std::vector<ArmValues> arms;                      //!< in the experiment's arm order
    std::vector<store::ExperimentResultRow> results;  //!< one per arm, same order
};

//! Everything about one metric across the sweep.
struct MetricResults {
    std::string metric;
    std::string unit;
    std::vector<MetricPoint> points; //!< in sweep order
};

//! One arm's GPUs, shared by fraction, as one of its runs recorded them at its peak GPU
//! allocation (env/gpu_share_annotations.h).
struct ArmGpuShares {
    std::string arm;
    store::RunId run = 0;
    env::GpuShareSnapshot gpus;
};

//! What a comparison view and a report show about one experiment, read from the project in one
//! go: the stored definition, the arms, and per metric and sweep point the per-run values and
//! the comparison with the baseline. Both the GUI's ComparisonView and `orrery report` read this,
//! so they always show the same numbers.
struct ExperimentReportData {
    store::ExperimentRecord record;
    std::vector<std::string> arms; //!< in the experiment's order
    std::vector<MetricResults> metrics;
    //! Per arm (in arm order) whose run recorded GPU shares: its first completed cell's run; for
    //! an experiment stored as its comparison only, without linked runs (`orrery replay
    //! --project`), the newest completed run of the experiment's scenario text whose placement
    //! policy is the arm. Empty when no run recorded GPUs.
    std::vector<ArmGpuShares> gpuShares;
};

//! Reads experiment `id` of `project`. Throws store::StoreError when there is no such experiment.
ExperimentReportData loadExperimentReportData(const store::Project& project, store::ExperimentId id);

} // namespace orrery::experiment
