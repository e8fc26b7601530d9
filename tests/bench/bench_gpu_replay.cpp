// bench_gpu_replay: one replay of the Alibaba 2023 openb pod list (8,152 pods tuned to 1.3 × the
// GPU capacity, about 10,800 pods) on its 1,213 GPU nodes, per policy (issue 35: "one replay with
// FGD in under 1 s"; docs/performance.md, "GPU sharing replay"). Prints "<figure> <value> <unit>"
// lines (docs/performance.md); each figure is the best of 3 replays with seed 42.
// Usage: bench_gpu_replay [policy …] (default: all six of the FGD paper).
#include "fleet/gpu_replay_study.h"
#include "fleet/typical_gpu_pods.h"
#include "orrery_builtin_plugins.h"
#include "policy/plugin_descriptor_check.h"
#include "policy/plugin_registry.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>

using namespace orrery;

int main(int argc, char** argv)
{
    const std::filesystem::path data = std::filesystem::path(ORRERY_SOURCE_DIR) / "resources/data/alibaba-gpu-2023";
    const auto nodes = fleet::replayNodeOrder(fleet::readAlibabaGpuNodes(data / "openb_node_list_gpu_node.csv"), 42);
    const auto pods = fleet::readAlibabaGpuPods(data / "openb_pod_list_default.csv");
    std::int64_t capacity = 0;
    for (const auto& node : nodes)
        capacity += 1000 * node.gpuCount;
    const auto arrivals = fleet::tunedGpuArrivals(pods, capacity, {1.3, true, 42});
    const auto workload = fleet::typicalGpuPods(pods);

    policy::PluginRegistry registry;
    policy::registerBuiltinPlugins(registry);
    std::vector<std::string> policies{"random", "dot-product", "gpu-clustering", "gpu-packing", "best-fit", "fgd"};
    if (argc > 1)
        policies.assign(argv + 1, argv + argc);
    for (const std::string& id : policies) {
        double best = 1e300;
        double allocation = 0;
        for (int run = 0; run < 3; ++run) {
            sim::RngStream rng(42, "policy:" + id);
            policy::PolicyContext context;
            context.rng = &rng;
            model::PolicyChoice choice;
            choice.plugin = id;
            const auto policy = registry.createPlacement(choice, context);
            const bool shares = policy::writtenForMinor(registry.find(id)->compatVersion, 6);
            const auto start = std::chrono::steady_clock::now();
            const auto result = fleet::replayGpuSharing(nodes, arrivals, workload, *policy, shares);
            best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
            allocation = 100.0 * static_cast<double>(result.steps.back().allocatedMilli) / static_cast<double>(capacity);
        }
        std::printf("gpu_replay_%zu_pods_%zu_nodes.%s %.3f s\n", arrivals.size(), nodes.size(), id.c_str(), best);
        std::printf("gpu_replay_pods_per_second.%s %.3g pods/s\n", id.c_str(), static_cast<double>(arrivals.size()) / best);
        std::printf("gpu_replay_final_allocation.%s %.2f %%\n", id.c_str(), allocation);
    }
    return 0;
}
