#pragma once
#include "sim/sim_time.h"

#include <cstdint>

namespace orrery::scenario {

// Plausibility limits of a scenario file (docs/scenario-format.md lists them). A value outside
// them is almost always a typo (a missing unit, an extra digit) rather than a real cluster.

inline constexpr sim::SimTime kMaxHorizon = 365 * 24 * sim::kHour;
inline constexpr sim::SimTime kMaxJobDuration = kMaxHorizon;
inline constexpr std::int64_t kMaxPoolNodes = 100'000;
inline constexpr std::int64_t kMaxClusterNodes = 1'000'000;
inline constexpr std::int64_t kMaxNodeMillicores = 4096 * 1000;       //!< 4096 cores
inline constexpr std::int64_t kMaxNodeMemoryBytes = std::int64_t{64} << 40; //!< 64Ti
inline constexpr double kMaxPricePerHourUsd = 10'000.0;
inline constexpr std::int64_t kMaxDevicesPerNode = 64; //!< per device entry, and per job request
inline constexpr double kMaxArrivalsPerSecond = 1e6;
inline constexpr std::int64_t kMaxJobs = 1'000'000'000;
inline constexpr double kMaxLogNormalSigma = 5.0;
inline constexpr double kMaxLlcWays = 1024.0;
inline constexpr double kMaxBandwidthBytesPerSecond = 1e13; //!< 10 TB/s

} // namespace orrery::scenario
