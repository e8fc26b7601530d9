#pragma once
#include "experiment/experiment_spec.h"
#include "model/scenario.h"

#include <map>

namespace orrery::experiment {

//! A loaded experiment: its definition and the scenario it runs, both valid.
struct Experiment {
    ExperimentSpec spec;
    model::Scenario scenario; //!< as read; arms and sweep points are applied per run (scenario_variant.h)
    //! The scenarios arms train in (ArmSpec::training), by arm index.
    std::map<std::size_t, model::Scenario> trainingScenarios;
};

} // namespace orrery::experiment
