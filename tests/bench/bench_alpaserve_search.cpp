// bench_alpaserve_search: AlpaServe's partition search (plugins/alpaserve-placement) on the μ-Serve
// study's shape — the 15 models of seed 001 Table 6.1 on 8 V100s, each model at 0.35 of a device
// — as the wall time of one search, and its placement simulator's replayed requests per second.
// The search runs once per run, before the first replica is placed (docs/reproduction.md,
// "AlpaServe's partition search").
#include "kinds/model_serving/gpu_device_profile.h"
#include "kinds/model_serving/serving_model_catalog.h"
#include "partition_search.h"
#include "placement_simulator.h"
#include "sim/rng_stream.h"

#include <chrono>
#include <cstdio>

using namespace orrery;

int main()
{
    policy::ServingPlanRequest request;
    const auto& v100 = *kinds::model_serving::findGpuProfile("V100");
    for (std::uint32_t d = 0; d < 8; ++d)
        request.devices.push_back({d, v100.memoryBytes});
    for (const auto& model : kinds::model_serving::builtInServingModels()) {
        policy::ServedModelDemand demand;
        demand.model = model.name;
        demand.requestRate = 0.35 / model.latencySeconds;
        demand.arrivalCv = 3; // bursty, as AlpaServe's synthetic workloads
        demand.sloSeconds = 1.5 * model.latencySeconds;
        for (std::uint32_t s = 1; s <= 8; ++s)
            demand.options.push_back({s, model.memoryBytes / s, model.latencySeconds / s, model.latencySeconds + (s - 1) * 1.5e-4});
        request.models.push_back(std::move(demand));
    }
    sim::RngStream rng(0, "bench");
    const auto workload = plugins::sampleWorkload(request, 100, 30000, false, rng);

    const auto start = std::chrono::steady_clock::now();
    const plugins::PartitionSearchResult result = plugins::searchPartitions(request, workload, {});
    const double searchSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("alpaserve_search_15_models_8_devices %.3f s (chose %u stages, %u replicas, goodput %.4f on %zu sampled requests)\n",
                searchSeconds, result.placement.stages, result.score.replicas, result.score.goodput, workload.size());

    const int repeats = 200;
    const auto simStart = std::chrono::steady_clock::now();
    double sink = 0;
    for (int i = 0; i < repeats; ++i)
        sink += plugins::simulatePlacement(result.placement, request, workload).goodput;
    const double simSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - simStart).count();
    std::printf("alpaserve_placement_simulation %.3g requests/s (%.3g)\n", repeats * static_cast<double>(workload.size()) / simSeconds, sink / repeats);
    return 0;
}
