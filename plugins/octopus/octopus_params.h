#pragma once
#include "latency_model.h"
#include "policy/param_set.h"

namespace orrery::plugins::octopus {

//! How the SLO of a unit steers the choice among compute kinds that can take it now.
enum class SloPolicy {
    Fastest, //!< the fastest predicted kind (the paper's "best device which meets the SLA")
    Frugal,  //!< the slowest predicted kind that still meets the SLO; the fastest when none does
};

//! What training needs besides the samples.
struct TrainerOptions {
    TreeOptions tree;
    double heldOutShare = 0.2;      //!< share of the samples kept out of training, for the metrics
    double accuracyTolerance = 0.10; //!< |predicted − observed| / observed counted as correct
};

//! The plugin's parameters (see plugin.cpp for the schema and README.md for their meaning),
//! read from a validated ParamSet.
struct OctopusParams {
    double heldOutFraction = 0.2;
    SloPolicy sloPolicy = SloPolicy::Fastest;
    TrainerOptions trainer;

    static OctopusParams from(const policy::ParamSet& params);
};

} // namespace orrery::plugins::octopus
