#pragma once
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace orrery::learn {

//! The off-policy actor-critic algorithms OffPolicyAgent implements.
enum class OffPolicyAlgorithm : std::uint8_t {
    //! Lillicrap et al. 2016: one critic, a deterministic tanh actor updated every step.
    Ddpg,
    //! Fujimoto et al. 2018: twin critics (the minimum in the target), target policy smoothing,
    //! the actor and the targets updated every policyDelay critic steps.
    Td3,
    //! Haarnoja et al. 2018: a tanh-squashed Gaussian actor, twin critics, the entropy
    //! coefficient α tuned towards targetEntropy (or fixed).
    Sac
};

//! How OffPolicyAgent computes a gradient step. The networks, optimizers and checkpoints are the
//! same either way; Plain runs DDPG's and TD3's forward and backward passes in plain loops on the
//! parameters' memory (core/learn/dense_network_pass.h), LibTorch through autograd.
enum class OffPolicyBackend : std::uint8_t {
    Automatic, //!< Plain for DDPG and TD3 whose hidden layers are all ≤ 64 units, else LibTorch
    LibTorch,
    Plain      //!< DDPG and TD3 only (SAC always uses LibTorch)
};

//! OffPolicyAgent's dimensions and hyperparameters. The defaults are Stable-Baselines3's
//! (stable_baselines3/td3/td3.py, sac/sac.py): networks 256 × 256 ReLU, Adam 1e-3 (TD3) — set
//! per task as rl-baselines3-zoo's hyperparams/*.yml do (tests/bench/bench_learners.cpp).
struct OffPolicyConfig {
    OffPolicyAlgorithm algorithm = OffPolicyAlgorithm::Td3;
    std::size_t stateDim = 1;
    std::size_t actionDim = 1;
    std::vector<std::size_t> actorHidden = {256, 256};
    std::vector<std::size_t> criticHidden = {256, 256};
    double actorLearningRate = 1e-3;
    double criticLearningRate = 1e-3;
    double entropyLearningRate = 1e-3; //!< SAC's α optimiser (SB3 uses the common learning rate)
    double discount = 0.99;            //!< γ
    double softUpdate = 0.005;         //!< τ: θ' ← τθ + (1 − τ)θ'
    //! Bound of the last layers' uniform initialisation U(±b) (DDPG paper §7: 3e-3, FIRM's
    //! setting); 0 keeps LibTorch's default U(±1/√fan_in) everywhere, as SB3 does.
    double finalLayerInit = 0;

    // DDPG and TD3
    double explorationNoise = 0.1;     //!< σ of the Gaussian noise added to actions in [-1, 1]
    std::size_t policyDelay = 2;       //!< TD3: critic steps per actor step (DDPG: always 1)
    double targetNoise = 0.2;          //!< TD3: σ of the target policy smoothing noise
    double targetNoiseClip = 0.5;      //!< TD3: that noise clipped to ±c

    // SAC
    double initialEntropyCoefficient = 1.0; //!< α at the start
    bool learnEntropyCoefficient = true;    //!< false: α stays at initialEntropyCoefficient
    //! Target entropy of the α tuning; NaN (the default) means −actionDim (SB3's "auto").
    double targetEntropy = std::numeric_limits<double>::quiet_NaN();
    //! Generalized state-dependent exploration (Raffin et al. 2022, SB3's use_sde): the noise is
    //! the actor's last hidden features times a Gaussian matrix, redrawn by resetNoise(), so it
    //! is smooth in time; the log-std is a matrix parameter initialised at sdeLogStdInit and the
    //! mean is clipped to ±2 (SB3's clip_mean).
    bool stateDependentExploration = false;
    double sdeLogStdInit = -3.0;

    //! Weight of mean(u²) over the actor's pre-tanh outputs u added to its loss (0 = off), so the
    //! actor does not drift into the flat tails of tanh where its gradient vanishes.
    double preTanhPenalty = 0;
    std::uint64_t seed = 0; //!< initialisation, exploration noise, target noise, SAC's samples
    OffPolicyBackend backend = OffPolicyBackend::Automatic;
};

} // namespace orrery::learn
