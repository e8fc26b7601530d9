#pragma once
#include "learn/episode_trajectory.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace orrery::learn {

//! Indices of the `count` highest returns (all of them when fewer), highest first. Ties keep the
//! lower index first; a NaN return ranks below every number. Seed 001 §5.3.2: the meta learner
//! reads "the top M trajectories that have resulted in the highest rewards so far".
[[nodiscard]] std::vector<std::size_t> topReturnIndices(std::span<const double> returns, std::size_t count);

//! The `count` episodes with the highest totalReward() (all of them when fewer), highest first,
//! ties broken by position: the bundle MetaLearner::embed reads.
[[nodiscard]] std::vector<EpisodeTrajectory> selectTopTrajectories(std::span<const EpisodeTrajectory> episodes,
                                                                   std::size_t count);

//! Splits the column-wise transitions of a stored trajectory (store::TrajectoryData's fields,
//! passed one by one so orrery_learn needs no store header) into one EpisodeTrajectory per run of
//! equal episode numbers, in stored order. Throws std::invalid_argument when the column sizes do
//! not agree with the dimensions.
[[nodiscard]] std::vector<EpisodeTrajectory> splitEpisodes(std::size_t stateDim, std::size_t actionDim,
                                                           std::span<const std::int32_t> episodes,
                                                           std::span<const float> states,
                                                           std::span<const float> actions,
                                                           std::span<const double> rewards);

} // namespace orrery::learn
