#include "episode_reward_summary.h"

#include <algorithm>

namespace orrery::policy {

EpisodeRewardSummary EpisodeRewardSummary::of(std::span<const double> rewards)
{
    EpisodeRewardSummary summary;
    if (rewards.empty())
        return summary;
    summary.first = rewards.front();
    summary.last = rewards.back();
    summary.best = *std::max_element(rewards.begin(), rewards.end());
    summary.tail = std::min<std::size_t>(rewards.size(), 10);
    double sum = 0;
    for (const double reward : rewards.subspan(rewards.size() - summary.tail))
        sum += reward;
    summary.tailMean = sum / static_cast<double>(summary.tail);
    return summary;
}

void EpisodeRewardSummary::appendTo(std::vector<std::pair<std::string, double>>& metrics) const
{
    metrics.emplace_back("first_episode_reward", first);
    metrics.emplace_back("last_episode_reward", last);
    metrics.emplace_back("best_episode_reward", best);
    metrics.emplace_back("mean_reward_last_10", tailMean);
}

} // namespace orrery::policy
