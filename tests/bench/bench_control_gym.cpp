// bench_control_gym: the fixed-shape control environments (core/control_gym) the learners and the
// Python module step through. Prints "<figure> <value> <unit>" lines (docs/performance.md):
//   control_gym_steps.<kind> — environment steps per wall second over whole episodes (reset
//       included) with an all-zero action (the simulator's own work, nothing actuated), on the
//       shipped scenario of each kind; tests/bench/bench_python_env.py measures the same episodes
//       through the Python module, so the two figures compare the binding, not the simulator.
// Usage: bench_control_gym [episodes] (default 3).
#include "control_gym/control_gym_environment.h"
#include "kinds/built_in_kinds.h"
#include "scenario/scenario_loader.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

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
    }
    return 0;
}
