#pragma once
#include <cstddef>
#include <cstdint>

namespace orrery::experiment {

// Plausibility limits of an experiment file (docs/experiment-format.md lists them).

inline constexpr std::int64_t kMaxArms = 100;
inline constexpr std::int64_t kMaxSeeds = 100'000;
inline constexpr std::int64_t kMaxRepeats = 1'000;
inline constexpr std::int64_t kMaxMetrics = 100;
inline constexpr std::int64_t kMaxSweepPoints = 1'000;
inline constexpr double kMaxSweepFactor = 1'000.0;    //!< for the nodes and arrivalRate sweeps
inline constexpr std::size_t kMaxCells = 1'000'000;  //!< runs in one experiment
inline constexpr std::uint64_t kDefaultFirstSeed = 1; //!< of `seeds: {count: N}`

} // namespace orrery::experiment
