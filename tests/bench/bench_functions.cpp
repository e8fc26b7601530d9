// bench_functions: the serverless platform's hot path (core/kinds/functions). Prints
// "<figure> <value> <unit>" lines (docs/architecture.md §11).
//   functions_invocations — invocations simulated per second of wall time: 100 functions on 20
//                           invokers (8 cores, 16 GiB each), Poisson arrivals at 10/s each with
//                           execution times of 50–400 ms, 4 containers per function, contention
//                           on; 600 s simulated (≈ 600 k invocations; invokers ≈ 60 % busy).
//   functions_invocations_oversubscribed — the same at 20/s each (invokers oversubscribed ≈ 2×,
//                           so every start and finish re-divides the invoker's cores by shares).
#include "env/node_contention.h"
#include "kinds/functions/functions_platform.h"
#include "model/cluster.h"
#include "model/scenario.h"

#include <chrono>
#include <cstdio>

using namespace orrery;
using namespace orrery::kinds::functions;

namespace {

void run(const char* figure, double ratePerFunction, sim::SimTime horizon)
{
    model::Scenario scenario;
    scenario.seed = 1;
    model::NodePoolSpec pool;
    pool.name = "invokers";
    pool.count = 20;
    pool.millicores = 8000;
    pool.memoryBytes = 16LL << 30;
    scenario.cluster.pools.push_back(pool);
    FunctionsSpec spec;
    spec.name = "faas";
    for (int f = 0; f < 100; ++f) {
        FunctionSpec function;
        function.name = "fn" + std::to_string(f);
        function.profile.name = function.name;
        function.profile.medianExecution = (50 + 35 * (f % 10)) * sim::kMillisecond;
        function.profile.p99Execution = function.profile.medianExecution * 3 / 2;
        function.profile.cpuFraction = 0.3 + 0.07 * (f % 10);
        function.profile.ioFraction = 0.1;
        function.profile.memoryBytes = 128LL << 20;
        function.profile.demand = model::ResourceDemand::microservice();
        function.slo = function.profile.defaultSlo(spec.platform.isolatedOverhead());
        function.arrivals.ratePerSecond = ratePerFunction;
        function.initial.containers = 4;
        function.initial.memoryBytes = 256LL << 20;
        spec.functions.push_back(function);
    }
    model::Cluster cluster(scenario.cluster);
    auto contention = env::makeNodeContention(cluster, scenario);
    FunctionsPlatform platform(spec, scenario.seed, cluster, *contention);
    sim::Engine engine;
    platform.start(engine);
    const auto start = std::chrono::steady_clock::now();
    engine.run(horizon);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("%s %.3g invocations/s\n", figure, static_cast<double>(platform.invocationsCompleted()) / seconds);
}

} // namespace

int main()
{
    run("functions_invocations", 10.0, 600 * sim::kSecond);
    run("functions_invocations_oversubscribed", 20.0, 300 * sim::kSecond);
    return 0;
}
