#pragma once
#include <cstddef>

namespace orrery::learn {

//! What one FlashRegressor::fit() did.
struct FlashFitReport {
    std::size_t queries = 0;
    std::size_t steps = 0;     //!< Adam steps
    double firstLoss = 0.0;    //!< mean minibatch loss of the first epoch
    double finalLoss = 0.0;    //!< mean minibatch loss of the last epoch (MAPE for FlashLoss::Mape)
    bool metaUpdated = false;  //!< whether the meta learner's parameters were trained too
    double seconds = 0.0;      //!< wall-clock time
};

} // namespace orrery::learn
