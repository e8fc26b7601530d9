#include "alpaserve_placement_policy.h"

#include <limits>

namespace orrery::plugins {

AlpaservePlacementPolicy::AlpaservePlacementPolicy(const policy::PolicyContext& context)
{
    (void)context;
}

policy::PlacementDecision AlpaservePlacementPolicy::place(const policy::PendingUnit& unit,
                                                           const policy::ClusterView& cluster)
{
    bool found = false;
    std::uint32_t best = 0;
    double bestLoad = std::numeric_limits<double>::infinity();
    std::int64_t bestFree = 0;
    for (std::uint32_t node = 0; node < cluster.nodeCount(); ++node) {
        if (!m_ledger.admits(cluster, node, unit))
            continue;
        const auto& device = m_ledger.device(node);
        const std::int64_t freeBytes = cluster.node(node).capacity.memoryBytes - device.memoryBytes;
        if (!found || device.load < bestLoad || (device.load == bestLoad && freeBytes > bestFree)) {
            found = true;
            best = node;
            bestLoad = device.load;
            bestFree = freeBytes;
        }
    }
    if (!found)
        return policy::PlacementDecision::defer();
    m_ledger.add(best, unit);
    return policy::PlacementDecision::onNode(best);
}

} // namespace orrery::plugins
