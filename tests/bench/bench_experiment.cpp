// bench_experiment: the experiment runner's throughput. Prints "<figure> <value> <unit>" lines
// (docs/architecture.md §11).
//   small_runs — runs per wall minute of a small scenario (8 nodes, 200 Poisson batch jobs over
//                an hour, first-fit vs random, 500 seeds = 1000 runs) on 2 worker threads,
//                each run recorded into a project file (series, metrics, experiment links) and
//                the comparison computed and stored at the end.
// Usage: bench_experiment [SCALE] — SCALE multiplies the number of seeds (default 1).
#include "experiment/experiment_runner.h"
#include "orrery_builtin_plugins.h"
#include "policy/plugin_registry.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

using namespace orrery;

namespace {

experiment::Experiment smallExperiment(std::size_t seeds)
{
    experiment::Experiment experiment;
    model::Scenario& scenario = experiment.scenario;
    scenario.name = "bench-small";
    scenario.sourceText = "# bench_experiment: built in code\n";
    scenario.horizon = sim::kHour;
    scenario.samplePeriod = sim::kMinute;
    model::NodePoolSpec pool;
    pool.name = "cpu";
    pool.count = 8;
    pool.millicores = 16000;
    pool.memoryBytes = 64LL << 30;
    scenario.cluster.pools.push_back(pool);
    model::BatchJobsSpec jobs;
    jobs.name = "jobs";
    jobs.arrivalsPerSecond = 200.0 / 3600.0 * 1.2;
    jobs.maxJobs = 200;
    jobs.request.millicores = 4000;
    jobs.request.memoryBytes = 8LL << 30;
    jobs.duration.kind = model::DurationDistribution::Kind::Exponential;
    jobs.duration.first = 10 * sim::kMinute;
    scenario.workloads.emplace_back(jobs);

    experiment::ExperimentSpec& spec = experiment.spec;
    spec.name = "bench-small";
    spec.sourceFile = "bench_experiment";
    spec.sourceText = "# bench_experiment: built in code, " + std::to_string(seeds) + " seeds\n";
    for (const char* plugin : {"first-fit", "random"}) {
        experiment::ArmSpec arm;
        arm.name = plugin;
        arm.policies["placement"].plugin = plugin;
        arm.policies["placement"].fieldPath = "spec.arms.policies.placement";
        spec.arms.push_back(arm);
    }
    spec.treatment = 1;
    for (std::size_t seed = 1; seed <= seeds; ++seed)
        spec.seeds.push_back(seed);
    spec.metrics = {{"job.completion_time.mean", {}}, {"job.completion_time.p99", {}}};
    return experiment;
}

} // namespace

int main(int argc, char** argv)
{
    const double scale = argc > 1 ? std::atof(argv[1]) : 1.0;
    const auto seeds = static_cast<std::size_t>(std::max(1.0, 500.0 * scale));
    policy::PluginRegistry registry;
    policy::registerBuiltinPlugins(registry);
    const experiment::Experiment experiment = smallExperiment(seeds);

    const std::filesystem::path dir = std::filesystem::temp_directory_path()
        / ("orrery-bench-experiment-" + std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()));
    std::filesystem::create_directories(dir);
    experiment::ExperimentRunOptions options;
    options.jobs = 2;
    experiment::ExperimentRunner runner(experiment, registry, (dir / "bench.orrery").string(), options);
    const auto start = std::chrono::steady_clock::now();
    const experiment::ExperimentOutcome outcome = runner.run();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::filesystem::remove_all(dir);
    if (outcome.status != experiment::ExperimentOutcome::Status::Completed) {
        std::fprintf(stderr, "experiment did not complete: %s\n",
                     outcome.failures.empty() ? outcome.storeError.c_str() : outcome.failures[0].message.c_str());
        return 1;
    }
    std::printf("small_runs %.4g runs/min\n", static_cast<double>(outcome.completed) / seconds * 60.0);
    return 0;
}
