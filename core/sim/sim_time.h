#pragma once
#include <cstdint>
#include <limits>

namespace orrery::sim {

//! Simulated time and durations, in integer nanoseconds (docs/architecture.md §2). Integer time keeps
//! event ordering exact and runs bit-for-bit reproducible.
using SimTime = std::int64_t;

inline constexpr SimTime kNanosecond = 1;
inline constexpr SimTime kMicrosecond = 1'000;
inline constexpr SimTime kMillisecond = 1'000'000;
inline constexpr SimTime kSecond = 1'000'000'000;
inline constexpr SimTime kMinute = 60 * kSecond;
inline constexpr SimTime kHour = 60 * kMinute;
inline constexpr SimTime kSimTimeMax = std::numeric_limits<SimTime>::max();

//! Converts seconds to SimTime, rounding to the nearest nanosecond.
constexpr SimTime fromSeconds(double seconds)
{
    const double ns = seconds * 1e9;
    return static_cast<SimTime>(ns < 0 ? ns - 0.5 : ns + 0.5);
}

constexpr double toSeconds(SimTime t)
{
    return static_cast<double>(t) / 1e9;
}

} // namespace orrery::sim
