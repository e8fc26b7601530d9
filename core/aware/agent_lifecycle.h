#pragma once
#include "aware/lifecycle_stage.h"
#include "aware/lifecycle_thresholds.h"
#include "aware/lifecycle_transition.h"

#include <cstdint>
#include <deque>
#include <optional>
#include <vector>

namespace orrery::aware {

//! AWARE's agent lifecycle (seed 001 Alg. 5.1, §5.3.3–5.3.4) as a deterministic state machine fed
//! one reward per episode (or per window of steps): INITIALIZED → OFFLINE (bootstrap) or ONLINE,
//! OFFLINE → ONLINE when avg ≥ T_online, ONLINE → SERVING when avg ≥ T_serving and std ≤ T_var,
//! SERVING → ONLINE when either fails (or, with a retraining threshold, when avg degrades by more
//! than it). avg and std are over a sliding window of the most recent rewards; the window is
//! emptied at every transition, so each stage is judged on rewards earned in it, and no decision
//! is taken before it holds minEpisodes rewards. No clock: the caller timestamps transitions.
class AgentLifecycle {
public:
    //! Throws std::invalid_argument when the thresholds are inconsistent (window < 1, min outside
    //! 1..window, negative T_var or retraining threshold, non-finite values).
    explicit AgentLifecycle(LifecycleThresholds thresholds);

    //! Leaves INITIALIZED (Alg. 5.1 lines 4–9). Throws std::logic_error when called twice.
    LifecycleTransition start();
    //! Feeds the next reward; returns the transition it caused, if any. Throws std::logic_error
    //! before start() and std::invalid_argument for a non-finite reward.
    std::optional<LifecycleTransition> observe(double reward);

    [[nodiscard]] LifecycleStage stage() const { return m_stage; }
    //! Who acts now: OFFLINE → fallback (hpa+vpa), ONLINE and SERVING → the agent.
    [[nodiscard]] ActingController actingController() const;
    //! True in OFFLINE (from the fallback's trajectories) and ONLINE; false in SERVING.
    [[nodiscard]] bool trains() const;
    //! True only in ONLINE: the agent adds exploration noise to its actions.
    [[nodiscard]] bool explores() const;

    [[nodiscard]] const LifecycleThresholds& thresholds() const { return m_thresholds; }
    //! Rewards observed so far (the episode number of the last one).
    [[nodiscard]] std::int64_t episodes() const { return m_episodes; }
    //! The recent rewards, oldest first (at most recentEpisodes; emptied at each transition).
    [[nodiscard]] std::vector<double> window() const { return {m_window.begin(), m_window.end()}; }
    //! Best window average since the agent began serving (the retraining reference); unset otherwise.
    [[nodiscard]] std::optional<double> servingReference() const { return m_servingReference; }
    //! Every transition so far, in order.
    [[nodiscard]] const std::vector<LifecycleTransition>& history() const { return m_history; }

private:
    LifecycleTransition moveTo(LifecycleStage to, TransitionReason reason, double average, double stdDev);

    LifecycleThresholds m_thresholds;
    LifecycleStage m_stage = LifecycleStage::Initialized;
    std::int64_t m_episodes = 0;
    std::deque<double> m_window;
    std::optional<double> m_servingReference;
    std::vector<LifecycleTransition> m_history;
};

} // namespace orrery::aware
