#include "learn/trajectory_selection.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <string>

namespace orrery::learn {

std::vector<std::size_t> topReturnIndices(std::span<const double> returns, std::size_t count)
{
    std::vector<std::size_t> order(returns.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    const auto higher = [&](std::size_t a, std::size_t b) {
        const double ra = returns[a];
        const double rb = returns[b];
        if (std::isnan(ra) || std::isnan(rb))
            return !std::isnan(ra) && std::isnan(rb);
        return ra > rb;
    };
    // stable: equal returns keep their order, so ties go to the lower index.
    std::stable_sort(order.begin(), order.end(), higher);
    order.resize(std::min(count, order.size()));
    return order;
}

std::vector<EpisodeTrajectory> selectTopTrajectories(std::span<const EpisodeTrajectory> episodes, std::size_t count)
{
    std::vector<double> returns;
    returns.reserve(episodes.size());
    for (const EpisodeTrajectory& episode : episodes)
        returns.push_back(episode.totalReward());
    std::vector<EpisodeTrajectory> out;
    for (std::size_t i : topReturnIndices(returns, count))
        out.push_back(episodes[i]);
    return out;
}

std::vector<EpisodeTrajectory> splitEpisodes(std::size_t stateDim, std::size_t actionDim,
                                             std::span<const std::int32_t> episodes, std::span<const float> states,
                                             std::span<const float> actions, std::span<const double> rewards)
{
    const std::size_t n = rewards.size();
    if (episodes.size() != n || states.size() != n * stateDim || actions.size() != n * actionDim)
        throw std::invalid_argument("splitEpisodes: " + std::to_string(n) + " rewards but " + std::to_string(episodes.size())
                                    + " episode numbers, " + std::to_string(states.size()) + " state values and "
                                    + std::to_string(actions.size()) + " action values for dimensions "
                                    + std::to_string(stateDim) + " and " + std::to_string(actionDim));
    std::vector<EpisodeTrajectory> out;
    for (std::size_t i = 0; i < n; ++i) {
        if (i == 0 || episodes[i] != episodes[i - 1]) {
            out.emplace_back();
            out.back().stateDim = stateDim;
            out.back().actionDim = actionDim;
        }
        EpisodeTrajectory& episode = out.back();
        const auto state = states.subspan(i * stateDim, stateDim);
        const auto action = actions.subspan(i * actionDim, actionDim);
        episode.states.insert(episode.states.end(), state.begin(), state.end());
        episode.actions.insert(episode.actions.end(), action.begin(), action.end());
        episode.rewards.push_back(static_cast<float>(rewards[i]));
    }
    return out;
}

} // namespace orrery::learn
