#include "docker_swarm_policy.h"

#include <limits>

namespace orrery::plugins {

DockerSwarmPolicy::DockerSwarmPolicy(const policy::PolicyContext& /*context*/) {}

std::vector<policy::ControlAction> DockerSwarmPolicy::decide(const policy::Observation& observation)
{
    std::map<std::string, std::size_t> counts;
    std::vector<policy::ControlAction> actions;
    for (const policy::TargetObservation& target : observation.targets) {
        ++counts[target.node];
        if (target.limit[policy::indexOf(policy::ControlResource::Cpu)] > 0.0)
            actions.push_back(policy::ControlAction::setLimit(target.name, policy::ControlResource::Cpu, target.nodeCores));
    }
    if (observation.period > 0) {
        m_containers = std::move(counts); // every worker reported
    } else {
        for (const auto& [node, count] : counts)
            m_containers[node] = count; // one worker's report
    }
    return actions;
}

policy::PlacementDecision DockerSwarmPolicy::place(const policy::PendingUnit& /*unit*/, const policy::ClusterView& cluster)
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
