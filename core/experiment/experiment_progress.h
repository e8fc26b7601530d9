#pragma once
#include <cstddef>
#include <limits>

namespace orrery::experiment {

//! Where a running experiment stands; reported to ExperimentRunner's progress callback.
struct ExperimentProgress {
    std::size_t totalCells = 0;  //!< runs the experiment has in all
    std::size_t alreadyDone = 0; //!< cells completed before this run() (skipped: resumed)
    std::size_t toRun = 0;       //!< cells this run() runs: totalCells − alreadyDone
    std::size_t finished = 0;    //!< of toRun: ended (completed, failed or cancelled)
    std::size_t failed = 0;      //!< of finished
    std::size_t running = 0;     //!< runs in flight
    double fraction = 0.0;       //!< of this run()'s work, in-flight runs counted by simulated time
    double elapsedSeconds = 0.0; //!< wall time since run() started the workers
    //! Estimated wall seconds left: elapsed × (1 − fraction) / fraction; NaN before any progress.
    double etaSeconds = std::numeric_limits<double>::quiet_NaN();
};

} // namespace orrery::experiment
