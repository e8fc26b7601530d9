#include "first_fit_policy.h"

namespace orrery::plugins {

FirstFitPolicy::FirstFitPolicy(const policy::PolicyContext& /*context: no parameters, no randomness*/)
{
}

policy::PlacementDecision FirstFitPolicy::place(const policy::PendingUnit& unit, const policy::ClusterView& cluster)
{
    const std::uint32_t count = cluster.nodeCount();
    for (std::uint32_t node = 0; node < count; ++node) {
        if (cluster.fits(node, unit.request, unit.deviceModel))
            return policy::PlacementDecision::onNode(node);
    }
    return policy::PlacementDecision::defer();
}

} // namespace orrery::plugins
