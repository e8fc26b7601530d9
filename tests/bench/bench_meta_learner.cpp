// bench_meta_learner: MetaLearner at the paper's size (seed 001 §5.4.3: bidirectional 2-layer GRU
// of 256 units, FC 256 → 64) over FIRM's transitions (8 state + 5 action + 1 reward floats).
// Prints "<figure> <value> <unit>" lines (docs/architecture.md §11).
//   meta_embed_bundle20 — MetaLearner::embed of one bundle of M = 20 episodes of 50 steps.
//   meta_train_step     — one MetaLearner::train step over 4 environments: 4 bundles of 20
//                         episodes of 50 steps through the GRU, 64 target transitions each through
//                         the dynamics head (64 wide), backward pass and Adam step.
//   meta_train_step_small — the same step at tst_meta_learner's size (state 2, action 1, GRU 2 × 32,
//                         FC 32 → 8, M = 8, head 32) over 6 environments of 16 episodes of 12 steps.
// All on one intra-op thread (makeTorchDeterministic), as runs train. The paper-size figures are
// bound by matrix products: LibTorch's speed there is the BLAS Debian links it to (netlib's
// reference BLAS unless an optimised libblas.so.3 alternative is installed).
#include "learn/deterministic_torch.h"
#include "learn/meta_learner.h"
#include "learn/seeded_random.h"

#include <chrono>
#include <cstdio>

using namespace orrery::learn;

namespace {

using Clock = std::chrono::steady_clock;

constexpr std::size_t kSteps = 50;

double secondsSince(Clock::time_point start)
{
    return std::chrono::duration<double>(Clock::now() - start).count();
}

EnvironmentTrajectories randomEnvironment(SeededRandom& random, std::size_t episodes, std::size_t stateDim = 8,
                                          std::size_t actionDim = 5, std::size_t steps = kSteps)
{
    EnvironmentTrajectories out;
    for (std::size_t e = 0; e < episodes; ++e) {
        EpisodeTrajectory episode;
        episode.stateDim = stateDim;
        episode.actionDim = actionDim;
        for (std::size_t i = 0; i < steps * stateDim; ++i)
            episode.states.push_back(static_cast<float>(random.uniform()));
        for (std::size_t i = 0; i < steps * actionDim; ++i)
            episode.actions.push_back(static_cast<float>(2 * random.uniform() - 1));
        for (std::size_t i = 0; i < steps; ++i)
            episode.rewards.push_back(static_cast<float>(random.uniform()));
        out.episodes.push_back(std::move(episode));
    }
    return out;
}

} // namespace

int main()
{
    makeTorchDeterministic(1);
    SeededRandom random(3);
    MetaLearner learner(MetaLearnerConfig{});
    std::vector<EnvironmentTrajectories> environments;
    for (int i = 0; i < 4; ++i)
        environments.push_back(randomEnvironment(random, 24));
    const std::vector<EpisodeTrajectory> bundle(environments[0].episodes.begin(), environments[0].episodes.begin() + 20);

    volatile float sink = learner.embed(bundle)[0]; // warm up
    const int embeddings = 5;
    auto start = Clock::now();
    for (int i = 0; i < embeddings; ++i)
        sink = sink + learner.embed(bundle)[0];
    std::printf("meta_embed_bundle20 %.4g us/embedding\n", secondsSince(start) * 1e6 / embeddings);

    MetaTrainingConfig config;
    config.steps = 3;
    start = Clock::now();
    learner.train(environments, config);
    std::printf("meta_train_step %.4g ms/step\n", secondsSince(start) * 1e3 / static_cast<double>(config.steps));

    MetaLearnerConfig small;
    small.stateDim = 2;
    small.actionDim = 1;
    small.rnnHidden = 32;
    small.fcHidden = 32;
    small.embeddingDim = 8;
    small.bundleSize = 8;
    small.headHidden = 32;
    MetaLearner smallLearner(small);
    std::vector<EnvironmentTrajectories> smallEnvironments;
    for (int i = 0; i < 6; ++i)
        smallEnvironments.push_back(randomEnvironment(random, 16, 2, 1, 12));
    config.steps = 50;
    config.targetTransitions = 48;
    start = Clock::now();
    smallLearner.train(smallEnvironments, config);
    std::printf("meta_train_step_small %.4g ms/step\n", secondsSince(start) * 1e3 / static_cast<double>(config.steps));
    return 0;
}
