// bench_learners: the learning core against the field's public references (issue 32 item 5).
// Trains each learner on a Gymnasium classic-control task ported to C++ (core/gym) with
// rl-baselines3-zoo's hyperparameters (hyperparams/{td3,sac,ddpg}.yml, cited in
// core/learn/reference_setups.cpp; PPO: SB3's defaults with 2,048-step rollouts), on 3 training seeds, and evaluates the final model deterministically on 10 fixed
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
#include "learn/reference_setups.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
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

//! Trains `algorithm` on `task` with the zoo's hyperparameters (learn/reference_setups.h).
SeedResult offPolicyGate(const char* task, OffPolicyAlgorithm algorithm, std::uint64_t seed)
{
    auto env = gym::makeClassicControl(task);
    auto evalEnv = gym::makeClassicControl(task);
    const OffPolicySetup setup = referenceOffPolicySetup(algorithm, *env, seed);
    OffPolicyAgent agent(setup.agent);
    const OffPolicyTrainingResult r = trainOffPolicy(*env, *evalEnv, agent, setup.training);
    return {r.evaluations.back().meanReturn, r.seconds, r.steps};
}

SeedResult ppoGate(const char* task, std::uint64_t seed)
{
    auto env = gym::makeClassicControl(task);
    auto evalEnv = gym::makeClassicControl(task);
    const PpoSetup setup = referencePpoSetup(*env, seed);
    PpoAgent agent(setup.agent);
    const PpoTrainingResult r = trainPpo(*env, *evalEnv, agent, setup.training);
    return {r.evaluations.back().meanReturn, r.seconds, r.steps};
}

const std::vector<std::pair<std::string, GateRun>>& gates()
{
    static const std::vector<std::pair<std::string, GateRun>> all = {
        {"pendulum_td3", [](std::uint64_t s) { return offPolicyGate("Pendulum-v1", OffPolicyAlgorithm::Td3, s); }},
        {"pendulum_sac", [](std::uint64_t s) { return offPolicyGate("Pendulum-v1", OffPolicyAlgorithm::Sac, s); }},
        {"pendulum_ddpg", [](std::uint64_t s) { return offPolicyGate("Pendulum-v1", OffPolicyAlgorithm::Ddpg, s); }},
        {"mountaincarcontinuous_sac",
         [](std::uint64_t s) { return offPolicyGate("MountainCarContinuous-v0", OffPolicyAlgorithm::Sac, s); }},
        {"cartpole_ppo", [](std::uint64_t s) { return ppoGate("CartPole-v1", s); }},
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
