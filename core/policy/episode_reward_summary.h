#pragma once
#include <cstddef>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace orrery::policy {

//! What every control trainer reports about its episode rewards (docs/learning.md): the first,
//! last and best episode's reward and the mean of the last (up to) ten.
struct EpisodeRewardSummary {
    double first = 0;
    double last = 0;
    double best = 0;
    double tailMean = 0;   //!< mean of the last `tail` rewards
    std::size_t tail = 0;  //!< min(10, episodes)

    //! The summary of `rewards` (episode order); all zero when there are none.
    [[nodiscard]] static EpisodeRewardSummary of(std::span<const double> rewards);
    //! Appends first_episode_reward, last_episode_reward, best_episode_reward and
    //! mean_reward_last_10, the names the project's model metrics use.
    void appendTo(std::vector<std::pair<std::string, double>>& metrics) const;
};

} // namespace orrery::policy
