#pragma once
#include <cstddef>
#include <vector>

namespace orrery::learn {

//! What one OffPolicyAgent gradient step measured, for the training diagnostics a researcher
//! reads next to the reward curve (docs/learning.md): are the critics fitting, how large and
//! spread are the values, is the actor pinned at a bound, how much entropy is left.
struct OffPolicyUpdateStats {
    double criticLoss = 0;      //!< mean squared TD error, summed over the critics
    double actorLoss = 0;       //!< the actor objective of this step (when actorUpdated)
    bool actorUpdated = false;  //!< false on TD3's delayed steps
    double qMean = 0;           //!< mean Q₁(s, a) over the batch
    double qStd = 0;            //!< its standard deviation
    double tdError = 0;         //!< mean |Q₁(s, a) − target|
    double entropyCoefficient = 0; //!< SAC's α (0 otherwise)
    double entropy = 0;         //!< SAC: −mean log π(a|s) of the batch's policy samples
    //! Per action dimension, the fraction of the batch's deterministic policy actions within 5 %
    //! of a bound (|a| > 0.9 in [-1, 1]): 1 means the actor is saturated there.
    std::vector<double> boundFraction;
};

} // namespace orrery::learn
