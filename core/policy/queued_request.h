#pragma once
#include "sim/sim_time.h"

#include <cstdint>
#include <string_view>

namespace orrery::policy {

//! One request waiting in a queue of a workload kind that serves requests (model serving), as a
//! queue policy sees it. The views stay valid only during the call they are passed to.
struct QueuedRequest {
    std::uint64_t id = 0;
    std::string_view workload;        //!< the workload's name
    std::string_view service;         //!< what serves it: the model's name
    sim::SimTime arrivedAt = 0;
    std::uint32_t inputTokens = 0;    //!< prompt length (0 for models without tokens)
    std::uint64_t inputHash = 0;      //!< equal for repeated inputs (0: unknown)
    double sloSeconds = 0;            //!< its latency objective (0: none)
    //! Known only once it has run (QueuePolicy::completed): tokens it generated.
    std::uint32_t outputTokens = 0;
};

} // namespace orrery::policy
