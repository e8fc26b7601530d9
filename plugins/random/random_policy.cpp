#include "random_policy.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <utility>

namespace orrery::plugins {
namespace {

sim::RngStream& requireRng(const policy::PolicyContext& context)
{
    if (context.rng == nullptr)
        throw std::invalid_argument("the random policy needs a random stream (PolicyContext::rng is null)");
    return *context.rng;
}

} // namespace

RandomPolicy::RandomPolicy(const policy::PolicyContext& context)
    : m_rng(requireRng(context))
    , m_maxProbes(context.params.contains("maxProbes") ? context.params.getInt("maxProbes") : 0)
    , m_exploreCompute(context.params.contains("exploreCompute") && context.params.getBool("exploreCompute"))
{
}

std::optional<std::uint32_t> RandomPolicy::probe(const model::Resources& request, const std::string& deviceModel,
                                                 const policy::ClusterView& cluster)
{
    return probe(cluster.nodeCount(), [&](std::uint32_t node) { return cluster.fits(node, request, deviceModel); });
}

std::optional<std::uint32_t> RandomPolicy::probe(std::uint32_t count, const std::function<bool(std::uint32_t)>& fits)
{
    if (m_order.size() != count) {
        m_order.resize(count);
        std::iota(m_order.begin(), m_order.end(), 0u);
    }
    const std::uint32_t probes = m_maxProbes > 0
        ? static_cast<std::uint32_t>(std::min<std::int64_t>(m_maxProbes, count))
        : count;
    for (std::uint32_t i = 0; i < probes; ++i) {
        // Draw uniformly among the nodes not yet probed for this unit (positions i..count-1).
        const auto pick = i + static_cast<std::uint32_t>(m_rng.below(count - i));
        std::swap(m_order[i], m_order[pick]);
        if (fits(m_order[i]))
            return m_order[i];
    }
    return std::nullopt;
}

std::optional<model::ComputeKind> RandomPolicy::drawComputeKind(const policy::PendingUnit& unit,
                                                                const policy::ClusterView& cluster)
{
    static const std::string kAnyModel;
    const model::ComputeKindSet options = unit.computeOptions | model::bitOf(unit.declaredCompute);
    model::ComputeKindSet unchecked = options;
    model::ComputeKindSet feasible = 0;
    // One pass over the nodes, stopping once every option has a feasible node.
    for (std::uint32_t node = 0; node < cluster.nodeCount() && unchecked != 0; ++node) {
        for (int i = 0; i < model::kComputeKindCount; ++i) {
            const auto kind = static_cast<model::ComputeKind>(i);
            if (!model::contains(unchecked, kind))
                continue;
            const bool declared = kind == unit.declaredCompute;
            if (cluster.fits(node, declared ? unit.request : model::requestOn(unit.request, kind),
                             declared ? unit.deviceModel : kAnyModel)) {
                feasible |= model::bitOf(kind);
                unchecked = static_cast<model::ComputeKindSet>(unchecked & ~model::bitOf(kind));
            }
        }
    }
    int count = 0;
    for (int i = 0; i < model::kComputeKindCount; ++i)
        count += model::contains(feasible, static_cast<model::ComputeKind>(i)) ? 1 : 0;
    if (count == 0)
        return std::nullopt;
    auto nth = static_cast<int>(m_rng.below(static_cast<std::uint64_t>(count)));
    for (int i = 0; i < model::kComputeKindCount; ++i) {
        if (model::contains(feasible, static_cast<model::ComputeKind>(i)) && nth-- == 0)
            return static_cast<model::ComputeKind>(i);
    }
    return std::nullopt;
}

policy::PlacementDecision RandomPolicy::place(const policy::PendingUnit& unit, const policy::ClusterView& cluster)
{
    const model::ComputeKindSet options = unit.computeOptions | model::bitOf(unit.declaredCompute);
    if (!m_exploreCompute || options == model::bitOf(unit.declaredCompute)) {
        if (const auto node = probe(unit.request, unit.deviceModel, cluster))
            return policy::PlacementDecision::onNode(*node);
        return policy::PlacementDecision::defer();
    }
    const auto kind = drawComputeKind(unit, cluster);
    if (!kind)
        return policy::PlacementDecision::defer();
    static const std::string kAnyModel;
    const bool declared = *kind == unit.declaredCompute;
    if (const auto node = probe(declared ? unit.request : model::requestOn(unit.request, *kind),
                                declared ? unit.deviceModel : kAnyModel, cluster))
        return policy::PlacementDecision::onNode(*node, *kind);
    return policy::PlacementDecision::defer();
}

policy::GpuPlacement RandomPolicy::placeOnGpus(const policy::PendingUnit& unit, const model::GpuRequest& gpus,
                                               const policy::GpuClusterView& cluster)
{
    const auto node = probe(cluster.nodeCount(), [&](std::uint32_t id) { return cluster.fits(id, unit, gpus); });
    if (!node)
        return policy::GpuPlacement::defer();
    if (!gpus.shares())
        return {policy::PlacementDecision::onNode(*node), -1};
    // A share: a GPU drawn uniformly among those of the node it fits (Weng et al.'s Random-fit).
    std::vector<std::int32_t> roomy;
    const auto shares = cluster.gpusOf(*node);
    for (std::size_t i = 0; i < shares.size(); ++i) {
        if (cluster.fitsOn(*node, static_cast<std::int32_t>(i), unit, gpus))
            roomy.push_back(static_cast<std::int32_t>(i));
    }
    return policy::GpuPlacement::onGpu(*node, roomy[m_rng.below(roomy.size())]);
}

} // namespace orrery::plugins
