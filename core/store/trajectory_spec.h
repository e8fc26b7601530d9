#pragma once
#include "store/ids.h"

#include <cstddef>
#include <optional>
#include <string>

namespace orrery::store {

//! What a trajectory is: whose transitions, and the shape of one transition.
struct TrajectorySpec {
    //! The run whose agent acted (the trajectory is deleted with the run); nullopt for a
    //! training that no run records (offline training, meta-training episodes).
    std::optional<RunId> runId;
    //! The agent's plugin id (e.g. "firm", "simppo"); never empty.
    std::string agent;
    //! Free text telling trajectories of one agent apart (workload, phase); may be empty.
    std::string label;
    //! Floats per state vector and per action vector; both at least 1.
    std::size_t stateDim = 0;
    std::size_t actionDim = 0;
};

} // namespace orrery::store
