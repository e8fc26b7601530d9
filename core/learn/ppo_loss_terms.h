#pragma once

namespace orrery::learn {

//! PPO's loss and its parts on one batch (Schulman et al. 2017, Eq. 9 with separate networks):
//! total = policyLoss + δ · valueLoss − β · entropy.
struct PpoLossTerms {
    double total = 0;
    double policyLoss = 0;   //!< −mean min(r·A, clip(r, 1 − ε, 1 + ε)·A), r = π/π_old
    double valueLoss = 0;    //!< mean (V − R)²
    double entropy = 0;      //!< mean entropy of π(·|s), in nats
    double approxKl = 0;     //!< mean (r − 1) − log r, an estimate of KL(π_old ‖ π) ≥ 0
    double clipFraction = 0; //!< share of samples with |r − 1| > ε
};

} // namespace orrery::learn
