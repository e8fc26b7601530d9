#pragma once
#include "sim/sim_time.h"

#include <cstdint>

namespace orrery::kinds::model_serving {

//! How a model's requests are batched on a device (`batching:` of a model-serving workload or of
//! one served model; seed 001 Appendix B.3 names the three modes). docs/model.md "Batching".
enum class BatchingMode : std::uint8_t {
    None,       //!< one request at a time
    Dynamic,    //!< Triton's dynamic batcher: a batch starts when maxBatchSize requests of the model
                //!< wait or when the first of them has waited maxQueueDelay; it ends as a whole
    Continuous, //!< Orca/vLLM iteration-level batching (autoregressive models): requests join at a
                //!< decoding-step boundary and leave when their last token is out
};

struct RequestBatching {
    BatchingMode mode = BatchingMode::None;
    std::uint32_t maxBatchSize = 4;     //!< seed 001 Appendix B.3 uses 4 for both batching modes
    sim::SimTime maxQueueDelay = 0;     //!< dynamic batching: how long the head request may wait for more

    [[nodiscard]] bool batches() const { return mode != BatchingMode::None; }
};

} // namespace orrery::kinds::model_serving
