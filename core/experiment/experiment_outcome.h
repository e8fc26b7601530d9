#pragma once
#include "store/experiment_cell.h"
#include "store/experiment_record.h"
#include "store/experiment_result_row.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace orrery::experiment {

//! A run of a cell that did not complete for a reason other than cancellation.
struct CellFailure {
    store::ExperimentCell cell;
    std::optional<store::RunId> runId; //!< when the run was recorded
    std::string message;
};

//! How ExperimentRunner::run() ended.
struct ExperimentOutcome {
    enum class Status {
        Completed, //!< every cell has a completed run; results computed and stored
        Cancelled, //!< cancel() stopped it; completed runs are kept, a rerun resumes
        Failed,    //!< some run failed, or the project could not be written
    };
    Status status = Status::Failed;
    store::ExperimentRecord record; //!< the experiment as stored in the project
    std::size_t totalCells = 0;
    std::size_t alreadyDone = 0; //!< cells found complete in the project and skipped
    std::size_t completed = 0;   //!< runs this call completed
    std::size_t cancelled = 0;   //!< runs this call started that were cancelled
    std::vector<CellFailure> failures;
    std::string storeError;      //!< set when the project could not be written; the run stopped
    std::vector<store::ExperimentResultRow> results; //!< when Completed, as stored
    std::vector<std::string> missingMetrics;         //!< when Completed: metrics no run recorded
};

} // namespace orrery::experiment
