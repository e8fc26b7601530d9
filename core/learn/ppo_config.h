#pragma once
#include <cstddef>
#include <cstdint>

namespace orrery::learn {

//! PPO's dimensions and hyperparameters. Defaults are seed 001 Table 4.2 (S-RL, §4.3.2; the
//! same for SIMPPO, §4.7.2, except its minibatch of 5): actor and critic 2 × 64, Adam with
//! learning rates 3e-4 / 3e-4, γ 0.99, 5 SGD epochs, clip ε 0.2, entropy coefficient β 0.01,
//! critic loss coefficient δ 0.05, minibatch 10. The chapter trains on 50-step episodes (T).
struct PpoConfig {
    //! Inputs of the policy: Table 4.1's seven S-RL features (SP, RU_cpu, RU_mem, AC, RLT_cpu,
    //! RLT_mem, NC).
    std::size_t stateDim = 7;
    //! Inputs only the critic sees, appended to the state: SIMPPO's auxiliary global state g^i
    //! (§4.7.1). The critic's input is state ++ criticExtra; 0 for S-RL.
    std::size_t criticExtraDim = 0;
    //! Discrete actions of the categorical policy. The chapter lists the scaling actions (Table
    //! 4.1) but not their count; 7 = CPU up/down, memory up/down, out/in, hold.
    std::size_t actionCount = 7;
    std::size_t hiddenUnits = 64;   //!< per hidden layer, actor and critic (Table 4.2: 64)
    std::size_t hiddenLayers = 2;   //!< Linear + Tanh layers, actor and critic (Table 4.2: 2)
    double actorLearningRate = 3e-4;
    double criticLearningRate = 3e-4;
    double gamma = 0.99;            //!< discount γ
    //! GAE(λ) of Schulman et al. 2016. The chapter does not give λ; 0.95 is the usual choice
    //! (Schulman et al. 2017). λ = 1 gives the plain discounted return minus V.
    double gaeLambda = 0.95;
    double clip = 0.2;              //!< ε: the ratio π/π_old is clipped to [1 − ε, 1 + ε]
    double entropyCoefficient = 0.01;    //!< β
    double criticLossCoefficient = 0.05; //!< δ ("critic loss discount")
    //! Each network's gradient is clipped to this L2 norm before its step (0 disables). Not in
    //! the chapter; 0.5 is the common PPO setting (Andrychowicz et al. 2021).
    double maxGradientNorm = 0.5;
    std::size_t epochs = 5;         //!< SGD passes over each trajectory
    std::size_t minibatchSize = 10; //!< 10 single-agent, 5 multi-agent (SIMPPO)
    //! Stops an update's epochs early once a minibatch's approximate KL divergence from the
    //! rollout's policy exceeds 1.5 × targetKl, before that minibatch's step (Stable-Baselines3's
    //! target_kl; 0 = never).
    double targetKl = 0;
    //! Value normalisation: the critic regresses on the λ-returns standardised by their running
    //! mean and standard deviation (RunningNormalizer, saved with the checkpoint) and value()
    //! maps its output back, so the value loss has unit scale whatever the rewards' units.
    bool normalizeValues = false;
    std::uint64_t seed = 0;         //!< weight initialisation, action sampling, minibatch shuffles
};

} // namespace orrery::learn
