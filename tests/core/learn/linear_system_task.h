#pragma once
// Synthetic environments for meta-learner tests: a 2-D linear system whose dynamics and reward
// differ by one parameter θ, driven by a random policy. With state s = (x, y), action a ∈ [-1, 1]:
//   x' = θ·x + 0.3·a + n₁,   y' = 0.5·y + θ·a + n₂,   r = θ·a − 0.2·x²,   n ~ N(0, 0.02²).
// Two environments with the same θ but different seeds are the "identical" pair: the same MDP,
// different episodes.
#include "learn/environment_trajectories.h"
#include "learn/seeded_random.h"

#include <string>

namespace orrery::learn::test {

inline EnvironmentTrajectories linearSystemEnvironment(double theta, std::size_t episodes, std::size_t steps,
                                                       std::uint64_t seed)
{
    SeededRandom random(seed);
    EnvironmentTrajectories out;
    out.name = "theta " + std::to_string(theta) + " seed " + std::to_string(seed);
    for (std::size_t e = 0; e < episodes; ++e) {
        EpisodeTrajectory episode;
        episode.stateDim = 2;
        episode.actionDim = 1;
        double x = 2.0 * random.uniform() - 1.0;
        double y = 2.0 * random.uniform() - 1.0;
        for (std::size_t t = 0; t < steps; ++t) {
            const double a = 2.0 * random.uniform() - 1.0;
            episode.states.push_back(static_cast<float>(x));
            episode.states.push_back(static_cast<float>(y));
            episode.actions.push_back(static_cast<float>(a));
            episode.rewards.push_back(static_cast<float>(theta * a - 0.2 * x * x));
            x = theta * x + 0.3 * a + 0.02 * random.normal();
            y = 0.5 * y + theta * a + 0.02 * random.normal();
        }
        out.episodes.push_back(std::move(episode));
    }
    return out;
}

} // namespace orrery::learn::test
