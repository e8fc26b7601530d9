#pragma once
#include <cstdint>
#include <vector>

namespace orrery::learn {

//! One step of a PPO trajectory as the agent acted on it: what PpoAgent::act returned plus the
//! reward the environment gave.
struct PpoTransition {
    std::vector<float> state;       //!< the policy's input, PpoConfig::stateDim values
    std::vector<float> criticExtra; //!< the critic's extra input, PpoConfig::criticExtraDim values
    std::int32_t action = 0;
    float logProbability = 0;       //!< log π_old(action | state) when it was taken
    float value = 0;                //!< V_old(state ++ criticExtra) when it was taken
    float reward = 0;
    bool done = false;              //!< the episode ended after this step (no bootstrap past it)
};

} // namespace orrery::learn
