#pragma once
#include "policy/param_set.h"
#include "sim/rng_stream.h"

#include <cstdint>
#include <vector>

namespace orrery::policy {

//! What a plugin factory receives: its validated parameters and its own random stream (so its
//! draws never perturb the workload's streams — common random numbers across arms).
struct PolicyContext {
    ParamSet params;
    sim::RngStream* rng = nullptr; //!< owned by the simulation; outlives the policy
    //! Trained parameters for trainable policies (from the project's models table); null when
    //! none was supplied. Owned by the caller; outlives the factory call only.
    const std::vector<std::uint8_t>* model = nullptr;
};

} // namespace orrery::policy
