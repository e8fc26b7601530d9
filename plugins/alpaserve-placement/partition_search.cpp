#include "partition_search.h"

#include <algorithm>
#include <optional>
#include <set>

namespace orrery::plugins {
namespace {

struct Candidate {
    GroupPlacement placement;
    PlacementScore score;
};

//! The beam search of Algorithm 1 for one group size.
Candidate searchGroupSize(std::uint32_t stages, const policy::ServingPlanRequest& request, const std::vector<SampledRequest>& workload,
                          const PartitionSearchSettings& settings)
{
    const auto groups = static_cast<std::uint32_t>(request.devices.size() / stages);
    std::vector<std::int64_t> budget(groups);
    for (std::uint32_t g = 0; g < groups; ++g) {
        std::int64_t least = request.devices[g * stages].memoryBytes;
        for (std::uint32_t k = 1; k < stages; ++k)
            least = std::min(least, request.devices[g * stages + k].memoryBytes);
        budget[g] = least; // every stage's device holds a stage of each of the group's models
    }
    // Groups of equal memory are interchangeable: a placement is known by its sorted groups then.
    const bool uniform = std::all_of(budget.begin(), budget.end(), [&](std::int64_t b) { return b == budget.front(); });
    const auto keyOf = [&](const GroupPlacement& p) {
        std::vector<std::vector<std::uint32_t>> key = p.groupModels;
        if (uniform)
            std::sort(key.begin(), key.end());
        return key;
    };
    Candidate best{{stages, std::vector<std::vector<std::uint32_t>>(groups)}, {}};
    best.score = simulatePlacement(best.placement, request, workload);
    std::vector<Candidate> beam{best};
    std::set<std::vector<std::vector<std::uint32_t>>> visited{keyOf(best.placement)};
    for (;;) {
        std::vector<Candidate> next;
        for (const Candidate& from : beam) {
            for (std::uint32_t g = 0; g < groups; ++g) {
                std::int64_t used = 0;
                for (const std::uint32_t m : from.placement.groupModels[g])
                    used += optionWithStages(request.models[m], stages)->stageMemoryBytes;
                for (std::uint32_t m = 0; m < request.models.size(); ++m) {
                    const policy::PartitionOption* option = optionWithStages(request.models[m], stages);
                    const auto& members = from.placement.groupModels[g];
                    if (!option || used + option->stageMemoryBytes > budget[g] || std::binary_search(members.begin(), members.end(), m))
                        continue;
                    Candidate candidate{from.placement, {}};
                    auto& into = candidate.placement.groupModels[g];
                    into.insert(std::upper_bound(into.begin(), into.end(), m), m);
                    if (!visited.insert(keyOf(candidate.placement)).second)
                        continue;
                    candidate.score = simulatePlacement(candidate.placement, request, workload);
                    next.push_back(std::move(candidate));
                }
            }
        }
        if (next.empty())
            break;
        std::stable_sort(next.begin(), next.end(), [](const Candidate& a, const Candidate& b) { return a.score.value() > b.score.value(); });
        next.resize(std::min<std::size_t>(next.size(), std::max<std::uint32_t>(1, settings.beamSize)));
        if (next.front().score.value() > best.score.value())
            best = next.front();
        beam = std::move(next);
    }
    return best;
}

} // namespace

PartitionSearchResult searchPartitions(const policy::ServingPlanRequest& request, const std::vector<SampledRequest>& workload,
                                       const PartitionSearchSettings& settings)
{
    const auto devices = static_cast<std::uint32_t>(request.devices.size());
    std::optional<Candidate> best;
    for (std::uint32_t stages = 1; stages <= devices; ++stages) {
        const bool offered = std::any_of(request.models.begin(), request.models.end(),
                                         [&](const auto& model) { return optionWithStages(model, stages) != nullptr; });
        if (devices % stages != 0 || !offered)
            continue;
        Candidate candidate = searchGroupSize(stages, request, workload, settings);
        if (!best || candidate.score.value() > best->score.value())
            best = std::move(candidate);
    }
    PartitionSearchResult result;
    result.groupsOf.assign(request.models.size(), {});
    if (!best)
        return result;
    result.placement = std::move(best->placement);
    result.score = best->score;
    for (std::uint32_t g = 0; g < result.placement.groupModels.size(); ++g) {
        for (const std::uint32_t m : result.placement.groupModels[g])
            result.groupsOf[m].push_back(g);
    }
    return result;
}

policy::ServingPlan planOf(const PartitionSearchResult& result, const policy::ServingPlanRequest& request)
{
    policy::ServingPlan plan;
    for (std::uint32_t m = 0; m < request.models.size(); ++m) {
        const auto replicas = static_cast<std::int32_t>(result.groupsOf[m].size());
        // An unserved model keeps its declared stages (any offered count would do for 0 replicas).
        const std::uint32_t stages = replicas > 0 ? result.placement.stages : request.models[m].stages;
        plan.models.push_back({stages, replicas});
    }
    return plan;
}

} // namespace orrery::plugins
