#pragma once
#include <cstddef>
#include <cstdint>

namespace orrery::learn {

//! How MetaLearner::train runs. One step draws, for each of `environmentsPerStep` environments
//! (all of them when 0), a context bundle of up to M episodes and up to `targetTransitions`
//! transitions of other episodes of the same environment, and takes one Adam step on the mean
//! squared error of the head's reward and next-state predictions over all of them.
struct MetaTrainingConfig {
    std::size_t steps = 500;
    double learningRate = 3e-4;             //!< Adam (seed 001 Table A.1)
    std::size_t environmentsPerStep = 0;    //!< 0: every environment every step
    std::size_t targetTransitions = 64;     //!< per environment and step
    //! Whether context and targets come from disjoint episodes (when an environment has more
    //! than one), so the encoder must describe the environment, not memorise the bundle.
    bool disjointTargets = true;
    double gradientClip = 1.0;              //!< max L2 norm of all gradients; 0 disables
    std::uint64_t seed = 0;                 //!< bundle and target sampling
};

} // namespace orrery::learn
