#include "docker_swarm_policy.h"


namespace orrery::plugins {

DockerSwarmPolicy::DockerSwarmPolicy(const policy::PolicyContext& /*context*/) {}

std::vector<policy::ControlAction> DockerSwarmPolicy::decide(const policy::Observation& observation)
{
    m_spread.observe(observation);
    std::vector<policy::ControlAction> actions;
    for (const policy::TargetObservation& target : observation.targets) {
        if (target.limit[policy::indexOf(policy::ControlResource::Cpu)] > 0.0)
            actions.push_back(policy::ControlAction::setLimit(target.name, policy::ControlResource::Cpu, target.nodeCores));
    }
    return actions;
}

policy::PlacementDecision DockerSwarmPolicy::place(const policy::PendingUnit& /*unit*/, const policy::ClusterView& cluster)
{
    return m_spread.place(cluster);
}

} // namespace orrery::plugins
