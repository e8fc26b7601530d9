#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace orrery::live_experiment {

//! One window of a live experiment: which arm controls the namespace, and which of that arm's
//! windows it is (1-based: the cell's "seed").
struct LiveWindow {
    std::size_t order = 0;     //!< position in the schedule, 0-based
    std::size_t arm = 0;
    std::uint64_t armWindow = 1;
};

//! The randomized block design of a live A/B experiment: `windowsPerArm` blocks, each holding
//! one window of every arm in an order drawn from `seed` (Fisher–Yates over a splitmix64
//! stream, so the schedule is the same on every platform), so arms get equal time and neither
//! time of day nor load drift favours one arm systematically.
std::vector<LiveWindow> planWindows(std::size_t arms, int windowsPerArm, std::uint64_t seed);

} // namespace orrery::live_experiment
