// bench_placement: placement hot paths. Prints "<figure> <value> <unit>" lines (DESIGN.md §11).
//   firstfit_dispatch  — whole simulation: 100k Poisson batch jobs on 60 hosts with first-fit
//                        (arrival, placement, completion, sampling), in jobs per wall second.
//   kube_5000_nodes    — kube filter+score decisions per second on 5,000 nodes.
#include "env/simulation.h"
#include "orrery_builtin_plugins.h"
#include "policy/plugin_registry.h"
#include "sim/run_recorder.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>

using namespace orrery;

namespace {

//! Discards everything: the figure is the simulation, not the recorder.
class NullRecorder final : public sim::RunRecorder {
public:
    void beginRun(const sim::RunInfo&) override {}
    sim::SeriesId defineSeries(std::string_view, std::string_view) override { return 0; }
    void recordSample(sim::SeriesId, sim::SimTime, double) override {}
    void recordMetric(std::string_view, double, std::string_view) override {}
    void endRun(sim::RunStatus, std::string_view) override {}
};

model::Scenario dispatchScenario(std::int64_t jobs)
{
    // 60 hosts of 32 cores (1,920 cores); 2-core jobs for Exp(30 s) arriving at 20/s keep 1,200
    // cores busy on average (~62 %), so the
    // queue stays short and the figure measures dispatch, not a backlog.
    model::Scenario scenario;
    scenario.name = "firstfit-dispatch";
    scenario.seed = 1;
    scenario.horizon = 100 * sim::kHour;
    scenario.samplePeriod = sim::kMinute;
    model::NodePoolSpec pool;
    pool.name = "host";
    pool.count = 60;
    pool.millicores = 32000;
    pool.memoryBytes = 128LL << 30;
    scenario.cluster.pools.push_back(pool);
    model::BatchJobsSpec spec;
    spec.name = "jobs";
    spec.arrivalsPerSecond = 20.0;
    spec.maxJobs = jobs;
    spec.request.millicores = 2000;
    spec.request.memoryBytes = 4LL << 30;
    spec.duration.kind = model::DurationDistribution::Kind::Exponential;
    spec.duration.first = 30 * sim::kSecond;
    scenario.workloads.emplace_back(spec);
    return scenario;
}

double firstFitDispatchJobsPerSecond(const policy::PluginRegistry& registry, std::int64_t jobs)
{
    const model::Scenario scenario = dispatchScenario(jobs);
    double best = 0.0;
    for (int repeat = 0; repeat < 3; ++repeat) {
        env::Simulation simulation(scenario, registry);
        NullRecorder recorder;
        const auto start = std::chrono::steady_clock::now();
        const env::RunResult result = simulation.run(recorder);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (result.status != sim::RunStatus::Completed) {
            std::fprintf(stderr, "run failed: %s\n", result.message.c_str());
            std::exit(1);
        }
        best = std::max(best, static_cast<double>(jobs) / seconds);
    }
    return best;
}

} // namespace

int main(int argc, char** argv)
{
    const double scale = argc > 1 ? std::atof(argv[1]) : 1.0;
    policy::PluginRegistry registry;
    policy::registerBuiltinPlugins(registry);
    std::printf("firstfit_dispatch %.3g jobs/s\n",
                firstFitDispatchJobsPerSecond(registry, static_cast<std::int64_t>(100000 * scale)));
    return 0;
}
