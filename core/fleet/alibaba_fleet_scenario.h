#pragma once
#include "fleet/alibaba_gpu_node.h"
#include "fleet/alibaba_gpu_pod.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace orrery::fleet {

//! Nodes of one shape (GPU model, GPUs, CPU, memory): one node pool of the imported cluster.
struct FleetPool {
    std::string name;               //!< e.g. v100m32-8gpu-96cpu-768gi
    std::string gpuModel;
    int gpuCount = 0;
    std::int64_t cpuMillicores = 0;
    std::int64_t memoryMib = 0;
    int nodeCount = 0;
    double pricePerHour = 0;        //!< gpuCount × the instance type's price per GPU-hour
};

//! What `orrery import alibaba-gpu` was asked for, written into the scenario's comments.
struct FleetScenarioOptions {
    std::string nodesFile;          //!< as named in the comments (a path relative to resources/)
    std::string podsFile;
    std::size_t totalNodes = 0;     //!< nodes in the node list
    std::uint64_t seed = 1;         //!< the sample's seed, also the scenario's spec.seed
    bool sampled = false;           //!< true when a seeded sample of the nodes was taken
};

//! `count` nodes drawn without replacement (partial Fisher–Yates over the RNG stream
//! (seed, "alibaba-gpu-sample")), in the node list's order. Throws std::invalid_argument when
//! count is 0 or more than the list holds.
[[nodiscard]] std::vector<AlibabaGpuNode> sampleAlibabaNodes(const std::vector<AlibabaGpuNode>& nodes, std::size_t count,
                                                             std::uint64_t seed);

//! One pool per (GPU model, GPUs, CPU, memory), sorted by price per hour then name, priced from
//! the instance types. Throws std::invalid_argument for a node without GPUs or whose GPU model
//! has no instance type (naming the node).
[[nodiscard]] std::vector<FleetPool> poolsByShape(const std::vector<AlibabaGpuNode>& nodes);

//! The scenario text: YAML comments naming the source files and summarising the pods, the
//! pools, and the pods as `BatchJobs` workloads, one per whole-GPU count (Poisson arrivals at
//! the trace's mean rate, median request, log-normal lifetimes fitted to the trace). GPU-sharing
//! pods (gpu_milli < 1000) are workloads asking a share of one GPU, one per gpu_milli of at least
//! 50 pods and one for the rarer values at their median; a class whose median request fits no pool
//! is left out and named in comments (docs/fleet.md, "The importer").
[[nodiscard]] std::string writeAlibabaFleetScenario(const std::vector<FleetPool>& pools, const std::vector<AlibabaGpuPod>& pods,
                                                    const FleetScenarioOptions& options);

} // namespace orrery::fleet
