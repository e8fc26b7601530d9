#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace orrery::store {

//! Transitions read back from a trajectory, column by column so that a learner can hand the
//! state and action matrices (row-major, one row per transition) to a tensor without copying
//! them transition by transition. Transition i is (episodes[i], steps[i], state(i), action(i),
//! rewards[i]).
struct TrajectoryData {
    std::size_t stateDim = 0;
    std::size_t actionDim = 0;
    std::vector<std::int32_t> episodes;
    std::vector<std::int32_t> steps;
    std::vector<float> states;   //!< size() × stateDim
    std::vector<float> actions;  //!< size() × actionDim
    std::vector<double> rewards;

    [[nodiscard]] std::size_t size() const { return rewards.size(); }
    [[nodiscard]] std::span<const float> state(std::size_t i) const
    {
        return std::span<const float>(states).subspan(i * stateDim, stateDim);
    }
    [[nodiscard]] std::span<const float> action(std::size_t i) const
    {
        return std::span<const float>(actions).subspan(i * actionDim, actionDim);
    }
};

} // namespace orrery::store
