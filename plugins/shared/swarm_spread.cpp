#include "shared/swarm_spread.h"

#include <limits>

namespace orrery::plugins {

void SwarmSpread::observe(const policy::Observation& observation)
{
    std::map<std::string, std::size_t> counts;
    for (const policy::TargetObservation& target : observation.targets)
        ++counts[target.node];
    if (observation.period > 0) {
        m_containers = std::move(counts); // every worker reported
    } else {
        for (const auto& [node, count] : counts)
            m_containers[node] = count; // one worker's report
    }
}

policy::PlacementDecision SwarmSpread::place(const policy::ClusterView& cluster)
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
