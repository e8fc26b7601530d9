// bench_microservice: the request-level microservice simulation. Prints "<figure> <value> <unit>"
// lines (DESIGN.md §11).
//   microservice_sim — DeathStarBench Social Network under the wrk2 mixed workload (10 %
//                      compose-post, 60 % read-home-timeline, 30 % read-user-timeline), Poisson
//                      at 100k requests/s for 10 simulated seconds (1 M requests), every span
//                      delivered to a SpanSink that only counts: simulated requests per wall second.
//                      Instances are sized so the system is loaded but stable (nginx ~60 % busy).
// Usage: bench_microservice [simulated seconds, default 10]
#include "env/simulation.h"
#include "orrery_builtin_plugins.h"
#include "policy/plugin_registry.h"
#include "scenario/scenario_loader.h"
#include "sim/run_recorder.h"
#include "trace/span_sink.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

using namespace orrery;

namespace {

class NullRecorder final : public sim::RunRecorder {
public:
    void beginRun(const sim::RunInfo&) override {}
    sim::SeriesId defineSeries(std::string_view, std::string_view) override { return 0; }
    void recordSample(sim::SeriesId, sim::SimTime, double) override {}
    void recordMetric(std::string_view, double, std::string_view) override {}
    void endRun(sim::RunStatus, std::string_view) override {}
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

std::string scenarioText(int seconds)
{
    return "apiVersion: orrery.dev/v1\nkind: Scenario\nmetadata: {name: bench}\nspec:\n  seed: 1\n  horizon: "
        + std::to_string(seconds) + "s\n  cluster:\n    pools:\n      - {name: node, count: 8, cpu: 256, memory: 1Ti}\n"
          "  workloads:\n    - name: social\n      kind: Microservices\n      graph: socialnetwork\n"
          "      requests:\n"
          "        - {type: compose-post, arrival: 10000/s}\n"
          "        - {type: read-home-timeline, arrival: 60000/s}\n"
          "        - {type: read-user-timeline, arrival: 30000/s}\n"
          "      instances:\n        default: {cpu: 32, memory: 1Gi}\n        services:\n"
          "          nginx-web-server: {replicas: 2, cpu: 64}\n"
          "          post-storage-service: {cpu: 64}\n";
}

} // namespace

int main(int argc, char** argv)
{
    const int seconds = argc > 1 ? std::atoi(argv[1]) : 10;
    scenario::ScenarioLoadOptions options;
    options.resourcePath = {ORRERY_SOURCE_DIR "/resources"};
    const auto loaded = scenario::parseScenario(scenarioText(seconds), "bench.yaml", options);
    if (!loaded.ok()) {
        std::fprintf(stderr, "%s\n", model::formatAll(loaded.diagnostics).c_str());
        return 1;
    }
    policy::PluginRegistry registry;
    policy::registerBuiltinPlugins(registry);
    env::Simulation simulation(*loaded.scenario, registry);
    CountingSink sink;
    simulation.setSpanSink(&sink);
    NullRecorder recorder;
    const auto begin = std::chrono::steady_clock::now();
    const auto result = simulation.run(recorder);
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    double requests = 0;
    for (const auto& metric : result.metrics) {
        if (metric.name == "ms.requests")
            requests = metric.value;
    }
    std::printf("microservice_sim %.3g requests/s\n", requests / wall);
    std::printf("microservice_sim_spans %.3g spans/s\n", static_cast<double>(sink.m_spans) / wall);
    std::fprintf(stderr, "%.0f requests, %llu traces, %llu spans, %llu events in %.2f s wall\n", requests,
                 static_cast<unsigned long long>(sink.m_traces), static_cast<unsigned long long>(sink.m_spans),
                 static_cast<unsigned long long>(result.events), wall);
    return 0;
}
