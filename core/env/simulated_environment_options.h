#pragma once
#include "sim/sim_time.h"

#include <string>

namespace orrery::env {

//! How a control environment runs its episodes (docs/model.md, "Control"): the microservice
//! SimulatedEnvironment (kinds/microservices/simulated_environment.h) and every other kind's
//! environment read the fields that apply to them.
struct SimulatedEnvironmentOptions {
    sim::SimTime controlPeriod = sim::kSecond;  //!< one step (seed 001 trains at 1 s)
    int stepsPerEpisode = 300;                  //!< seed 001 Table 3.3: 300 time steps
    double alpha = 0.3;                         //!< reward coefficient α (seed 001 Table 3.3)
    //! Early termination: the episode ends when the period's drop rate (dropped / arrived)
    //! exceeds `dropRateBound` for `dropPeriodsToTerminate` consecutive periods (0 = never).
    double dropRateBound = 0.5;
    int dropPeriodsToTerminate = 5;
    //! A target is `critical` when it lies on the period's dominant critical path and its
    //! congestion intensity (p99 / p50 of its spans) is at least this (the rule FIRM's SVM replaces).
    double criticalCongestionThreshold = 2.0;
    //! Which `kind: Microservices` workload is controlled (empty = the first).
    std::string workload;
    //! Keep a copy of each period's statistics for lastPeriodStats() (costs a copy of the
    //! per-service histograms every step; `orrery serve` needs it, training does not).
    bool keepPeriodStats = false;
};

} // namespace orrery::env
