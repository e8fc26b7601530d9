// Training speed of the firm plugin in the Social Network SimulatedEnvironment: steps/s and
// updates/s over a few short episodes, the cost of a pure DDPG update and of one decision, and
// the episodes of 300 steps that fit in an hour at that rate. Never run as a test.
//   bench_firm [SCENARIO.yaml] [EPISODES] [STEPS] [one-for-all|one-for-each]
#include "env/simulated_environment.h"
#include "firm_model.h"
#include "firm_state.h"
#include "learn/ddpg_agent.h"
#include "learn/deterministic_torch.h"
#include "learn/replay_buffer.h"
#include "orrery_plugin_firm.h"
#include "policy/plugin_registry.h"
#include "scenario/scenario_loader.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

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

    // Training in the simulated environment.
    env::SimulatedEnvironmentOptions options;
    options.stepsPerEpisode = steps;
    env::SimulatedEnvironment environment(*loaded.scenario, options);
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
    return 0;
}
