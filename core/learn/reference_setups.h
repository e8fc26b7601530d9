#pragma once
#include "learn/off_policy_config.h"
#include "learn/off_policy_training.h"
#include "learn/ppo_config.h"
#include "learn/ppo_training.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace orrery::gym {
class Environment;
}

namespace orrery::learn {

//! An off-policy learner and how to train it, with where the numbers come from.
struct OffPolicySetup {
    OffPolicyConfig agent;
    OffPolicyTrainingConfig training;
    std::string source; //!< e.g. "rl-baselines3-zoo hyperparams/td3.yml, Pendulum-v1"
};

struct PpoSetup {
    PpoConfig agent;
    PpoTrainingConfig training;
    std::string source;
};

//! "ddpg", "td3", "sac" → the algorithm; nullopt otherwise.
[[nodiscard]] std::optional<OffPolicyAlgorithm> offPolicyAlgorithmNamed(std::string_view name);
[[nodiscard]] const char* offPolicyAlgorithmName(OffPolicyAlgorithm algorithm);

//! The hyperparameters rl-baselines3-zoo publishes for `algorithm` on `environment`
//! (hyperparams/{ddpg,td3,sac}.yml: Pendulum-v1 for all three, MountainCarContinuous-v0 for SAC)
//! and Stable-Baselines3's defaults for any other environment; dimensions from the environment,
//! `seed` for the agent and the training episodes.
[[nodiscard]] OffPolicySetup referenceOffPolicySetup(OffPolicyAlgorithm algorithm, const gym::Environment& environment,
                                                     std::uint64_t seed);

//! PPO for a discrete-action environment: rollouts of 2,048 transitions across episodes,
//! minibatches of 64, and Stable-Baselines3's PPO defaults otherwise (10 epochs, learning rate
//! 3e-4, γ 0.99, λ 0.95, clip 0.2, value coefficient 0.5, no entropy bonus, gradient norm 0.5,
//! 2 × 64 tanh networks); 100k steps.
[[nodiscard]] PpoSetup referencePpoSetup(const gym::Environment& environment, std::uint64_t seed);

} // namespace orrery::learn
