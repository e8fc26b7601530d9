#pragma once
// What store_crash_child records, shared with tst_crash_recovery so the test can check every
// stored value. Plain C++: the child links no Qt.
#include "sim/run_recorder.h"
#include "sim/sim_time.h"

#include <cstdint>
#include <string>

namespace orrery::store::crashtest {

inline constexpr std::int64_t kCompleteSamples = 10'000;
inline constexpr std::size_t kSamplesPerChunk = 1024;
inline constexpr std::size_t kChunksPerTransaction = 4;
inline constexpr std::int64_t kFlushEvery = 5'000;  //!< the killed run also flushes partial chunks
inline constexpr double kJobsCompleted = 12345.0;

inline sim::SimTime sampleTime(std::int64_t i)
{
    return i * sim::kMillisecond;
}

//! Exact in binary64 for every i the tests reach, and different for each i.
inline double sampleValue(std::int64_t i)
{
    return static_cast<double>(i) * 0.25 + 1.0 / 1024.0;
}

inline double latencyMetric(std::uint64_t tag)
{
    return 0.001 * static_cast<double>(tag) + 0.1;
}

inline sim::RunInfo runInfo(std::uint64_t seed)
{
    sim::RunInfo info;
    info.scenarioName = "crash-test";
    info.scenarioText = "name: crash-test\nhorizon: 1h\ncluster:\n  pools: [{name: a, count: 2}]\n";
    info.seed = seed;
    info.horizon = sim::kHour;
    info.policies = {{"placement", "first-fit {}"}};
    return info;
}

//! The complete run of child number `tag` has seed 2·tag, the killed one 2·tag + 1.
inline std::uint64_t completeSeed(std::uint64_t tag)
{
    return 2 * tag;
}

inline std::uint64_t killedSeed(std::uint64_t tag)
{
    return 2 * tag + 1;
}

} // namespace orrery::store::crashtest
