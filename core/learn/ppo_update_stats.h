#pragma once
#include <cstddef>

namespace orrery::learn {

//! One PPO update, for learning curves: the loss terms (see PpoLossTerms) averaged over the
//! minibatches, each measured before its step.
struct PpoUpdateStats {
    double policyLoss = 0;
    double valueLoss = 0;
    double entropy = 0;
    double approxKl = 0;
    double clipFraction = 0;
    //! 1 − Var(R − V) / Var(R) of the critic's values V before the update against the λ-returns R:
    //! 1 predicts perfectly, 0 no better than a constant, negative worse.
    double explainedVariance = 0;
    bool stoppedEarly = false;   //!< the target-KL stop ended the epochs
    std::size_t minibatches = 0; //!< gradient steps taken: epochs × ⌈trajectory / minibatch⌉
};

} // namespace orrery::learn
