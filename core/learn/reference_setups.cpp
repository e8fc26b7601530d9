#include "learn/reference_setups.h"

#include "gym/environment.h"

namespace orrery::learn {

std::optional<OffPolicyAlgorithm> offPolicyAlgorithmNamed(std::string_view name)
{
    if (name == "ddpg")
        return OffPolicyAlgorithm::Ddpg;
    if (name == "td3")
        return OffPolicyAlgorithm::Td3;
    if (name == "sac")
        return OffPolicyAlgorithm::Sac;
    return std::nullopt;
}

const char* offPolicyAlgorithmName(OffPolicyAlgorithm algorithm)
{
    switch (algorithm) {
    case OffPolicyAlgorithm::Ddpg:
        return "ddpg";
    case OffPolicyAlgorithm::Td3:
        return "td3";
    case OffPolicyAlgorithm::Sac:
        return "sac";
    }
    return "?";
}

OffPolicySetup referenceOffPolicySetup(OffPolicyAlgorithm algorithm, const gym::Environment& environment,
                                       std::uint64_t seed)
{
    OffPolicySetup s;
    OffPolicyConfig& c = s.agent;
    OffPolicyTrainingConfig& t = s.training;
    c.algorithm = algorithm;
    c.stateDim = environment.observationDimension();
    c.actionDim = environment.actionSpace().dimension();
    c.seed = seed;
    t.seed = seed;
    const std::string id = environment.id();
    // Stable-Baselines3 2.x defaults (td3.py, ddpg.py, sac.py).
    s.source = "Stable-Baselines3 defaults";
    t.batchSize = 256;
    t.bufferSize = 1000000;
    if (algorithm == OffPolicyAlgorithm::Sac) {
        c.actorLearningRate = c.criticLearningRate = c.entropyLearningRate = 3e-4;
        t.warmupSteps = 100;
    } else {
        c.actorHidden = c.criticHidden = {400, 300};
        t.warmupSteps = 100;
    }
    if (id == "Pendulum-v1" && algorithm != OffPolicyAlgorithm::Sac) {
        // hyperparams/td3.yml and ddpg.yml: 20k steps, γ 0.98, buffer 200k, learning_starts
        // 10k, Gaussian noise σ 0.1, lr 1e-3, net_arch [400, 300].
        s.source = std::string("rl-baselines3-zoo hyperparams/") + offPolicyAlgorithmName(algorithm) + ".yml, Pendulum-v1";
        c.actorLearningRate = c.criticLearningRate = 1e-3;
        c.discount = 0.98;
        c.explorationNoise = 0.1;
        t.totalSteps = 20000;
        t.warmupSteps = 10000;
        t.bufferSize = 200000;
    } else if (id == "Pendulum-v1") {
        // hyperparams/sac.yml: 20k steps, learning rate 1e-3, the rest SB3's defaults.
        s.source = "rl-baselines3-zoo hyperparams/sac.yml, Pendulum-v1";
        c.actorLearningRate = c.criticLearningRate = c.entropyLearningRate = 1e-3;
        t.totalSteps = 20000;
    } else if (id == "MountainCarContinuous-v0" && algorithm == OffPolicyAlgorithm::Sac) {
        // hyperparams/sac.yml: 50k steps, lr 3e-4, buffer 50k, batch 512, ent_coef 0.1,
        // train_freq 32, gradient_steps 32, γ 0.9999, τ 0.01, learning_starts 0, use_sde,
        // log_std_init −3.67, net_arch [64, 64].
        s.source = "rl-baselines3-zoo hyperparams/sac.yml, MountainCarContinuous-v0";
        c.actorHidden = c.criticHidden = {64, 64};
        c.initialEntropyCoefficient = 0.1;
        c.learnEntropyCoefficient = false;
        c.discount = 0.9999;
        c.softUpdate = 0.01;
        c.stateDependentExploration = true;
        c.sdeLogStdInit = -3.67;
        t.totalSteps = 50000;
        t.warmupSteps = 0;
        t.bufferSize = 50000;
        t.batchSize = 512;
        t.trainFrequency = 32;
        t.gradientSteps = 32;
    }
    return s;
}

PpoSetup referencePpoSetup(const gym::Environment& environment, std::uint64_t seed)
{
    PpoSetup s;
    PpoConfig& c = s.agent;
    c.stateDim = environment.observationDimension();
    c.actionCount = environment.actionSpace().count;
    c.epochs = 10;
    c.minibatchSize = 64;
    c.actorLearningRate = c.criticLearningRate = 3e-4;
    c.gamma = 0.99;
    c.gaeLambda = 0.95;
    c.entropyCoefficient = 0.0;
    c.criticLossCoefficient = 0.5;
    c.seed = seed;
    s.training.totalSteps = 100000;
    s.training.rolloutSteps = 2048;
    s.training.seed = seed;
    s.source = "Stable-Baselines3 PPO defaults, rollouts of 2,048 transitions and minibatches of 64 (issue 32)";
    return s;
}

} // namespace orrery::learn
