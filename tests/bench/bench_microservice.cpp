// bench_microservice: the request-level microservice simulation. Prints "<figure> <value> <unit>"
// lines (docs/architecture.md §11).
//   microservice_sim — DeathStarBench Social Network under the wrk2 mixed workload (10 %
//                      compose-post, 60 % read-home-timeline, 30 % read-user-timeline), Poisson
//                      at 100k requests/s for 10 simulated seconds (1 M requests), every span
//                      delivered to a SpanSink that only counts: simulated requests per wall second.
//                      Instances are sized so the system is loaded but stable (nginx ~60 % busy).
//   microservice_sim_contended — the same on nodes whose memory bandwidth and LLC the services'
//                      demand takes past the contention curves' knees (the contended figure).
// Usage: bench_microservice [simulated seconds, default 10]
#include "kinds/microservices/microservices_kind.h"
#include "env/simulation.h"
#include "orrery_builtin_plugins.h"
#include "policy/plugin_registry.h"
#include "scenario/scenario_loader.h"
#include "sim/run_recorder.h"
#include "trace/span_sink.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

using namespace orrery;

namespace {

//! Keeps only the highest node pressure per resource (to say how contended a run was).
class PressureRecorder final : public sim::RunRecorder {
public:
    void beginRun(const sim::RunInfo&) override {}
    sim::SeriesId defineSeries(std::string_view name, std::string_view) override
    {
        if (name == "cluster.cpu_pressure.max")
            return 1;
        if (name == "cluster.memory_bandwidth_pressure.max")
            return 2;
        return 0;
    }
    void recordSample(sim::SeriesId series, sim::SimTime, double value) override
    {
        if (series > 0)
            m_max[series] = std::max(m_max[series], value);
    }
    void recordMetric(std::string_view, double, std::string_view) override {}
    void endRun(sim::RunStatus, std::string_view) override {}
    double m_max[3] = {};
};

//! Counts what it receives: the figure is the simulation, not a store.
class CountingSink final : public trace::SpanSink {
public:
    void recordTraces(std::span<const trace::Trace> traces, const trace::NameTable&) override
    {
        m_traces += traces.size();
        for (const auto& trace : traces)
            m_spans += trace.spans.size();
    }
    std::uint64_t m_traces = 0;
    std::uint64_t m_spans = 0;
};

//! `contended`: nodes with a third of the default memory bandwidth (20 GB/s instead of 60 GB/s,
//! docs/model.md, "Contention"), so the services' default demand (0.5 GB/s per busy core) takes
//! the memory-bandwidth curve past its knee (pressure ~0.7, printed) and every change of load
//! moves slowdowns.
std::string scenarioText(int seconds, bool contended)
{
    const std::string pool = contended ? "      - {name: node, count: 8, cpu: 256, memory: 1Ti, memoryBandwidth: 20G}\n"
                                       : "      - {name: node, count: 8, cpu: 256, memory: 1Ti}\n";
    return "apiVersion: orrery.dev/v1\nkind: Scenario\nmetadata: {name: bench}\nspec:\n  seed: 1\n  horizon: "
        + std::to_string(seconds) + "s\n  cluster:\n    pools:\n" + pool
        + "  workloads:\n    - name: social\n      kind: Microservices\n      graph: socialnetwork\n"
          "      requests:\n"
          "        - {type: compose-post, arrival: 10000/s}\n"
          "        - {type: read-home-timeline, arrival: 60000/s}\n"
          "        - {type: read-user-timeline, arrival: 30000/s}\n"
          "      instances:\n        default: {cpu: 32, memory: 1Gi}\n        services:\n"
          "          nginx-web-server: {replicas: 2, cpu: 64}\n"
          "          post-storage-service: {cpu: 64}\n";
}

struct Figures {
    double requests = 0;
    double wall = 0;
    double maxCpuPressure = 0;
    double maxMemoryPressure = 0;
};

Figures runOnce(int seconds, bool contended)
{
    scenario::ScenarioLoadOptions options;
    options.resourcePath = {ORRERY_SOURCE_DIR "/resources"};
    kinds::microservices::registerMicroservicesKind();
    const auto loaded = scenario::parseScenario(scenarioText(seconds, contended), "bench.yaml", options);
    if (!loaded.ok()) {
        std::fprintf(stderr, "%s\n", model::formatAll(loaded.diagnostics).c_str());
        std::exit(1);
    }
    policy::PluginRegistry registry;
    policy::registerBuiltinPlugins(registry);
    env::Simulation simulation(*loaded.scenario, registry);
    CountingSink sink;
    simulation.setSpanSink(&sink);
    PressureRecorder recorder;
    const auto begin = std::chrono::steady_clock::now();
    const auto result = simulation.run(recorder);
    Figures figures;
    figures.wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    for (const auto& metric : result.metrics) {
        if (metric.name == "ms.requests")
            figures.requests = metric.value;
    }
    figures.maxCpuPressure = recorder.m_max[1];
    figures.maxMemoryPressure = recorder.m_max[2];
    std::fprintf(stderr, "%s: %.0f requests, %llu traces, %llu spans, %llu events in %.2f s wall; node pressure at most cpu %.2f, memory bandwidth %.2f\n",
                 contended ? "contended" : "default", figures.requests, static_cast<unsigned long long>(sink.m_traces),
                 static_cast<unsigned long long>(sink.m_spans), static_cast<unsigned long long>(result.events), figures.wall,
                 figures.maxCpuPressure, figures.maxMemoryPressure);
    if (contended == false) {
        std::printf("microservice_sim %.3g requests/s\n", figures.requests / figures.wall);
        std::printf("microservice_sim_spans %.3g spans/s\n", static_cast<double>(sink.m_spans) / figures.wall);
    } else {
        std::printf("microservice_sim_contended %.3g requests/s\n", figures.requests / figures.wall);
    }
    return figures;
}

} // namespace

int main(int argc, char** argv)
{
    const int seconds = argc > 1 ? std::atoi(argv[1]) : 10;
    runOnce(seconds, false);
    runOnce(seconds, true);
    return 0;
}
