#pragma once
// A tiny deterministic control task for DDPG tests and benchmarks: a 1-D point mass at x
// steered by an action a ∈ [-1, 1]: x' = clamp(x + 0.1a, −2, 2), reward −x'². The best policy
// drives x to 0 at full speed; an untrained actor (outputs ≈ 0) just sits where it started.
#include "learn/ddpg_agent.h"
#include "learn/replay_buffer.h"
#include "learn/seeded_random.h"

#include <algorithm>
#include <vector>

namespace orrery::learn::test {

inline constexpr int kPointMassSteps = 20;

inline float pointMassStep(float x, float action)
{
    return std::clamp(x + 0.1f * std::clamp(action, -1.0f, 1.0f), -2.0f, 2.0f);
}

//! Start positions uniform in [−1, 1], fixed by `seed`.
inline std::vector<float> pointMassStarts(int count, std::uint64_t seed)
{
    SeededRandom random(seed);
    std::vector<float> starts;
    for (int i = 0; i < count; ++i)
        starts.push_back(static_cast<float>(2.0 * random.uniform() - 1.0));
    return starts;
}

//! Mean undiscounted return of `agent`'s greedy policy over episodes from `starts`.
inline double pointMassReturn(DdpgAgent& agent, const std::vector<float>& starts)
{
    double total = 0;
    for (float x : starts) {
        for (int t = 0; t < kPointMassSteps; ++t) {
            const float state[] = {x};
            x = pointMassStep(x, agent.act(state, false)[0]);
            total -= static_cast<double>(x) * x;
        }
    }
    return total / static_cast<double>(starts.size());
}

//! Trains `agent` for `episodes` exploring episodes, one update per step once a batch is stored.
inline void trainOnPointMass(DdpgAgent& agent, int episodes, std::uint64_t seed)
{
    ReplayBuffer buffer(100000, 1, 1, seed);
    const std::vector<float> starts = pointMassStarts(episodes, seed + 1);
    ReplayBatch batch;
    for (int episode = 0; episode < episodes; ++episode) {
        agent.resetNoise();
        float x = starts[static_cast<std::size_t>(episode)];
        for (int t = 0; t < kPointMassSteps; ++t) {
            const float state[] = {x};
            const std::vector<float> action = agent.act(state, true);
            const float next = pointMassStep(x, action[0]);
            const float nextState[] = {next};
            // Episodes end by time limit only, so no transition is terminal.
            buffer.add(state, action, -next * next, nextState, false);
            x = next;
            if (buffer.size() >= 64) {
                buffer.sampleInto(64, batch);
                agent.update(batch);
            }
        }
    }
}

//! The configuration the tests train: FIRM's hyperparameters, small networks, Gaussian noise.
inline DdpgConfig pointMassConfig(std::uint64_t seed)
{
    DdpgConfig config;
    config.stateDim = 1;
    config.actionDim = 1;
    config.actorHidden1 = config.actorHidden2 = 32;
    config.criticHidden1 = config.criticHidden2 = 32;
    config.noise = NoiseKind::Gaussian;
    config.noiseSigma = 0.3;
    config.seed = seed;
    return config;
}

} // namespace orrery::learn::test
