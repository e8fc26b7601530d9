#pragma once
#include "learn/off_policy_update_stats.h"
#include "learn/policy_evaluation.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <vector>

namespace orrery::gym {
class Environment;
}

namespace orrery::learn {

class OffPolicyAgent;
class RunningNormalizer;

//! How trainOffPolicy() collects experience, with Stable-Baselines3's names in brackets.
struct OffPolicyTrainingConfig {
    std::uint64_t totalSteps = 20000;   //!< environment steps (n_timesteps)
    //! Uniformly random actions and no updates for this many steps first (learning_starts).
    std::uint64_t warmupSteps = 100;
    std::size_t bufferSize = 1000000;   //!< (buffer_size)
    std::size_t batchSize = 256;        //!< (batch_size)
    std::size_t trainFrequency = 1;     //!< environment steps between rounds of updates (train_freq)
    std::size_t gradientSteps = 1;      //!< updates per round (gradient_steps)
    //! Deterministic evaluation every this many steps (0: only after the last), on
    //! evaluationEpisodes fixed seeds evaluationSeed, evaluationSeed + 1, …
    std::uint64_t evaluationEvery = 0;
    std::size_t evaluationEpisodes = 10;
    std::uint64_t evaluationSeed = 1000000;
    std::uint64_t seed = 0;             //!< training episodes reset with seeds derived from it
    //! Parallel rollouts: this many environments stepped side by side (n_envs); a round is one
    //! step of each, its transitions stored in environment order. 1 = the plain loop.
    std::size_t environments = 1;
    //! Threads that step them (0 = every core). The trained model is the same for any count:
    //! actions are chosen and transitions stored on the calling thread, in environment order.
    std::size_t threads = 0;
};

//! What an off-policy training run did.
struct OffPolicyTrainingResult {
    std::vector<PolicyEvaluation> evaluations; //!< in step order; the last is the final model's
    std::vector<double> episodeReturns;        //!< training episodes (with exploration)
    std::uint64_t steps = 0;
    std::uint64_t updates = 0;
    OffPolicyUpdateStats lastUpdate;
    double seconds = 0;                        //!< wall time, evaluations included
};

//! Trains `agent` in `environment` (continuous actions; the agent's [-1, 1] actions are mapped
//! onto the space) and evaluates it deterministically in `evaluationEnvironment`. Transitions
//! store the executed action and `terminated` only: a time-limit truncation is bootstrapped.
//! With an observationNormalizer, it is updated with every observation collected and the agent
//! sees normalised observations (replay stores raw ones, normalised when sampled, so old
//! transitions use the current statistics, as SB3's VecNormalize does for off-policy learners).
//! `onEvaluation` runs after each evaluation; returning false stops training.
OffPolicyTrainingResult trainOffPolicy(gym::Environment& environment, gym::Environment& evaluationEnvironment,
                                       OffPolicyAgent& agent, const OffPolicyTrainingConfig& config,
                                       RunningNormalizer* observationNormalizer = nullptr,
                                       const std::function<bool(const PolicyEvaluation&)>& onEvaluation = {});

//! The same with config.environments rollouts: `environments` holds that many independent
//! copies of the task (only their step() and reset() run on other threads).
OffPolicyTrainingResult trainOffPolicy(std::span<gym::Environment* const> environments, gym::Environment& evaluationEnvironment,
                                       OffPolicyAgent& agent, const OffPolicyTrainingConfig& config,
                                       RunningNormalizer* observationNormalizer = nullptr,
                                       const std::function<bool(const PolicyEvaluation&)>& onEvaluation = {});

//! The seed a training run resets its episode with: distinct per (run seed, episode) and apart
//! from the evaluation seeds.
[[nodiscard]] std::uint64_t trainingEpisodeSeed(std::uint64_t runSeed, std::uint64_t episode);

} // namespace orrery::learn
