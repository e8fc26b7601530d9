// bench_fleet_import: reading the Alibaba 2023 GPU trace (issue 17: "the whole pod list loads in
// < 1 s") and turning it into a scenario. Prints "<figure> <value> <unit>" lines (docs/architecture.md §11);
// each figure is the best of 5 runs.
#include "fleet/alibaba_fleet_scenario.h"
#include "fleet/alibaba_gpu_node.h"
#include "fleet/alibaba_gpu_pod.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>

using namespace orrery::fleet;

namespace {

template <typename Work> double bestSeconds(Work work)
{
    double best = 1e300;
    for (int run = 0; run < 5; ++run) {
        const auto start = std::chrono::steady_clock::now();
        work();
        best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    return best;
}

} // namespace

int main()
{
    const std::filesystem::path data = std::filesystem::path(ORRERY_SOURCE_DIR) / "resources/data/alibaba-gpu-2023";
    std::size_t podCount = 0;
    std::size_t nodeCount = 0;
    const double pods = bestSeconds([&] { podCount = readAlibabaGpuPods(data / "openb_pod_list_default.csv").size(); });
    const double nodes = bestSeconds([&] { nodeCount = readAlibabaGpuNodes(data / "openb_node_list_gpu_node.csv").size(); });
    std::printf("fleet_pod_list_%zu_rows %.3f ms\n", podCount, pods * 1e3);
    std::printf("fleet_pod_rows %.3g rows/s\n", static_cast<double>(podCount) / pods);
    std::printf("fleet_node_list_%zu_rows %.3f ms\n", nodeCount, nodes * 1e3);
    std::printf("fleet_node_rows %.3g rows/s\n", static_cast<double>(nodeCount) / nodes);

    const auto allNodes = readAlibabaGpuNodes(data / "openb_node_list_gpu_node.csv");
    const auto allPods = readAlibabaGpuPods(data / "openb_pod_list_default.csv");
    std::size_t bytes = 0;
    const double scenario = bestSeconds([&] {
        FleetScenarioOptions options;
        options.nodesFile = "nodes.csv";
        options.podsFile = "pods.csv";
        options.totalNodes = allNodes.size();
        options.sampled = true;
        bytes = writeAlibabaFleetScenario(poolsByShape(sampleAlibabaNodes(allNodes, 1000, 1)), allPods, options).size();
    });
    std::printf("fleet_scenario_1000_nodes %.3f ms\n", scenario * 1e3);
    std::printf("fleet_import_total %.3f ms\n", (pods + nodes + scenario) * 1e3);
    return bytes > 0 ? 0 : 1;
}
