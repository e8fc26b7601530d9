#pragma once

namespace orrery::live_experiment {

//! How one window of a live experiment ended (LiveExperimentRunner words the outcome).
enum class WindowEnd {
    Measured,       //!< recorded as a completed run of its cell
    Cancelled,      //!< cancel(): Ctrl-C, Cancel
    GuardTripped,   //!< the SLO guard stopped it
    ConnectionLost, //!< the API server or Prometheus failed too often in a row
    Failed,         //!< anything else that stops the experiment
};

} // namespace orrery::live_experiment
