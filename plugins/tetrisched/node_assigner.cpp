#include "node_assigner.h"

#include <algorithm>

namespace orrery::plugins::tetrisched {

NodeAssigner::NodeAssigner(std::vector<sim::SimTime> busyUntil)
    : m_busyUntil(std::move(busyUntil))
{
}

std::vector<std::uint32_t> NodeAssigner::take(const std::vector<std::pair<int, int>>& classCounts,
                                              const std::vector<std::vector<int>>& classNodes, sim::SimTime start,
                                              sim::SimTime duration)
{
    std::vector<std::uint32_t> chosen;
    for (const auto& [cls, count] : classCounts) {
        int found = 0;
        for (const int node : classNodes.at(static_cast<std::size_t>(cls))) {
            if (found == count)
                break;
            if (m_busyUntil[static_cast<std::size_t>(node)] <= start) {
                chosen.push_back(static_cast<std::uint32_t>(node));
                ++found;
            }
        }
        if (found < count)
            return {};
    }
    for (const std::uint32_t node : chosen)
        m_busyUntil[node] = start + duration;
    std::sort(chosen.begin(), chosen.end());
    return chosen;
}

NodeAssigner assignPlan(const strl::Plan& plan, const std::vector<std::uint64_t>& jobIds, const std::vector<std::int32_t>& jobNodes, const std::vector<sim::SimTime>& busyUntil,
                        sim::SimTime now, policy::BatchDecision& decision)
{
    NodeAssigner assigner(busyUntil);
    const std::size_t before = decision.plan.size(); // decision may hold earlier calls' placements
    std::vector<const strl::PlannedLeaf*> leaves;
    for (const strl::PlannedLeaf& leaf : plan.leaves)
        leaves.push_back(&leaf);
    std::stable_sort(leaves.begin(), leaves.end(),
                     [](const strl::PlannedLeaf* a, const strl::PlannedLeaf* b) { return a->leaf.start < b->leaf.start; });
    // A job's granted leaves (several for an availability job's sum) are merged into one placement.
    std::vector<int> placementOfJob(jobIds.size(), -1); // index into decision.plan
    for (const strl::PlannedLeaf* leaf : leaves) {
        const auto held = placementOfJob[static_cast<std::size_t>(leaf->job)];
        if (held >= 0 && static_cast<std::int32_t>(decision.plan[static_cast<std::size_t>(held)].nodes.size()) >= jobNodes[static_cast<std::size_t>(leaf->job)])
            continue;
        const std::vector<std::uint32_t> nodes = assigner.take(leaf->classCounts, plan.classNodes, leaf->leaf.start, leaf->leaf.duration);
        if (nodes.empty())
            continue;
        const auto job = static_cast<std::size_t>(leaf->job);
        int& index = placementOfJob[job];
        if (index < 0) {
            index = static_cast<int>(decision.plan.size());
            decision.plan.push_back({jobIds[job], nodes, leaf->leaf.start, leaf->leaf.duration});
        } else {
            auto& placement = decision.plan[static_cast<std::size_t>(index)];
            placement.nodes.insert(placement.nodes.end(), nodes.begin(), nodes.end());
            placement.duration = std::max(placement.duration, leaf->leaf.duration);
        }
    }
    for (std::size_t p = before; p < decision.plan.size(); ++p) {
        policy::PlannedPlacement& placement = decision.plan[p];
        std::sort(placement.nodes.begin(), placement.nodes.end());
        if (placement.start == now)
            decision.startNow.push_back({placement.job, placement.nodes});
    }
    return assigner;
}

} // namespace orrery::plugins::tetrisched
