// bench_learn: orrery_learn's hot paths. Prints "<figure> <value> <unit>" lines (docs/architecture.md §11).
//   ddpg_inference        — FIRM's actor (8 → 40 → 40 → 5) for one state, batch 1, through
//                           DdpgAgent::act (hand-written forward pass over the actor's weights).
//   ddpg_inference_torch  — the same through LibTorch (InferenceMode), for comparison.
//   ddpg_update           — one DDPG update (critic and actor step, soft target updates) on a
//                           minibatch of 64 from a 10^5 replay buffer, FIRM's dimensions.
//   svm_classify          — RandomFourierSvm::classify of one 2-D sample, 256 random features.
//   ppo_inference         — PpoAgent::act for one state, greedy, 7 inputs, 7 actions, actor and
//                           critic 2 × 64 (hand-written forward passes, value included).
//   ppo_update            — one PpoAgent::update over a 50-step trajectory: GAE, then 5 epochs of
//                           minibatches of 5 (SIMPPO's setting, 50 gradient steps of both networks).
//   td3_update            — one OffPolicyAgent TD3 gradient step, Pendulum's zoo shape (3 → 400 →
//                           300 → 1, twin critics, batch 256; the actor every second step).
//   sac_update            — one SAC gradient step (α, twin critics, actor), 256 × 256, batch 256.
//   td3_update_flop_rate  — td3_update's arithmetic: 2 FLOP per multiply-add of its matrix products
//                           (target actor and critics forward, twin critics forward and backward,
//                           every second step the actor's forward and backward through a critic).
//   matmul_flop_rate      — the machine's float matrix product at that shape (256 × 400 · 400 × 300,
//                           LibTorch → OpenBLAS, one thread): the limit td3_update is measured against.
// All on one intra-op thread (makeTorchDeterministic), as runs train.
#include "learn/ddpg_agent.h"
#include "learn/deterministic_torch.h"
#include "learn/off_policy_agent.h"
#include "learn/ppo_agent.h"
#include "learn/random_fourier_svm.h"
#include "learn/replay_buffer.h"
#include "learn/seeded_random.h"

#include <torch/torch.h>

#include <chrono>
#include <cstdio>

using namespace orrery::learn;

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start)
{
    return std::chrono::duration<double>(Clock::now() - start).count();
}

std::vector<float> randomVector(SeededRandom& random, std::size_t n)
{
    std::vector<float> out(n);
    for (float& v : out)
        v = static_cast<float>(random.uniform());
    return out;
}

} // namespace

int main()
{
    makeTorchDeterministic(1);
    SeededRandom random(7);
    DdpgAgent agent(DdpgConfig{});
    ReplayBuffer buffer(100000, 8, 5, 3);
    for (int i = 0; i < 5000; ++i) {
        const std::vector<float> s = randomVector(random, 8), a = randomVector(random, 5), n = randomVector(random, 8);
        buffer.add(s, a, static_cast<float>(random.uniform()), n, false);
    }
    for (int i = 0; i < 20; ++i)
        agent.update(buffer.sample(64)); // move off the initial weights

    std::vector<std::vector<float>> states;
    for (int i = 0; i < 1024; ++i)
        states.push_back(randomVector(random, 8));
    volatile float sink = 0;

    const int inferences = 200000;
    auto start = Clock::now();
    for (int i = 0; i < inferences; ++i)
        sink = sink + agent.act(states[static_cast<std::size_t>(i) % states.size()], false)[0];
    std::printf("ddpg_inference %.3g us/decision\n", secondsSince(start) * 1e6 / inferences);

    const int torchInferences = 20000;
    start = Clock::now();
    for (int i = 0; i < torchInferences; ++i)
        sink = sink + agent.actWithTorch(states[static_cast<std::size_t>(i) % states.size()])[0];
    std::printf("ddpg_inference_torch %.3g us/decision\n", secondsSince(start) * 1e6 / torchInferences);

    const int updates = 2000;
    ReplayBatch batch;
    start = Clock::now();
    for (int i = 0; i < updates; ++i) {
        buffer.sampleInto(64, batch);
        agent.update(batch);
    }
    std::printf("ddpg_update %.3g updates/s\n", updates / secondsSince(start));

    RandomFourierSvmConfig svmConfig;
    svmConfig.seed = 5;
    RandomFourierSvm svm(svmConfig);
    std::vector<float> inputs;
    std::vector<int> labels;
    for (int i = 0; i < 2000; ++i) {
        const float x = static_cast<float>(2 * random.uniform() - 1), y = static_cast<float>(2 * random.uniform() - 1);
        inputs.push_back(x);
        inputs.push_back(y);
        labels.push_back(x * y > 0 ? 1 : 0);
    }
    svm.partialFit(inputs, labels);
    const int classifications = 200000;
    start = Clock::now();
    for (int i = 0; i < classifications; ++i) {
        const std::size_t row = static_cast<std::size_t>(i) % labels.size();
        sink = sink + (svm.classify(std::span<const float>(inputs.data() + 2 * row, 2)) ? 1.0f : 0.0f);
    }
    std::printf("svm_classify %.3g us/sample\n", secondsSince(start) * 1e6 / classifications);

    PpoConfig ppoConfig; // Table 4.1/4.2: 7 inputs, 7 actions, 2 × 64
    ppoConfig.minibatchSize = 5;
    ppoConfig.seed = 11;
    PpoAgent ppo(ppoConfig);
    std::vector<PpoTransition> trajectory;
    for (int i = 0; i < 50; ++i) {
        PpoTransition step;
        step.state = randomVector(random, 7);
        const PpoDecision decision = ppo.act(step.state, {}, true);
        step.action = decision.action;
        step.logProbability = decision.logProbability;
        step.value = decision.value;
        step.reward = static_cast<float>(random.uniform());
        step.done = i == 49;
        trajectory.push_back(std::move(step));
    }
    ppo.update(trajectory, 0.0f); // move off the initial weights
    std::vector<std::vector<float>> ppoStates;
    for (int i = 0; i < 1024; ++i)
        ppoStates.push_back(randomVector(random, 7));
    const int decisions = 200000;
    start = Clock::now();
    for (int i = 0; i < decisions; ++i)
        sink = sink + ppo.act(ppoStates[static_cast<std::size_t>(i) % ppoStates.size()], {}, false).value;
    std::printf("ppo_inference %.3g us/decision\n", secondsSince(start) * 1e6 / decisions);

    const int ppoUpdates = 100;
    start = Clock::now();
    for (int i = 0; i < ppoUpdates; ++i)
        ppo.update(trajectory, 0.0f);
    std::printf("ppo_update %.3g updates/s\n", ppoUpdates / secondsSince(start));

    ReplayBuffer pendulumBuffer(10000, 3, 1, 5);
    for (int i = 0; i < 5000; ++i) {
        const std::vector<float> s = randomVector(random, 3), a = randomVector(random, 1), n = randomVector(random, 3);
        pendulumBuffer.add(s, a, static_cast<float>(random.uniform()), n, false);
    }
    for (const OffPolicyAlgorithm algorithm : {OffPolicyAlgorithm::Td3, OffPolicyAlgorithm::Sac}) {
        OffPolicyConfig config;
        config.algorithm = algorithm;
        config.stateDim = 3;
        config.actionDim = 1;
        if (algorithm == OffPolicyAlgorithm::Td3)
            config.actorHidden = config.criticHidden = {400, 300};
        OffPolicyAgent learner(config);
        const int steps = 200;
        start = Clock::now();
        for (int i = 0; i < steps; ++i) {
            pendulumBuffer.sampleInto(256, batch);
            learner.update(batch);
        }
        const double rate = steps / secondsSince(start);
        std::printf("%s_update %.3g updates/s\n", algorithm == OffPolicyAlgorithm::Td3 ? "td3" : "sac", rate);
        if (algorithm == OffPolicyAlgorithm::Td3) {
            // Multiply-adds per sample of one forward pass, then per update (see the header).
            const double actor = 3.0 * 400 + 400.0 * 300 + 300.0 * 1;
            const double critic = 4.0 * 400 + 400.0 * 300 + 300.0 * 1;
            const double perUpdate = (2.5 * actor + 9.5 * critic) * 256 * 2;
            std::printf("td3_update_flop_rate %.3g GFLOP/s\n", rate * perUpdate / 1e9);
        }
    }
    {
        const torch::Tensor left = torch::rand({256, 400});
        const torch::Tensor right = torch::rand({400, 300});
        torch::Tensor product;
        const int products = 400;
        start = Clock::now();
        for (int i = 0; i < products; ++i)
            product = torch::mm(left, right);
        std::printf("matmul_flop_rate %.3g GFLOP/s\n", products * 2.0 * 256 * 400 * 300 / secondsSince(start) / 1e9);
    }
    return 0;
}
