#pragma once
#include "aware/lifecycle_stage.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace orrery::aware {

//! Why AgentLifecycle changed stage (seed 001 Alg. 5.1, lines 4–21).
enum class TransitionReason {
    BootstrapEnabled,     //!< INITIALIZED → OFFLINE: the profile asks for bootstrapping
    BootstrapDisabled,    //!< INITIALIZED → ONLINE: bootstrapping skipped
    ReachedOnline,        //!< OFFLINE → ONLINE: avg ≥ T_online
    ReachedServing,       //!< ONLINE → SERVING: avg ≥ T_serving and std ≤ T_var
    AverageBelowServing,  //!< SERVING → ONLINE: avg < T_serving
    StdDevAboveLimit,     //!< SERVING → ONLINE: std > T_var
    DegradedBeyondRetraining //!< SERVING → ONLINE: avg fell more than the retraining threshold below the serving reference
};

//! "bootstrap-enabled", "bootstrap-disabled", "reached-online", "reached-serving",
//! "average-below-serving", "stddev-above-limit", "degraded-beyond-retraining".
[[nodiscard]] std::string_view toString(TransitionReason reason);

//! One change of stage, as AgentLifecycle reports it: a value the caller may log, show or record
//! as a run annotation (lifecycleAnnotation). The window statistics are those the decision was
//! taken on; the two start transitions out of INITIALIZED have episode 0 and an empty window.
struct LifecycleTransition {
    LifecycleStage from = LifecycleStage::Initialized;
    LifecycleStage to = LifecycleStage::Initialized;
    std::int64_t episode = 0;  //!< 1-based number of the reward that triggered it (0: at start)
    double average = 0.0;      //!< mean of the recent rewards (reward units)
    double stdDev = 0.0;       //!< population standard deviation of the recent rewards
    std::int64_t windowSize = 0; //!< how many recent rewards the mean and std are over
    TransitionReason reason = TransitionReason::BootstrapEnabled;

    //! "episode 12: online -> serving (reached-serving; avg 850.5, std 12.25 over 10 episodes)".
    [[nodiscard]] std::string describe() const;
};

} // namespace orrery::aware
