#pragma once
#include <cstddef>
#include <cstdint>

namespace orrery::learn {

//! Which exploration process DdpgAgent adds to its actions when exploring.
enum class NoiseKind : std::uint8_t { OrnsteinUhlenbeck, Gaussian };

//! DDPG's dimensions and hyperparameters. Defaults are FIRM's (seed 001 Table 3.3, Fig. 3.4):
//! actor 8 → 40 → 40 → 5 (ReLU, ReLU, Tanh), critic (s, a) → 40 → 40 → 1 (ReLU, ReLU), Adam with
//! learning rates 3e-4 / 3e-3, γ 0.9, τ 2e-3, noise μ 0 σ 0.2, ε 1.0 decaying by 1e-6 per draw.
//! The paper gives the critic 23 inputs; state + action is 13 here, see docs in DdpgAgent.
struct DdpgConfig {
    std::size_t stateDim = 8;
    std::size_t actionDim = 5;
    std::size_t actorHidden1 = 40;  //!< the paper gives no width for the actor; the critic's is used
    std::size_t actorHidden2 = 40;
    std::size_t criticHidden1 = 40;
    std::size_t criticHidden2 = 40;
    double actorLearningRate = 3e-4;
    double criticLearningRate = 3e-3;
    double discount = 0.9;          //!< γ
    double softUpdate = 2e-3;       //!< τ: θ' ← τθ + (1 − τ)θ'
    //! Bound of the final layers' uniform initialisation (DDPG paper, §7: 3e-3), so initial
    //! actions and Q-values are near zero.
    double finalLayerInit = 3e-3;
    NoiseKind noise = NoiseKind::OrnsteinUhlenbeck;
    double noiseMu = 0.0;
    double noiseSigma = 0.2;
    double noiseTheta = 0.15;       //!< OU mean reversion
    double noiseDt = 1e-2;          //!< OU time step
    double epsilon = 1.0;
    double epsilonDecay = 1e-6;
    std::uint64_t seed = 0;         //!< network initialisation and exploration noise
};

} // namespace orrery::learn
