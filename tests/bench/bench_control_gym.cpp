// bench_control_gym: the fixed-shape control environments (core/control_gym) the learners and the
// Python module step through. Prints "<figure> <value> <unit>" lines (docs/performance.md):
//   control_gym_steps.<kind> — environment steps per wall second over whole episodes (reset
//       included) with an all-zero action (the simulator's own work, nothing actuated), on the
//       shipped scenario of each kind; tests/bench/bench_python_env.py measures the same episodes
//       through the Python module, so the two figures compare the binding, not the simulator.
//   control_gym_rollouts.<kind>.threads<T> — the same episodes on 2 environments stepped side by side
//       by learn::RolloutPool (trainOffPolicy's parallel rollouts) on T threads: steps per wall
//       second of both together; the return sums must not depend on T.
// Usage: bench_control_gym [episodes] (default 3).
#include "control_gym/control_gym_environment.h"
#include "kinds/built_in_kinds.h"
#ifdef ORRERY_BENCH_ROLLOUTS
#include "learn/rollout_pool.h"
#endif
#include "scenario/scenario_loader.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

using namespace orrery;

namespace {

struct Case {
    const char* kind;
    const char* file;
    int steps;
};

constexpr Case kCases[] = {
    {"microservices", "socialnetwork-steady.yaml", 300},
    {"functions", "functions-isolated.yaml", 50},
    {"model-serving", "model-serving-v100.yaml", 300},
    {"training-jobs", "flowcon-1-worker-10-jobs.yaml", 2160},
};

#ifdef ORRERY_BENCH_ROLLOUTS
//! Two environments of `scenario`, each through `episodes` whole episodes with an all-zero
//! action, rounds stepped side by side on `threads` threads.
void parallelRollouts(const Case& c, const model::Scenario& scenario, int episodes, std::size_t threads)
{
    constexpr std::size_t kEnvironments = 2;
    control_gym::ControlGymOptions options;
    options.environment.stepsPerEpisode = c.steps;
    std::vector<std::unique_ptr<control_gym::ControlGymEnvironment>> environments;
    for (std::size_t k = 0; k < kEnvironments; ++k)
        environments.push_back(std::make_unique<control_gym::ControlGymEnvironment>(scenario, options));
    const std::vector<float> zeros(environments.front()->actionSpace().dimension(), 0.0f);
    learn::RolloutPool pool(threads, kEnvironments);
    std::vector<std::size_t> all = {0, 1};
    std::vector<int> episodesLeft(kEnvironments, episodes);
    std::vector<double> returns(kEnvironments, 0.0);
    std::vector<std::uint64_t> steps(kEnvironments, 0);
    const auto start = std::chrono::steady_clock::now();
    pool.run(all, [&](std::size_t k) { environments[k]->reset(100 + k); });
    std::vector<std::size_t> active = all;
    while (!active.empty()) {
        pool.run(active, [&](std::size_t k) {
            const gym::StepResult result = environments[k]->step(zeros);
            ++steps[k];
            returns[k] += result.reward;
            if (result.episodeOver() && --episodesLeft[k] > 0)
                environments[k]->reset(100 + k + 2 * static_cast<std::uint64_t>(episodes - episodesLeft[k]));
        });
        std::erase_if(active, [&](std::size_t k) { return episodesLeft[k] == 0; });
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("control_gym_rollouts.%s.threads%zu %.4g steps/s (%llu steps, return sums %.6g %.6g)\n", c.kind,
                pool.threadCount(), static_cast<double>(steps[0] + steps[1]) / seconds,
                static_cast<unsigned long long>(steps[0] + steps[1]), returns[0], returns[1]);
}
#endif

} // namespace

int main(int argc, char** argv)
{
    const int episodes = argc > 1 ? std::atoi(argv[1]) : 3;
    kinds::registerBuiltInKinds();
    scenario::ScenarioLoadOptions load;
    load.resourcePath = {ORRERY_SOURCE_DIR "/resources"};
    for (const Case& c : kCases) {
        auto loaded = scenario::loadScenarioFile(std::string(ORRERY_SOURCE_DIR "/resources/scenarios/") + c.file, load);
        if (!loaded.ok()) {
            std::fprintf(stderr, "%s", model::formatAll(loaded.diagnostics).c_str());
            return 2;
        }
        control_gym::ControlGymOptions options;
        options.environment.stepsPerEpisode = c.steps;
        control_gym::ControlGymEnvironment environment(*loaded.scenario, options);
        const std::vector<float> zeros(environment.actionSpace().dimension(), 0.0f);
        std::uint64_t steps = 0;
        double checksum = 0;
        const auto start = std::chrono::steady_clock::now();
        for (int episode = 0; episode < episodes; ++episode) {
            environment.reset(static_cast<std::uint64_t>(episode + 1));
            for (;;) {
                const gym::StepResult result = environment.step(zeros);
                ++steps;
                checksum += result.reward;
                if (result.episodeOver())
                    break;
            }
        }
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::printf("control_gym_steps.%s %.4g steps/s (%llu steps, return sum %.6g)\n", c.kind,
                    static_cast<double>(steps) / seconds, static_cast<unsigned long long>(steps), checksum);
#ifdef ORRERY_BENCH_ROLLOUTS
        if (std::string(c.kind) == "microservices" || std::string(c.kind) == "functions") {
            parallelRollouts(c, *loaded.scenario, episodes, 1);
            parallelRollouts(c, *loaded.scenario, episodes, 2);
        }
#endif
    }
    return 0;
}
