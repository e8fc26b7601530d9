#include "mu_serve_placement_policy.h"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace orrery::plugins {

MuServePlacementPolicy::MuServePlacementPolicy(const policy::PolicyContext& context)
    : m_clusters(context.params.getDouble("clusterThreshold"))
    , m_loadCap(context.params.getDouble("loadCap"))
    , m_ct(static_cast<int>(context.params.getInt("ct")))
    , m_maxUnitsPerDevice(static_cast<int>(context.params.getInt("maxUnitsPerDevice")))
{
}

const std::vector<int>& MuServePlacementPolicy::groupsOn(std::uint32_t node)
{
    if (node >= m_groups.size())
        m_groups.resize(node + 1);
    return m_groups[node];
}

policy::PlacementDecision MuServePlacementPolicy::place(const policy::PendingUnit& unit,
                                                         const policy::ClusterView& cluster)
{
    const double sensitivity = ServingLedger::feature(unit, "sensitivityPerMhz", 0);
    const double load = ServingLedger::expectedLoad(unit);
    int& modelDevices = m_modelDevices[unit.service];
    if (m_ct > 0 && modelDevices >= m_ct)
        return policy::PlacementDecision::defer(); // Alg. 6.2 L11: no bin left for this model
    const int group = m_clusters.assign(sensitivity); // Alg. 6.1

    // Candidates are ordered by (tier, first key, second key, node index), smallest first:
    //  0 — holds only this group and stays within loadCap: by dissimilarity, then load;
    //  1 — empty: opens a device for this group;
    //  2 — holds other groups, within loadCap: Alg. 6.2's fitting score (dissimilarity), then load;
    //  3 — anything with memory, over loadCap: by load, then dissimilarity.
    using Key = std::tuple<int, double, double, std::uint32_t>;
    bool found = false;
    Key best{};
    for (std::uint32_t node = 0; node < cluster.nodeCount(); ++node) {
        if (!m_ledger.admits(cluster, node, unit))
            continue;
        const auto& device = m_ledger.device(node);
        if (m_maxUnitsPerDevice > 0 && device.units >= m_maxUnitsPerDevice)
            continue;
        const double loadAfter = device.load + load;
        Key key;
        if (device.units == 0) {
            key = {1, 0.0, 0.0, node};
        } else {
            const std::vector<int>& groups = groupsOn(node);
            const bool pure = std::all_of(groups.begin(), groups.end(), [&](int g) { return g == group; });
            const double dissimilarity = std::abs(sensitivity - ServingLedger::meanSensitivity(device));
            if (loadAfter > m_loadCap)
                key = {3, loadAfter, dissimilarity, node};
            else
                key = {pure ? 0 : 2, dissimilarity, loadAfter, node};
        }
        if (!found || key < best) {
            found = true;
            best = key;
        }
    }
    if (!found)
        return policy::PlacementDecision::defer();
    const std::uint32_t node = std::get<3>(best);
    m_ledger.add(node, unit);
    if (node >= m_groups.size())
        m_groups.resize(node + 1);
    m_groups[node].push_back(group);
    ++modelDevices;
    return policy::PlacementDecision::onNode(node);
}

} // namespace orrery::plugins
