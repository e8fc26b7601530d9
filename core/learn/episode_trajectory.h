#pragma once
#include <cstddef>
#include <numeric>
#include <span>
#include <vector>

namespace orrery::learn {

//! One episode of a control agent as the meta learner reads it: the (state, action, reward) of
//! each step in time order (seed 001 §5.3.2: "one RL trajectory TR_i"), row-major like
//! store::TrajectoryData so rows can be copied over without reshaping. Step t is
//! (state(t), action(t), rewards[t]); the next state of step t is state(t + 1).
struct EpisodeTrajectory {
    std::size_t stateDim = 0;
    std::size_t actionDim = 0;
    std::vector<float> states;   //!< size() × stateDim
    std::vector<float> actions;  //!< size() × actionDim
    std::vector<float> rewards;

    [[nodiscard]] std::size_t size() const { return rewards.size(); }
    [[nodiscard]] std::span<const float> state(std::size_t t) const
    {
        return std::span<const float>(states).subspan(t * stateDim, stateDim);
    }
    [[nodiscard]] std::span<const float> action(std::size_t t) const
    {
        return std::span<const float>(actions).subspan(t * actionDim, actionDim);
    }
    //! The undiscounted return Σ r_t, the criterion the top-M selection ranks by.
    [[nodiscard]] double totalReward() const
    {
        return std::accumulate(rewards.begin(), rewards.end(), 0.0,
                               [](double sum, float r) { return sum + static_cast<double>(r); });
    }
};

} // namespace orrery::learn
