// bench_model_serving: simulated requests per second of wall time for the 15 models of seed 001
// Table 6.1 on 16 V100s without batching (issue 16: ≥ 1 M/s), at two control periods (the
// devices are observed every period: 500 ms as MIAD samples, and 60 s), and with dynamic and
// continuous batching (issue 37) at the same load.
#include "kinds/built_in_kinds.h"
#include "kinds/model_serving/model_serving_runtime.h"
#include "kinds/model_serving/model_serving_spec.h"
#include "kinds/model_serving/serving_model_catalog.h"
#include "model/cluster.h"
#include "scenario/scenario_loader.h"
#include "sim/in_memory_run_recorder.h"

#include <chrono>
#include <cstdio>
#include <string>
#include <variant>

using namespace orrery;
using namespace orrery::kinds::model_serving;

namespace {

//! Each model at ~70 % of one device's capacity at the default clock (outputs of 32 tokens).
std::string scenarioText(const char* period, const char* horizon, const char* batching)
{
    std::string models;
    for (const auto& model : builtInServingModels()) {
        const double seconds = model.requestSeconds(32, 1380, *findGpuProfile("V100"));
        models += "        - {model: " + model.name + ", rate: " + std::to_string(0.7 / seconds) + "/s, outputTokens: 32}\n";
    }
    return std::string(R"(apiVersion: orrery.dev/v1
kind: Scenario
metadata: {name: bench-serving}
spec:
  seed: 1
  horizon: )") + horizon + R"(
  cluster: {pools: [{name: gpus, count: 16, cpu: 8, memory: 16Gi, devices: [{kind: gpu, model: V100, count: 1}]}]}
  workloads:
    - name: serving
      kind: model-serving
      devices: gpus
      deviceSeries: off
      controlPeriod: )" + period + "\n      batching: " + batching + "\n      models:\n" + models;
}

int measure(const char* period, const char* horizon, const char* label = "", const char* batching = "{mode: none}")
{
    const auto loaded = scenario::parseScenario(scenarioText(period, horizon, batching), "bench.yaml");
    if (!loaded.ok()) {
        std::fprintf(stderr, "%s\n", model::formatAll(loaded.diagnostics).c_str());
        return 1;
    }
    const model::Scenario& scenario = *loaded.scenario;
    const auto& spec = dynamic_cast<const ModelServingSpec&>(*std::get<model::KindWorkload>(scenario.workloads.front()).spec);
    const auto start = std::chrono::steady_clock::now();
    model::Cluster cluster(scenario.cluster);
    ModelServingRuntime runtime(spec, scenario, cluster);
    sim::Engine engine;
    sim::InMemoryRunRecorder recorder;
    runtime.start(engine, recorder);
    engine.run(scenario.horizon);
    env::RunMetrics metrics;
    runtime.finish(&metrics);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double requests = static_cast<double>(runtime.platform().completed());
    std::printf("model_serving_15_models_16_gpus_period_%s%s %.3g requests/s (%.0f requests in %.3g s)\n", period, label,
                requests / seconds, requests, seconds);
    return requests > 0 ? 0 : 1;
}

} // namespace

int main()
{
    kinds::registerBuiltInKinds();
    return measure("500ms", "24h") | measure("60s", "24h")
           | measure("500ms", "24h", "_dynamic_batching", "{mode: dynamic, maxBatchSize: 8, maxQueueDelay: 5ms}")
           | measure("500ms", "24h", "_continuous_batching", "{mode: continuous, maxBatchSize: 8}");
}
