// bench_learners: the learning core against the field's public references (issue 32 item 5).
// Trains each learner on a Gymnasium classic-control task ported to C++ (core/gym) with
// rl-baselines3-zoo's hyperparameters (hyperparams/{td3,sac,ddpg,ppo}.yml, cited per gate
// below), on 3 training seeds, and evaluates the final model deterministically on 10 fixed
// held-out episodes. Prints, per gate, "<gate>_return <mean over seeds> return",
// "<gate>_min_return <worst seed> return" and "<gate>_seconds <wall time> s", plus one
// "# <gate> seed N: ..." line per seed. Seeds train side by side on all cores; results do not
// depend on that (every agent draws from its own generators, one intra-op thread each).
//
//   build/bench/bench_learners                         every gate
//   build/bench/bench_learners pendulum_td3 cartpole_ppo   some of them
//
// Gates (docs/learning.md): Pendulum-v1 ≥ −200 within 20k steps (TD3, SAC: worst seed; DDPG:
// mean), MountainCarContinuous-v0 ≥ 90 (SAC, 50k steps), CartPole-v1 ≥ 475 within 100k (PPO).
#include "gym/classic_control.h"
#include "learn/deterministic_torch.h"
#include "learn/off_policy_agent.h"
#include "learn/off_policy_training.h"
#include "learn/ppo_agent.h"
#include "learn/ppo_training.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <map>
#include <string>
#include <thread>
#include <vector>

using namespace orrery;
using namespace orrery::learn;

namespace {

struct SeedResult {
    double meanReturn = 0;
    double seconds = 0;
    std::uint64_t steps = 0;
};

using GateRun = std::function<SeedResult(std::uint64_t seed)>;

SeedResult trainOffPolicyGate(const char* task, OffPolicyConfig agentConfig, const OffPolicyTrainingConfig& training)
{
    auto env = gym::makeClassicControl(task);
    auto evalEnv = gym::makeClassicControl(task);
    agentConfig.stateDim = env->observationDimension();
    agentConfig.actionDim = env->actionSpace().dimension();
    OffPolicyAgent agent(agentConfig);
    const OffPolicyTrainingResult r = trainOffPolicy(*env, *evalEnv, agent, training);
    return {r.evaluations.back().meanReturn, r.seconds, r.steps};
}

// rl-baselines3-zoo hyperparams/td3.yml and ddpg.yml, Pendulum-v1: 20k steps, γ 0.98, buffer
// 200k, learning_starts 10k, Gaussian noise σ 0.1, lr 1e-3, net_arch [400, 300].
SeedResult pendulumDeterministic(OffPolicyAlgorithm algorithm, std::uint64_t seed)
{
    OffPolicyConfig c;
    c.algorithm = algorithm;
    c.actorHidden = c.criticHidden = {400, 300};
    c.actorLearningRate = c.criticLearningRate = 1e-3;
    c.discount = 0.98;
    c.explorationNoise = 0.1;
    c.seed = seed;
    OffPolicyTrainingConfig t;
    t.totalSteps = 20000;
    t.warmupSteps = 10000;
    t.bufferSize = 200000;
    t.batchSize = 256;
    t.seed = seed;
    return trainOffPolicyGate("Pendulum-v1", c, t);
}

// hyperparams/sac.yml, Pendulum-v1: 20k steps, lr 1e-3, the rest SB3's defaults (256 × 256,
// batch 256, γ 0.99, τ 0.005, learning_starts 100, α auto from 1.0).
SeedResult pendulumSac(std::uint64_t seed)
{
    OffPolicyConfig c;
    c.algorithm = OffPolicyAlgorithm::Sac;
    c.actorLearningRate = c.criticLearningRate = c.entropyLearningRate = 1e-3;
    c.seed = seed;
    OffPolicyTrainingConfig t;
    t.totalSteps = 20000;
    t.warmupSteps = 100;
    t.batchSize = 256;
    t.seed = seed;
    return trainOffPolicyGate("Pendulum-v1", c, t);
}

// hyperparams/sac.yml, MountainCarContinuous-v0: 50k steps, lr 3e-4, buffer 50k, batch 512,
// ent_coef 0.1, train_freq 32, gradient_steps 32, γ 0.9999, τ 0.01, learning_starts 0,
// use_sde, log_std_init −3.67, net_arch [64, 64].
SeedResult mountainCarSac(std::uint64_t seed)
{
    OffPolicyConfig c;
    c.algorithm = OffPolicyAlgorithm::Sac;
    c.actorHidden = c.criticHidden = {64, 64};
    c.actorLearningRate = c.criticLearningRate = c.entropyLearningRate = 3e-4;
    c.initialEntropyCoefficient = 0.1;
    c.learnEntropyCoefficient = false;
    c.discount = 0.9999;
    c.softUpdate = 0.01;
    c.stateDependentExploration = true;
    c.sdeLogStdInit = -3.67;
    c.seed = seed;
    OffPolicyTrainingConfig t;
    t.totalSteps = 50000;
    t.warmupSteps = 0;
    t.bufferSize = 50000;
    t.batchSize = 512;
    t.trainFrequency = 32;
    t.gradientSteps = 32;
    t.seed = seed;
    return trainOffPolicyGate("MountainCarContinuous-v0", c, t);
}

// PPO on CartPole-v1 with the rollout (2,048 transitions across episodes, minibatch 64)
// and Stable-Baselines3's PPO defaults otherwise (10 epochs, lr 3e-4, γ 0.99, λ 0.95, clip 0.2,
// value coefficient 0.5, no entropy bonus, gradient norm 0.5, 2 × 64 tanh networks).
SeedResult cartPolePpo(std::uint64_t seed)
{
    auto env = gym::makeClassicControl("CartPole-v1");
    auto evalEnv = gym::makeClassicControl("CartPole-v1");
    PpoConfig c;
    c.stateDim = 4;
    c.actionCount = 2;
    c.epochs = 10;
    c.minibatchSize = 64;
    c.actorLearningRate = c.criticLearningRate = 3e-4;
    c.gamma = 0.99;
    c.gaeLambda = 0.95;
    c.entropyCoefficient = 0.0;
    c.criticLossCoefficient = 0.5;
    c.seed = seed;
    PpoAgent agent(c);
    PpoTrainingConfig t;
    t.totalSteps = 100000;
    t.rolloutSteps = 2048;
    t.seed = seed;
    const PpoTrainingResult r = trainPpo(*env, *evalEnv, agent, t);
    return {r.evaluations.back().meanReturn, r.seconds, r.steps};
}

const std::vector<std::pair<std::string, GateRun>>& gates()
{
    static const std::vector<std::pair<std::string, GateRun>> all = {
        {"pendulum_td3", [](std::uint64_t s) { return pendulumDeterministic(OffPolicyAlgorithm::Td3, s); }},
        {"pendulum_sac", pendulumSac},
        {"pendulum_ddpg", [](std::uint64_t s) { return pendulumDeterministic(OffPolicyAlgorithm::Ddpg, s); }},
        {"mountaincarcontinuous_sac", mountainCarSac},
        {"cartpole_ppo", cartPolePpo},
    };
    return all;
}

} // namespace

int main(int argc, char** argv)
{
    makeTorchDeterministic(1);
    std::vector<std::string> wanted(argv + 1, argv + argc);
    const std::vector<std::uint64_t> seeds = {1, 2, 3};
    for (const auto& [name, run] : gates()) {
        if (!wanted.empty() && std::find(wanted.begin(), wanted.end(), name) == wanted.end())
            continue;
        const auto started = std::chrono::steady_clock::now();
        std::vector<SeedResult> results(seeds.size());
        const std::size_t parallel = std::max(1u, std::thread::hardware_concurrency());
        for (std::size_t first = 0; first < seeds.size(); first += parallel) {
            std::vector<std::thread> threads;
            for (std::size_t i = first; i < std::min(seeds.size(), first + parallel); ++i)
                threads.emplace_back([&, i] { results[i] = run(seeds[i]); });
            for (std::thread& t : threads)
                t.join();
        }
        const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        double sum = 0, worst = results.front().meanReturn;
        for (std::size_t i = 0; i < seeds.size(); ++i) {
            std::printf("# %s seed %llu: return %.1f after %llu steps, %.1f s\n", name.c_str(),
                        static_cast<unsigned long long>(seeds[i]), results[i].meanReturn,
                        static_cast<unsigned long long>(results[i].steps), results[i].seconds);
            sum += results[i].meanReturn;
            worst = std::min(worst, results[i].meanReturn);
        }
        std::printf("%s_return %.1f return\n", name.c_str(), sum / static_cast<double>(seeds.size()));
        std::printf("%s_min_return %.1f return\n", name.c_str(), worst);
        std::printf("%s_seconds %.1f s\n", name.c_str(), wall);
        std::fflush(stdout);
    }
    return 0;
}
