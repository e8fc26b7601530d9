#include "fleet/gpu_sharing_replay.h"

#include "fleet/gpu_workload_tuning.h"
#include "model/cluster.h"
#include "model/shared_gpus.h"
#include "policy/gpu_cluster_view.h"
#include "policy/gpu_fragmentation.h"
#include "sim/rng_stream.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace orrery::fleet {
namespace {

constexpr std::int64_t kBytesPerMib = 1024 * 1024;

std::string joinedSpec(const AlibabaGpuPod& pod)
{
    std::string spec;
    for (std::size_t i = 0; i < pod.gpuSpec.size(); ++i)
        spec += (i ? "|" : "") + pod.gpuSpec[i];
    return spec;
}

double nodeFragment(const policy::GpuClusterView& view, std::uint32_t node, const std::vector<policy::ExpectedPod>& workload)
{
    return policy::fragmentedGpuMilli(view.freeMillicores(node), view.gpusOf(node), view.gpuModelOf(node), workload);
}

} // namespace

model::ClusterSpec replayClusterSpec(const std::vector<AlibabaGpuNode>& nodes)
{
    model::ClusterSpec spec;
    spec.pools.reserve(nodes.size());
    for (const AlibabaGpuNode& node : nodes) {
        model::NodePoolSpec pool;
        pool.name = node.name;
        pool.count = 1;
        pool.millicores = node.cpuMillicores;
        pool.memoryBytes = node.memoryMib * kBytesPerMib;
        if (node.gpuCount > 0)
            pool.devices.push_back({model::DeviceKind::Gpu, node.gpuModel, node.gpuCount});
        spec.pools.push_back(std::move(pool));
    }
    return spec;
}

std::vector<AlibabaGpuNode> replayNodeOrder(std::vector<AlibabaGpuNode> nodes, std::uint64_t seed)
{
    std::stable_sort(nodes.begin(), nodes.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
    sim::RngStream rng(seed, "gpu-replay-node-order");
    for (std::size_t i = nodes.size(); i > 1; --i)
        std::swap(nodes[i - 1], nodes[rng.below(i)]);
    return nodes;
}

GpuReplayResult replayGpuSharing(const std::vector<AlibabaGpuNode>& nodes, const std::vector<AlibabaGpuPod>& arrivals,
                                 const std::vector<policy::ExpectedPod>& workload, policy::PlacementPolicy& policy,
                                 bool policyPlacesShares, const GpuReplayProgress& progress)
{
    model::Cluster cluster(replayClusterSpec(nodes));
    model::SharedGpus gpus(cluster);
    const policy::GpuClusterView view(gpus);
    if (policyPlacesShares)
        policy.expectWorkload(workload);

    GpuReplayResult result;
    result.capacityMilli = gpus.milliCapacity();
    result.steps.reserve(arrivals.size());
    std::vector<double> fragment(cluster.nodes().size());
    double totalFragment = 0;
    for (std::uint32_t node = 0; node < fragment.size(); ++node) {
        fragment[node] = nodeFragment(view, node, workload);
        totalFragment += fragment[node];
    }

    std::int64_t arrived = 0;
    for (std::size_t i = 0; i < arrivals.size(); ++i) {
        const AlibabaGpuPod& pod = arrivals[i];
        const model::GpuRequest request = model::GpuRequest::fromTrace(pod.gpuCount, pod.gpuMilli);
        policy::PendingUnit unit;
        unit.id = i;
        unit.workload = "alibaba-gpu";
        unit.service = pod.name;
        unit.request.millicores = pod.cpuMillicores;
        unit.request.memoryBytes = pod.memoryMib * kBytesPerMib;
        unit.request.deviceCount(model::DeviceKind::Gpu) = request.wholeGpus;
        unit.deviceModel = joinedSpec(pod);
        unit.declaredCompute = request.empty() ? model::ComputeKind::Cpu : model::ComputeKind::Gpu;
        unit.computeOptions = model::bitOf(unit.declaredCompute);
        arrived += request.milli();

        const policy::GpuPlacement placement = policyPlacesShares ? policy.placeOnGpus(unit, request, view)
                                                                  : policy.PlacementPolicy::placeOnGpus(unit, request, view);
        bool placed = false;
        if (!placement.decision.deferred) {
            const std::uint32_t node = placement.decision.node;
            placed = node < cluster.nodes().size() && gpus.fits(node, unit.request, request, unit.deviceModel) &&
                (!request.shares() || placement.gpu < 0 || gpus.fitsOn(node, placement.gpu, unit.request, request)) &&
                gpus.allocate(node, unit.request, request, placement.gpu);
            if (placed) {
                const double updated = nodeFragment(view, node, workload);
                totalFragment += updated - fragment[node];
                fragment[node] = updated;
            } else {
                ++result.refusedDecisions;
            }
        }
        if (!placed) {
            ++result.failedPods;
            result.failedMilli += request.milli();
        }
        result.steps.push_back({arrived, gpus.milliAllocated(), totalFragment, placed, result.failedPods});
        if (progress && ((i + 1) % 1000 == 0 || i + 1 == arrivals.size()) && !progress(i + 1, arrivals.size())) {
            result.cancelled = true;
            break;
        }
    }
    result.finalGpus.reserve(cluster.nodes().size());
    for (std::uint32_t node = 0; node < cluster.nodes().size(); ++node) {
        const std::span<const model::GpuShare> held = gpus.gpusOf(node);
        result.finalGpus.emplace_back(held.begin(), held.end());
    }
    return result;
}

std::vector<double> byArrivedPercent(const GpuReplayResult& result, int maxPercent,
                                     const std::function<double(const GpuReplayStep&)>& value)
{
    const auto buckets = static_cast<std::size_t>(std::max(maxPercent, 0)) + 1;
    std::vector<double> sum(buckets + 2, 0.0);
    std::vector<std::size_t> count(buckets + 2, 0);
    const double capacity = static_cast<double>(result.capacityMilli);
    for (const GpuReplayStep& step : result.steps) {
        // Python's round(): half to even, as std::nearbyint under the default rounding mode.
        const double percent = std::nearbyint(100.0 * static_cast<double>(step.arrivedMilli) / capacity);
        if (percent < 0 || percent > maxPercent + 1)
            continue;
        const auto index = static_cast<std::size_t>(percent);
        sum[index] += value(step);
        ++count[index];
    }
    std::vector<double> curve(buckets, std::numeric_limits<double>::quiet_NaN());
    for (std::size_t x = 0; x < buckets; ++x) {
        if (count[x] > 0) {
            curve[x] = sum[x] / static_cast<double>(count[x]);
            continue;
        }
        double near = 0;
        std::size_t nearCount = 0;
        for (std::size_t y = x == 0 ? 0 : x - 1; y <= x + 1; ++y) {
            near += sum[y];
            nearCount += count[y];
        }
        if (nearCount > 0)
            curve[x] = near / static_cast<double>(nearCount);
    }
    return curve;
}

} // namespace orrery::fleet
