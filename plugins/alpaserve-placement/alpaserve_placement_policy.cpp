#include "alpaserve_placement_policy.h"

#include <cmath>
#include <limits>

namespace orrery::plugins {

AlpaservePlacementPolicy::AlpaservePlacementPolicy(const policy::PolicyContext& context)
    : m_searches(context.params.getString("partitions") == "search")
    , m_minDurationSeconds(context.params.getDouble("searchSeconds"))
    , m_minSamples(static_cast<double>(context.params.getInt("searchRequests")))
    , m_useRecorded(context.params.getString("searchWorkload") == "recorded")
    , m_rng(context.rng)
{
    m_settings.beamSize = static_cast<std::uint32_t>(context.params.getInt("beamSize"));
    if (!m_rng)
        m_ownRng.emplace(0, "alpaserve-placement");
}

std::optional<policy::ServingPlan> AlpaservePlacementPolicy::planServing(const policy::ServingPlanRequest& request,
                                                                       const policy::ClusterView& cluster)
{
    (void)cluster;
    if (!m_searches || request.devices.empty())
        return std::nullopt;
    sim::RngStream& rng = m_rng ? *m_rng : *m_ownRng;
    const std::vector<SampledRequest> workload = sampleWorkload(request, m_minDurationSeconds, m_minSamples, m_useRecorded, rng);
    const PartitionSearchResult result = searchPartitions(request, workload, m_settings);
    m_planned.clear();
    const std::uint32_t stages = result.placement.stages;
    for (std::uint32_t m = 0; m < request.models.size(); ++m) {
        auto& replicas = m_planned[request.models[m].model];
        for (const std::uint32_t group : result.groupsOf[m]) {
            std::vector<std::uint32_t> nodes;
            for (std::uint32_t k = 0; k < stages; ++k)
                nodes.push_back(request.devices[group * stages + k].node);
            replicas.push_back(std::move(nodes));
        }
    }
    return planOf(result, request);
}

std::optional<std::uint32_t> AlpaservePlacementPolicy::plannedNode(const policy::PendingUnit& unit, const policy::ClusterView& cluster)
{
    const auto it = m_planned.find(unit.service);
    if (it == m_planned.end())
        return std::nullopt;
    const double replica = ServingLedger::feature(unit, "replicaIndex", -1), stage = ServingLedger::feature(unit, "stage", 0);
    if (replica < 0 || replica >= static_cast<double>(it->second.size()))
        return std::nullopt;
    const auto& nodes = it->second[static_cast<std::size_t>(replica)];
    if (stage < 0 || stage >= static_cast<double>(nodes.size()))
        return std::nullopt;
    const std::uint32_t node = nodes[static_cast<std::size_t>(stage)];
    if (node >= cluster.nodeCount() || !m_ledger.admits(cluster, node, unit))
        return std::nullopt;
    return node;
}

policy::PlacementDecision AlpaservePlacementPolicy::place(const policy::PendingUnit& unit, const policy::ClusterView& cluster)
{
    if (const std::optional<std::uint32_t> node = plannedNode(unit, cluster)) {
        m_ledger.add(*node, unit);
        return policy::PlacementDecision::onNode(*node);
    }
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
