// bench_training_jobs: 10,000 training jobs on 1,000 workers under flowcon (issue 18: < 10 s).
#include "env/simulation.h"
#include "kinds/built_in_kinds.h"
#include "orrery_plugin_first_fit.h"
#include "orrery_plugin_flowcon.h"
#include "policy/plugin_registry.h"
#include "scenario/scenario_loader.h"
#include "sim/in_memory_run_recorder.h"

#include <chrono>
#include <cstdio>

using namespace orrery;

int main()
{
    kinds::registerBuiltInKinds();
    policy::PluginRegistry registry;
    registry.registerStatic(orrery_first_fit_descriptor());
    registry.registerStatic(orrery_flowcon_descriptor());
    const char* text = R"(apiVersion: orrery.dev/v1
kind: Scenario
metadata: {name: bench-training}
spec:
  seed: 1
  horizon: 24h
  cluster: {pools: [{name: workers, count: 1000, cpu: 4, memory: 16Gi}]}
  policies: {control: {plugin: flowcon}}
  workloads:
    - name: train
      kind: training-jobs
      evaluationSeries: false
      submissions: {count: 10000, within: [0s, 1000s]}
)";
    const auto loaded = scenario::parseScenario(text, "bench.yaml");
    if (!loaded.ok()) {
        std::fprintf(stderr, "%s\n", model::formatAll(loaded.diagnostics).c_str());
        return 1;
    }
    const auto start = std::chrono::steady_clock::now();
    env::Simulation simulation(*loaded.scenario, registry);
    sim::InMemoryRunRecorder recorder;
    const env::RunResult result = simulation.run(recorder, nullptr, {});
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    double completed = 0;
    for (const auto& m : result.metrics) {
        if (m.name == "train.jobs_completed")
            completed = m.value;
    }
    std::printf("flowcon_10000_jobs_1000_workers %.3g s\n", seconds);
    std::printf("flowcon_10000_jobs_completed %.0f jobs\n", completed);
    return completed == 10000 ? 0 : 1;
}
