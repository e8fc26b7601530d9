#pragma once
#include <cstdint>

namespace orrery::store {

//! Row id of a run in `runs`.
using RunId = std::int64_t;
//! Row id of a series in `series`; unique in the project, unlike sim::SeriesId, which is a
//! handle valid within one run's recording.
using StoredSeriesId = std::int64_t;
//! Row id of a trained model in `models`.
using ModelId = std::int64_t;
//! Row id of an experiment in `experiments`.
using ExperimentId = std::int64_t;
//! Row id of a learned agent's trajectory in `trajectories`.
using TrajectoryId = std::int64_t;

} // namespace orrery::store
