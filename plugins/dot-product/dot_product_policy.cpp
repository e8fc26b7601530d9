#include "dot_product_policy.h"

namespace orrery::plugins {
namespace {

// The largest node shape of the Alibaba 2023 fleet, by which both vectors are normalised (the
// peer's MaxSpecCpu and MaxSpecGpu: kubernetes-scheduler-simulator at 8f3d641,
// pkg/simulator/plugin/plugin_utils.go).
constexpr double kLargestCpuMilli = 128000;
constexpr double kLargestGpuMilli = 8000;

} // namespace

DotProductPolicy::DotProductPolicy(const policy::PolicyContext& /*context: no parameters, no randomness*/)
{
}

std::int64_t DotProductPolicy::score(const policy::GpuNodeState& node, std::int64_t podMillicores, const model::GpuRequest& gpus)
{
    if (node.freeMillicores < podMillicores)
        return 0;
    const double cpu = static_cast<double>(node.freeMillicores) / kLargestCpuMilli * static_cast<double>(podMillicores) / kLargestCpuMilli;
    const double gpu = static_cast<double>(node.freeGpuMilli()) / kLargestGpuMilli * static_cast<double>(gpus.milli()) / kLargestGpuMilli;
    // Two dimensions: the mean product keeps the score within 0–100; the peer truncates it.
    return static_cast<std::int64_t>(100.0 * (1.0 - (cpu + gpu) / 2.0));
}

policy::GpuPlacement DotProductPolicy::placeOnGpus(const policy::PendingUnit& unit, const model::GpuRequest& gpus,
                                                   const policy::GpuClusterView& cluster)
{
    const auto node = policy::highestScoringNode(cluster, unit, gpus, [&](std::uint32_t, const policy::GpuNodeState& state) {
        return score(state, unit.request.millicores, gpus);
    });
    // Inside the node: −1, the host's best fit (the fullest GPU the share fits), as the peer's "best".
    return node ? policy::GpuPlacement{policy::PlacementDecision::onNode(*node), -1} : policy::GpuPlacement::defer();
}

policy::PlacementDecision DotProductPolicy::place(const policy::PendingUnit& unit, const policy::ClusterView& cluster)
{
    const model::GpuRequest whole{unit.request.deviceCount(model::DeviceKind::Gpu), 0};
    const auto node = policy::highestScoringNode(cluster, unit, [&](std::uint32_t, const policy::GpuNodeState& state) {
        return score(state, unit.request.millicores, whole);
    });
    return node ? policy::PlacementDecision::onNode(*node) : policy::PlacementDecision::defer();
}

} // namespace orrery::plugins
