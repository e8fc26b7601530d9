#include "static_limits_policy.h"

#include <cmath>

namespace orrery::plugins {

StaticLimitsPolicy::StaticLimitsPolicy(const policy::PolicyContext& context)
    : m_share(context.params.getDouble("share"))
{
}

std::vector<policy::ControlAction> StaticLimitsPolicy::decide(const policy::Observation& observation)
{
    m_spread.observe(observation);
    std::vector<policy::ControlAction> actions;
    for (const policy::TargetObservation& target : observation.targets) {
        const double limit = m_share * target.nodeCores;
        if (std::abs(target.limit[policy::indexOf(policy::ControlResource::Cpu)] - limit) > 1e-9)
            actions.push_back(policy::ControlAction::setLimit(target.name, policy::ControlResource::Cpu, limit));
    }
    return actions;
}

policy::PlacementDecision StaticLimitsPolicy::place(const policy::PendingUnit& /*unit*/, const policy::ClusterView& cluster)
{
    return m_spread.place(cluster);
}

} // namespace orrery::plugins
