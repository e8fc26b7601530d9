#include "gym/environment.h"

#include <cmath>
#include <stdexcept>

namespace orrery::gym {

std::vector<float> ActionSpace::fromUnit(std::span<const float> unit) const
{
    if (discrete || unit.size() != low.size())
        throw std::invalid_argument("ActionSpace::fromUnit: not a continuous space of " + std::to_string(unit.size())
                                    + " dimensions");
    std::vector<float> out(unit.size());
    for (std::size_t i = 0; i < unit.size(); ++i)
        out[i] = low[i] + (unit[i] + 1.0f) * 0.5f * (high[i] - low[i]);
    return out;
}

std::vector<float> Environment::reset(std::uint64_t seed)
{
    m_elapsed = 0;
    m_started = true;
    return resetTask(seed);
}

StepResult Environment::step(std::span<const float> action)
{
    if (!m_started)
        throw std::logic_error(id() + ": step() before reset()");
    const ActionSpace space = actionSpace();
    if (action.size() != space.dimension())
        throw std::invalid_argument(id() + ": action has " + std::to_string(action.size()) + " values, expected "
                                    + std::to_string(space.dimension()));
    if (space.discrete) {
        const float index = action[0];
        if (!(index >= 0) || index >= static_cast<float>(space.count) || std::floor(index) != index)
            throw std::invalid_argument(id() + ": discrete action " + std::to_string(index) + " is not in [0, "
                                        + std::to_string(space.count) + ")");
    }
    StepResult result = stepTask(action);
    ++m_elapsed;
    // Gymnasium's TimeLimit (gymnasium/wrappers/common.py): truncated once elapsed ≥ max.
    if (m_elapsed >= maxEpisodeSteps())
        result.truncated = true;
    return result;
}

} // namespace orrery::gym
