#pragma once
#include "learn/episode_trajectory.h"

#include <string>
#include <vector>

namespace orrery::learn {

//! The episodes collected in one environment (one (application, environment) pair of seed 001
//! §5.3.2), the unit MetaLearner::train draws bundles from: a bundle never mixes environments.
struct EnvironmentTrajectories {
    std::string name;  //!< for progress and error messages only
    std::vector<EpisodeTrajectory> episodes;
};

} // namespace orrery::learn
