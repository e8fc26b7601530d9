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
{
}

policy::PlacementDecision RandomPolicy::place(const policy::PendingUnit& unit, const policy::ClusterView& cluster)
{
    const std::uint32_t count = cluster.nodeCount();
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
        if (cluster.fits(m_order[i], unit.request, unit.deviceModel))
            return policy::PlacementDecision::onNode(m_order[i]);
    }
    return policy::PlacementDecision::defer();
}

} // namespace orrery::plugins
