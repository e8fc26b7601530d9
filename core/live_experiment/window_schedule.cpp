#include "live_experiment/window_schedule.h"

#include <numeric>

namespace orrery::live_experiment {
namespace {

//! splitmix64 (Steele, Lea, Flood 2014): fully specified, unlike std::shuffle's use of an engine.
std::uint64_t next(std::uint64_t& state)
{
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

} // namespace

std::vector<LiveWindow> planWindows(std::size_t arms, int windowsPerArm, std::uint64_t seed)
{
    std::vector<LiveWindow> windows;
    std::uint64_t state = seed;
    std::vector<std::size_t> block(arms);
    for (int b = 0; b < windowsPerArm; ++b) {
        std::iota(block.begin(), block.end(), std::size_t{0});
        for (std::size_t i = arms; i > 1; --i) {
            const std::size_t j = static_cast<std::size_t>(next(state) % i);
            std::swap(block[i - 1], block[j]);
        }
        for (const std::size_t arm : block)
            windows.push_back({windows.size(), arm, static_cast<std::uint64_t>(b + 1)});
    }
    return windows;
}

} // namespace orrery::live_experiment
