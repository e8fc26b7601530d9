#include "global_state.h"

#include <algorithm>
#include <cmath>

namespace orrery::plugins::simppo {

namespace {

std::vector<double> featuresOf(GlobalStateKind kind, const AgentSnapshot& agent)
{
    if (kind == GlobalStateKind::AllStates)
        return std::vector<double>(agent.state.begin(), agent.state.end());
    return {agent.state[kRltCpu],
            agent.state[kRltMem],
            static_cast<double>(verticalDirection(agent.lastAction)),
            static_cast<double>(horizontalDirection(agent.lastAction)),
            agent.state[kSp],
            0.5 * (agent.state[kRuCpu] + agent.state[kRuMem])};
}

} // namespace

int globalStateSize(GlobalStateKind kind)
{
    switch (kind) {
    case GlobalStateKind::None:
        return 0;
    case GlobalStateKind::Selected:
        return 12;
    case GlobalStateKind::AllStates:
        return 2 * kLocalStateSize;
    }
    return 0;
}

std::vector<std::vector<float>> globalStates(GlobalStateKind kind, std::span<const AgentSnapshot> agents)
{
    const std::size_t n = agents.size();
    std::vector<std::vector<float>> states(n);
    if (kind == GlobalStateKind::None)
        return states;
    const std::size_t width = static_cast<std::size_t>(globalStateSize(kind)) / 2;
    std::vector<std::vector<double>> features(n);
    std::vector<double> sum(width, 0.0), squares(width, 0.0);
    for (std::size_t i = 0; i < n; ++i) {
        features[i] = featuresOf(kind, agents[i]);
        for (std::size_t k = 0; k < width; ++k) {
            sum[k] += features[i][k];
            squares[k] += features[i][k] * features[i][k];
        }
    }
    for (std::size_t i = 0; i < n; ++i) {
        std::vector<float>& state = states[i];
        state.assign(2 * width, 0.0f);
        if (n < 2)
            continue;
        const double others = static_cast<double>(n - 1);
        for (std::size_t k = 0; k < width; ++k) {
            const double s = sum[k] - features[i][k];
            const double q = squares[k] - features[i][k] * features[i][k];
            const double mean = s / others;
            const double variance = std::max(0.0, q / others - mean * mean);
            state[k] = static_cast<float>(mean);
            state[width + k] = static_cast<float>(std::sqrt(variance));
        }
    }
    return states;
}

} // namespace orrery::plugins::simppo
