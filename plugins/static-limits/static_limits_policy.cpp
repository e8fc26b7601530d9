#include "static_limits_policy.h"

#include <cmath>
#include <limits>

namespace orrery::plugins {

StaticLimitsPolicy::StaticLimitsPolicy(const policy::PolicyContext& context)
    : m_share(context.params.getDouble("share"))
{
}

std::vector<policy::ControlAction> StaticLimitsPolicy::decide(const policy::Observation& observation)
{
    std::map<std::string, std::size_t> counts;
    std::vector<policy::ControlAction> actions;
    for (const policy::TargetObservation& target : observation.targets) {
        ++counts[target.node];
        const double limit = m_share * target.nodeCores;
        if (std::abs(target.limit[policy::indexOf(policy::ControlResource::Cpu)] - limit) > 1e-9)
            actions.push_back(policy::ControlAction::setLimit(target.name, policy::ControlResource::Cpu, limit));
    }
    if (observation.period > 0) {
        m_containers = std::move(counts);
    } else {
        for (const auto& [node, count] : counts)
            m_containers[node] = count;
    }
    return actions;
}

policy::PlacementDecision StaticLimitsPolicy::place(const policy::PendingUnit& /*unit*/, const policy::ClusterView& cluster)
{
    std::int64_t best = -1;
    std::size_t fewest = std::numeric_limits<std::size_t>::max();
    for (std::uint32_t n = 0; n < cluster.nodeCount(); ++n) {
        const auto it = m_containers.find(cluster.node(n).name);
        const std::size_t count = it == m_containers.end() ? 0 : it->second;
        if (count < fewest) {
            fewest = count;
            best = n;
        }
    }
    if (best < 0)
        return policy::PlacementDecision::defer();
    ++m_containers[cluster.node(static_cast<std::uint32_t>(best)).name];
    return policy::PlacementDecision::onNode(static_cast<std::uint32_t>(best));
}

} // namespace orrery::plugins
