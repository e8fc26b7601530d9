#pragma once
#include <cstddef>
#include <string>
#include <vector>

namespace orrery::learn {

//! One labelled example for FlashRegressor: the base learner's input, its label, and which of
//! the application's buffered data samples the embedding is computed from (the k shots).
struct FlashQuery {
    std::string application;           //!< whose data buffer `context` indexes
    //! Indices into that application's buffer (insertDataSamples order), 1 to bundleSize of
    //! them; empty = the newest bundleSize samples of the buffer. Ignored without a meta learner.
    std::vector<std::size_t> context;
    std::vector<float> input;          //!< inputDim floats
    float label = 0.0f;                //!< positive for FlashLoss::Mape
};

} // namespace orrery::learn
