#pragma once
#include "kinds/training_jobs/training_model.h"

#include <cstdint>

namespace orrery::kinds::training_jobs {

//! When a training job stops (set by the user per workload): after the first whole epoch at
//! which its evaluation value reaches `target`, or at which the last epoch improved it by less
//! than ε (absolute, or relative to the value), and at the latest after `maxEpochs`.
struct ConvergenceRule {
    enum class Kind : std::uint8_t {
        RelativeDelta, //!< |E(k) − E(k−1)| < ε·|E(k)|
        Delta,         //!< |E(k) − E(k−1)| < ε
        Target,        //!< E(k) ≤ target for a loss (amplitude > 0), ≥ target for an accuracy
    };
    Kind kind = Kind::RelativeDelta;
    double epsilon = 0.005;
    double target = 0;
    std::int32_t maxEpochs = 50;

    //! The epochs a job of `model` trains under this rule (at least 1, at most maxEpochs).
    [[nodiscard]] double epochsToConverge(const TrainingModel& model) const;
};

} // namespace orrery::kinds::training_jobs
