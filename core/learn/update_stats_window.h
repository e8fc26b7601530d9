#pragma once
#include "learn/off_policy_update_stats.h"
#include "learn/ppo_update_stats.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace orrery::learn {

//! The means of an agent's update statistics since the last report, as the named metrics a
//! training stores and the Training view draws (docs/learning.md, "Evaluation of control
//! agents"): update.critic_loss, update.actor_loss, update.q_mean, update.q_std,
//! update.td_error, update.alpha, update.entropy, update.at_bound.<dimension> and
//! update.action_mean.<dimension> for off-policy
//! learners; update.policy_loss, update.value_loss, update.entropy, update.approx_kl,
//! update.clip_fraction, update.explained_variance and update.kl_stops for PPO.
class UpdateStatsWindow {
public:
    //! `dimensions` names the action dimensions of boundFraction, in order ("cpu", "memory", …).
    explicit UpdateStatsWindow(std::vector<std::string> dimensions);

    //! One update. `valuesMeasured` is false for learners that report only their losses (the
    //! seed's DDPG): then Q, TD error, entropy and bounds are left out of the means.
    void add(const OffPolicyUpdateStats& stats, bool valuesMeasured = true);
    //! One PPO update (of one agent: a multi-agent trainer adds each agent's).
    void add(const PpoUpdateStats& stats);
    [[nodiscard]] std::uint64_t updates() const { return m_updates + m_ppoUpdates; }
    //! The means under their names, plus update.count; empty when nothing was added. Starts a new window.
    [[nodiscard]] std::vector<std::pair<std::string, double>> takeMetrics();
    //! takeMetrics() appended to `metrics` (a checkpoint's, after its own figures).
    void takeMetricsInto(std::vector<std::pair<std::string, double>>& metrics);

private:
    std::vector<std::string> m_dimensions;
    std::uint64_t m_updates = 0;
    std::uint64_t m_actorUpdates = 0;
    std::uint64_t m_measured = 0;
    double m_criticLoss = 0;
    double m_actorLoss = 0;
    double m_qMean = 0;
    double m_qStd = 0;
    double m_tdError = 0;
    double m_alpha = 0;
    double m_entropy = 0;
    std::vector<double> m_bound;
    std::vector<double> m_actionMean;
    std::uint64_t m_ppoUpdates = 0;
    std::uint64_t m_klStops = 0;
    double m_policyLoss = 0;
    double m_valueLoss = 0;
    double m_ppoEntropy = 0;
    double m_approxKl = 0;
    double m_clipFraction = 0;
    double m_explainedVariance = 0;
};

} // namespace orrery::learn
