#pragma once
#include <cstdint>

namespace orrery::learn {

//! What PpoAgent::act decided, with what update() later needs to know about the decision.
struct PpoDecision {
    std::int32_t action = 0;
    float logProbability = 0; //!< log π(action | state) under the current policy
    float value = 0;          //!< V(state ++ criticExtra)
};

} // namespace orrery::learn
