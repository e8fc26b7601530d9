#pragma once
#include <cstddef>

namespace orrery::learn {

//! What MetaLearner::train reports after each step.
struct MetaTrainingProgress {
    std::size_t step = 0;       //!< steps done, 1-based
    std::size_t steps = 0;      //!< steps asked for
    double loss = 0;            //!< this step's mean squared error (reward and next state)
    double rewardLoss = 0;      //!< its reward part
    double stateLoss = 0;       //!< its next-state part (mean over state components)
};

} // namespace orrery::learn
