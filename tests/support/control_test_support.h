#pragma once
// Shared by the microservice and contention tests: a two-service graph and scenarios around it,
// loading (with the built-in kinds registered), running and reading metrics. Link orrery_kinds.
#include "env/simulation.h"
#include "kinds/built_in_kinds.h"
#include "model/scenario.h"
#include "policy/plugin_registry.h"
#include "scenario/scenario_loader.h"
#include "sim/in_memory_run_recorder.h"

#include <QtTest>

#include <fstream>
#include <string>

namespace orrery::testing {

inline const char* const kChainGraph = R"(apiVersion: orrery.dev/v1
kind: ServiceGraph
metadata: {name: chain}
spec:
  services:
    - {name: a, request: {cpu: 1, memory: 1Gi}, latency: {cpu: 1ms}}
    - {name: b, request: {cpu: 1, memory: 1Gi}, latency: {cpu: 2ms}}
  requestTypes:
    - name: ab
      root: {service: a, operation: op, work: 1ms, calls: [{service: b, operation: op, work: 4ms}]}
)";

//! `instances` and `policies` are YAML blocks at workload and spec indentation.
inline std::string chainScenario(const std::string& graphPath, const std::string& arrival, const std::string& instances,
                                 const std::string& extra = "", const std::string& horizon = "20s", int nodes = 2)
{
    return "apiVersion: orrery.dev/v1\nkind: Scenario\nmetadata: {name: chain}\nspec:\n  seed: 7\n  horizon: " + horizon
        + "\n  samplePeriod: 1s\n  cluster:\n    pools:\n      - {name: node, count: " + std::to_string(nodes)
        + ", cpu: 2, memory: 8Gi}\n  workloads:\n    - name: app\n      kind: Microservices\n      graph: " + graphPath
        + "\n      requests:\n        - {type: ab, arrival: " + arrival + ", slo: 50ms}\n      instances:\n" + instances + extra;
}

inline model::Scenario loadScenario(const std::string& text, const std::string& path)
{
    kinds::registerBuiltInKinds();
    scenario::ScenarioLoadOptions options;
    options.resourcePath = {ORRERY_SOURCE_DIR "/resources"};
    const auto result = scenario::parseScenario(text, path, options);
    if (!result.ok())
        qFatal("%s", model::formatAll(result.diagnostics).c_str());
    return *result.scenario;
}

//! Runs `scenario` to completion with `registry`'s plugins; fails the test run otherwise.
inline sim::InMemoryRunRecorder runScenario(const model::Scenario& scenario, const policy::PluginRegistry& registry)
{
    sim::InMemoryRunRecorder recorder;
    env::Simulation simulation(scenario, registry);
    const auto result = simulation.run(recorder);
    if (result.status != sim::RunStatus::Completed)
        qFatal("run failed: %s", result.message.c_str());
    return recorder;
}

//! The value of metric `name`; fails the test run when the run did not record it.
inline double metric(const sim::InMemoryRunRecorder& recorder, const std::string& name)
{
    for (const auto& m : recorder.metrics()) {
        if (m.name == name)
            return m.value;
    }
    qFatal("no metric %s", name.c_str());
    return 0;
}

inline std::string writeFile(const std::string& path, const std::string& text)
{
    std::ofstream(path) << text;
    return path;
}

} // namespace orrery::testing
