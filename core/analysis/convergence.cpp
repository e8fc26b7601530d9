#include "analysis/convergence.h"

#include <cmath>
#include <numeric>

namespace orrery::analysis {
namespace {

double meanOf(std::span<const double> values)
{
    return values.empty() ? 0.0 : std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(values.size());
}

bool windowsAgree(std::span<const double> rewards, std::size_t end, std::size_t window, double tolerance)
{
    const double before = meanOf(rewards.subspan(end - 2 * window, window));
    const double last = meanOf(rewards.subspan(end - window, window));
    const double scale = std::abs(before);
    return scale > 0 ? std::abs(last - before) < tolerance * scale : last == before;
}

} // namespace

bool hasConverged(std::span<const double> rewards, std::size_t window, double tolerance)
{
    if (window == 0 || rewards.size() < 2 * window)
        return false;
    return windowsAgree(rewards, rewards.size(), window, tolerance);
}

std::optional<std::size_t> convergenceEpisode(std::span<const double> rewards, std::size_t from, std::size_t window,
                                              double tolerance)
{
    if (window == 0 || from >= rewards.size())
        return std::nullopt;
    const std::span<const double> tail = rewards.subspan(from);
    for (std::size_t end = 2 * window; end <= tail.size(); ++end) {
        if (windowsAgree(tail, end, window, tolerance))
            return from + end; // 1-based episode number of the window's last episode
    }
    return std::nullopt;
}

} // namespace orrery::analysis
