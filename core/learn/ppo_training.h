#pragma once
#include "learn/policy_evaluation.h"
#include "learn/ppo_update_stats.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace orrery::gym {
class Environment;
}

namespace orrery::learn {

class PpoAgent;

//! How trainPpo() collects its rollouts (Stable-Baselines3's names in brackets).
struct PpoTrainingConfig {
    std::uint64_t totalSteps = 100000; //!< environment steps (n_timesteps)
    //! Transitions per update, collected across episode boundaries (n_steps); the agent's
    //! epochs and minibatch size (PpoConfig) apply to the whole rollout.
    std::size_t rolloutSteps = 2048;
    std::uint64_t evaluationEvery = 0; //!< steps between deterministic evaluations (0: at the end)
    std::size_t evaluationEpisodes = 10;
    std::uint64_t evaluationSeed = 1000000;
    std::uint64_t seed = 0;
};

struct PpoTrainingResult {
    std::vector<PolicyEvaluation> evaluations;
    std::vector<double> episodeReturns;
    std::vector<PpoUpdateStats> updates; //!< one per rollout
    std::uint64_t steps = 0;
    double seconds = 0;
};

//! Trains a categorical PpoAgent in a discrete-action `environment`: rollouts of rolloutSteps
//! transitions spanning episodes; a truncated (not terminated) last step gets γ·V(s') added to its
//! reward before the episode boundary, so the time limit is bootstrapped as SB3's on-policy
//! algorithms do; the rollout's own last state is bootstrapped with V. Evaluates greedily.
PpoTrainingResult trainPpo(gym::Environment& environment, gym::Environment& evaluationEnvironment, PpoAgent& agent,
                           const PpoTrainingConfig& config,
                           const std::function<bool(const PolicyEvaluation&)>& onEvaluation = {});

} // namespace orrery::learn
