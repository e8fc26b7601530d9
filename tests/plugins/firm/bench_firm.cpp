// Training speed of the firm plugin in the Social Network SimulatedEnvironment: steps/s and
// updates/s over a few short episodes, the cost of a pure DDPG update and of one decision, a
// FIRM-sized TD3 update of the learning core by phase (firm_td3_updates, firm_td3_phase_*), and
// the episodes of 300 steps that fit in an hour at that rate, and the steps/s with one environment
// per core stepped side by side (firm_*_parallel_train_steps). Never run as a test.
//   bench_firm [SCENARIO.yaml] [EPISODES] [STEPS] [one-for-all|one-for-each] [LEARNER]
#include "kinds/built_in_kinds.h"
#include "kinds/microservices/simulated_environment.h"
#include "firm_model.h"
#include "firm_state.h"
#include "learn/ddpg_agent.h"
#include "learn/off_policy_agent.h"
#include "learn/deterministic_torch.h"
#include "learn/replay_buffer.h"
#include "orrery_plugin_firm.h"
#include "policy/plugin_registry.h"
#include "scenario/scenario_loader.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>

using namespace orrery;

namespace {

double secondsSince(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

int main(int argc, char** argv)
{
    const std::string path = argc > 1 ? argv[1] : ORRERY_SOURCE_DIR "/resources/scenarios/socialnetwork-anomalies.yaml";
    const int episodes = argc > 2 ? std::atoi(argv[2]) : 3;
    const int steps = argc > 3 ? std::atoi(argv[3]) : 60;
    kinds::registerBuiltInKinds();
    auto loaded = scenario::loadScenarioFile(path);
    if (!loaded.scenario) {
        std::fprintf(stderr, "%s", model::formatAll(loaded.diagnostics).c_str());
        return 2;
    }

    // Pure learner costs: one minibatch update, one decision.
    learn::makeTorchDeterministic(1);
    learn::DdpgAgent agent(learn::DdpgConfig{});
    learn::ReplayBuffer replay(100000, plugins::firm::kStateDim, plugins::firm::kActionDim, 2);
    std::vector<float> s(plugins::firm::kStateDim, 0.5f);
    std::vector<float> a(plugins::firm::kActionDim, 0.1f);
    for (int i = 0; i < 1000; ++i)
        replay.add(s, a, 1.0f, s, false);
    learn::ReplayBatch batch;
    auto start = std::chrono::steady_clock::now();
    constexpr int kUpdates = 500;
    for (int i = 0; i < kUpdates; ++i) {
        replay.sampleInto(64, batch);
        (void)agent.update(batch);
    }
    std::printf("firm_ddpg_update %.4g us/update\n", secondsSince(start) * 1e6 / kUpdates);
    start = std::chrono::steady_clock::now();
    constexpr int kDecisions = 100000;
    float sink = 0;
    for (int i = 0; i < kDecisions; ++i)
        sink += agent.act(s, false)[0];
    std::printf("firm_actor_inference %.4g us/decision\n", secondsSince(start) * 1e6 / kDecisions + sink * 0);

    // TD3 at FIRM's size (8 → 40 → 40 → 5 actor, twin 13 → 40 → 40 → 1 critics, batch 64): the
    // learning core's per-update cost, and where it goes (docs/performance.md, "Learning").
    {
        learn::OffPolicyConfig td3;
        td3.algorithm = learn::OffPolicyAlgorithm::Td3;
        td3.stateDim = plugins::firm::kStateDim;
        td3.actionDim = plugins::firm::kActionDim;
        td3.actorHidden = {40, 40};
        td3.criticHidden = {40, 40};
        td3.seed = 1;
        learn::OffPolicyAgent learner(td3);
        learn::ReplayBuffer td3Replay(100000, td3.stateDim, td3.actionDim, 3);
        for (int i = 0; i < 1000; ++i) {
            for (auto& x : s)
                x = static_cast<float>((i * 37 + 11) % 101) / 101.0f;
            td3Replay.add(s, a, static_cast<float>(i % 7) / 7.0f, s, false);
        }
        constexpr int kTd3Updates = 2000;
        std::array<double, learn::kUpdatePhaseCount> phases{};
        double sampling = 0;
        start = std::chrono::steady_clock::now();
        for (int i = 0; i < kTd3Updates; ++i) {
            const auto sampleStart = std::chrono::steady_clock::now();
            td3Replay.sampleInto(64, batch);
            sampling += secondsSince(sampleStart);
            const learn::OffPolicyUpdateStats stats = learner.update(batch);
            for (std::size_t p = 0; p < phases.size(); ++p)
                phases[p] += stats.phaseSeconds[p];
        }
        std::printf("firm_td3_updates %.4g updates/s\n", kTd3Updates / secondsSince(start));
        std::printf("firm_td3_phase_sampling %.3g us/update\n", sampling * 1e6 / kTd3Updates);
        for (std::size_t p = 0; p < phases.size(); ++p)
            std::printf("firm_td3_phase_%s %.3g us/update\n", std::string(learn::toString(static_cast<learn::UpdatePhase>(p))).c_str(),
                        phases[p] * 1e6 / kTd3Updates);
    }

    // Training in the simulated environment.
    env::SimulatedEnvironmentOptions options;
    options.stepsPerEpisode = steps;
    kinds::microservices::SimulatedEnvironment environment(*loaded.scenario, options);
    policy::PluginRegistry registry;
    registry.registerStatic(orrery_firm_descriptor());
    model::PolicyChoice choice;
    choice.plugin = "firm";
    choice.fieldPath = "bench";
    policy::ControlTrainingConfig config;
    config.episodes = static_cast<std::uint32_t>(episodes);
    config.stepsPerEpisode = static_cast<std::uint32_t>(steps);
    config.seed = 1;
    const std::string mode = argc > 4 ? argv[4] : "one-for-all";
    if (argc > 5) // the learner (seed-ddpg, ddpg, td3, sac) for both training figures
        choice.params.push_back({"learner", argv[5], {}});
    if (mode == "one-for-each")
        config.mode = policy::ControlTrainingMode::OneForEach;
    policy::ControlTrainingProgress progress;
    policy::PolicyContext context;
    start = std::chrono::steady_clock::now();
    const policy::TrainingResult result = registry.trainControl(choice, environment, config, progress, context);
    const double seconds = secondsSince(start);
    double totalSteps = 0;
    double updates = 0;
    for (const auto& [name, value] : result.metrics) {
        if (name == "steps")
            totalSteps = value;
        if (name == "updates")
            updates = value;
    }
    const std::string tag = mode == "one-for-each" ? "firm_each" : "firm_all";
    std::printf("%s_train_steps %.4g steps/s\n", tag.c_str(), totalSteps / seconds);
    std::printf("%s_train_updates %.4g updates/s\n", tag.c_str(), updates / seconds);
    std::printf("%s_episodes_300_steps_per_hour %.4g episodes\n", tag.c_str(), 3600.0 / (300.0 * seconds / totalSteps));
    std::fprintf(stderr, "%s\n", result.report.c_str());

    // Parallel rollouts (FirmTrainer, `environments`): one environment per core stepped side by
    // side, the same number of episodes per environment as above.
    const unsigned cores = std::max(2u, std::thread::hardware_concurrency());
    model::PolicyChoice parallel = choice;
    parallel.params.push_back({"environments", std::to_string(cores), {}});
    policy::ControlTrainingConfig parallelConfig = config;
    parallelConfig.episodes = static_cast<std::uint32_t>(episodes) * cores;
    parallelConfig.threads = cores;
    start = std::chrono::steady_clock::now();
    const policy::TrainingResult parallelResult = registry.trainControl(parallel, environment, parallelConfig, progress, context);
    const double parallelSeconds = secondsSince(start);
    double parallelSteps = 0;
    for (const auto& [name, value] : parallelResult.metrics) {
        if (name == "steps")
            parallelSteps = value;
    }
    std::printf("%s_parallel_environments %u environments\n", tag.c_str(), cores);
    std::printf("%s_parallel_train_steps %.4g steps/s\n", tag.c_str(), parallelSteps / parallelSeconds);
    return 0;
}
