#pragma once
#include <cstdint>
#include <optional>

namespace orrery::aware {

//! What AgentLifecycle decides with: the part of an AwareProfile that Alg. 5.1 reads. All
//! thresholds are in the unit of the rewards fed to AgentLifecycle::observe (for the default
//! profile: the per-episode reward of the FIRM environment, docs/learning.md).
struct LifecycleThresholds {
    bool bootstrap = true;      //!< start OFFLINE (fallback acts) rather than ONLINE
    double online = 0.0;        //!< T_online: OFFLINE → ONLINE when avg ≥ this
    double serving = 0.0;       //!< T_serving: ONLINE → SERVING needs avg ≥ this; below it SERVING ends
    double maxStdDev = 0.0;     //!< T_var: ONLINE → SERVING needs std ≤ this; above it SERVING ends
    //! While SERVING, the agent also goes back to ONLINE when avg falls more than this below the
    //! best window average seen since it began serving (§5.5.3's "retraining threshold"); unset: off.
    std::optional<double> retraining;
    std::int64_t recentEpisodes = 10; //!< length of the sliding window of recent rewards (≥ 1)
    //! Rewards the window must hold since the last transition before a decision (1..recentEpisodes).
    std::int64_t minEpisodes = 10;
};

} // namespace orrery::aware
