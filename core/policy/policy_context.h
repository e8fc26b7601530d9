#pragma once
#include "policy/param_set.h"
#include "sim/rng_stream.h"

namespace orrery::policy {

//! What a plugin factory receives: its validated parameters and its own random stream (so its
//! draws never perturb the workload's streams — common random numbers across arms).
struct PolicyContext {
    ParamSet params;
    sim::RngStream* rng = nullptr; //!< owned by the simulation; outlives the policy
};

} // namespace orrery::policy
