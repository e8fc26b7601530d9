#include "best_fit_policy.h"

#include <algorithm>

namespace orrery::plugins {
namespace {

// The largest node shape of the Alibaba 2023 fleet (the peer's MaxSpecCpu and MaxSpecGpu).
constexpr double kLargestCpuMilli = 128000;
constexpr double kLargestGpuMilli = 8000;

} // namespace

BestFitPolicy::BestFitPolicy(const policy::PolicyContext& /*context: no parameters, no randomness*/)
{
}

// As the peer simulator (kubernetes-scheduler-simulator at 8f3d641, pkg/simulator/plugin/
// best_fit_score.go): 100 × (1 − the mean of the CPU and GPU left after the pod), truncated.
std::int64_t BestFitPolicy::rawScore(const policy::GpuNodeState& node, std::int64_t podMillicores, const model::GpuRequest& gpus)
{
    const double left = 0.5 * static_cast<double>(node.freeMillicores - podMillicores) / kLargestCpuMilli +
        0.5 * static_cast<double>(node.freeGpuMilli() - gpus.milli()) / kLargestGpuMilli;
    return static_cast<std::int64_t>((1.0 - left) * 100.0);
}

std::optional<std::uint32_t> BestFitPolicy::bestAfterRescaling() const
{
    if (m_scores.empty())
        return std::nullopt;
    std::int64_t low = m_scores.front().second;
    std::int64_t high = low;
    for (const auto& [node, raw] : m_scores) {
        low = std::min(low, raw);
        high = std::max(high, raw);
    }
    // NormalizeScore: (s − low) × 100 / (high − low) in integers; all 0 when every score is equal.
    std::optional<std::uint32_t> best;
    std::int64_t bestScore = 0;
    for (const auto& [node, raw] : m_scores) {
        const std::int64_t value = high == low ? 0 : (raw - low) * 100 / (high - low);
        if (!best || value > bestScore) {
            best = node;
            bestScore = value;
        }
    }
    return best;
}

policy::GpuPlacement BestFitPolicy::placeOnGpus(const policy::PendingUnit& unit, const model::GpuRequest& gpus,
                                                const policy::GpuClusterView& cluster)
{
    m_scores.clear();
    (void)policy::highestScoringNode(cluster, unit, gpus, [&](std::uint32_t node, const policy::GpuNodeState& state) {
        m_scores.emplace_back(node, rawScore(state, unit.request.millicores, gpus));
        return std::int64_t{0};
    });
    const auto node = bestAfterRescaling();
    return node ? policy::GpuPlacement{policy::PlacementDecision::onNode(*node), -1} : policy::GpuPlacement::defer();
}

policy::PlacementDecision BestFitPolicy::place(const policy::PendingUnit& unit, const policy::ClusterView& cluster)
{
    const model::GpuRequest whole{unit.request.deviceCount(model::DeviceKind::Gpu), 0};
    m_scores.clear();
    (void)policy::highestScoringNode(cluster, unit, [&](std::uint32_t node, const policy::GpuNodeState& state) {
        m_scores.emplace_back(node, rawScore(state, unit.request.millicores, whole));
        return std::int64_t{0};
    });
    const auto node = bestAfterRescaling();
    return node ? policy::PlacementDecision::onNode(*node) : policy::PlacementDecision::defer();
}

} // namespace orrery::plugins
