#pragma once
#include "env/simulated_environment_options.h"

#include <cstddef>
#include <string>
#include <vector>

namespace orrery::control_gym {

//! How a ControlGymEnvironment shapes a workload's control environment (docs/python.md).
struct ControlGymOptions {
    //! Steps per episode, the controlled workload, reward coefficients: as the built-in trainers.
    env::SimulatedEnvironmentOptions environment;
    //! What each action sets on every target: "replicas" or a ControlResource name ("cpu",
    //! "memory", "gpu-frequency", …). Empty = the kind's default (env::ControlEnvironmentTraits).
    std::vector<std::string> knobs;
    //! Target slots in observations and actions. 0 = the kind's capacity, else the targets of the
    //! probe episode's first observation.
    std::size_t maxTargets = 0;
    //! A knob's new value within this relative distance of the current one sends no action, so an
    //! agent near 0 does not flood the cluster with no-op changes.
    double deadBand = 0.01;
};

} // namespace orrery::control_gym
