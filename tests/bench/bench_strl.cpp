// bench_strl: TetriSched cycle cost — compiling pending STRL jobs into one MILP and solving it
// with CBC. Prints "<figure> <value> <unit>" lines (docs/architecture.md §11).
#include "strl/job_generators.h"
#include "strl/strl_compiler.h"
#include "strl/strl_planner.h"

#include <chrono>
#include <cstdio>
#include <random>
#include <string>

using namespace orrery;
using namespace orrery::strl;

namespace {

struct Instance {
    ClusterState cluster;
    EquivalenceSetTable sets;
    std::vector<PendingJob> jobs;
    PlanOptions options;
};

//! `nodes` nodes on racks of 20, a quarter with a GPU, a third busy for 1–5 slices; `jobs` jobs
//! cycling through the five generated types.
Instance makeInstance(int nodes, int jobs, int windowSlots)
{
    Instance instance;
    std::mt19937 rng(42);
    const sim::SimTime slot = 10 * sim::kSecond;
    for (int i = 0; i < nodes; ++i) {
        NodeAttributes n;
        char name[32];
        std::snprintf(name, sizeof name, "n%d", i);
        n.name = name;
        n.gpus = i % 4 == 0 ? 1 : 0;
        char rack[32];
        std::snprintf(rack, sizeof rack, "r%d", i / 20);
        n.labels["rack"] = rack;
        instance.cluster.nodes.push_back(std::move(n));
        instance.cluster.busyUntil.push_back(rng() % 3 == 0 ? static_cast<sim::SimTime>(1 + rng() % 5) * slot : 0);
    }
    GeneratorContext context;
    context.slotLength = slot;
    context.windowSlots = windowSlots;
    context.racks = GeneratorContext::racksOf(instance.cluster.nodes);
    context.defineSets(instance.sets);
    for (int j = 0; j < jobs; ++j) {
        JobTypeSpec spec;
        spec.type = static_cast<JobType>(j % 5);
        spec.k = spec.type == JobType::Availability ? 3 : 1 + static_cast<int>(rng() % 8);
        spec.duration = static_cast<sim::SimTime>(1 + rng() % 4) * slot;
        spec.slowdown = 2.0;
        spec.value = 1.0 + static_cast<double>(rng() % 10);
        if (spec.type == JobType::Slo)
            spec.deadline = static_cast<sim::SimTime>(4 + rng() % 6) * slot;
        char name[32];
        std::snprintf(name, sizeof name, "j%d", j);
        instance.jobs.push_back(PendingJob{name, generateJob(spec, context)});
    }
    instance.options.slotLength = slot;
    instance.options.windowSlots = windowSlots;
    instance.options.timeLimitSeconds = 5.0; // a cycle budget; the incumbent is used after it
    return instance;
}

void measure(int nodes, int jobs, int windowSlots)
{
    const Instance instance = makeInstance(nodes, jobs, windowSlots);
    char buffer[96];
    std::snprintf(buffer, sizeof buffer, "strl_%d_jobs_%d_nodes_%d_slots", jobs, nodes, windowSlots);
    const std::string name = buffer;
    const auto started = std::chrono::steady_clock::now();
    const CompiledProgram program = compileStrl(instance.jobs, instance.sets, instance.cluster, instance.options);
    const double compileMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
    const Plan plan = planStrl(instance.jobs, instance.sets, instance.cluster, instance.options);
    std::printf("%s_compile %.3f ms\n", name.c_str(), compileMs);
    std::printf("%s_milp_columns %zu columns\n", name.c_str(), program.model.columns().size());
    std::printf("%s_milp_rows %zu rows\n", name.c_str(), program.model.rows().size());
    std::printf("%s_solve %.3f s\n", name.c_str(), plan.solveSeconds);
    std::printf("%s_value %.3f value\n", name.c_str(), plan.value);
    std::printf("%s_optimal %d bool\n", name.c_str(), plan.status == SolveStatus::Optimal ? 1 : 0);
    std::fflush(stdout);
}

} // namespace

int main()
{
    measure(20, 10, 10);
    measure(100, 50, 1);
    measure(100, 50, 10);
    measure(200, 100, 10);
    return 0;
}
