#pragma once
#include "placement_simulator.h"
#include "policy/serving_plan.h"

#include <cstdint>
#include <vector>

namespace orrery::plugins {

//! How hard the search looks (AlpaServe's defaults in alpa_serve's ModelParallelismSearch).
struct PartitionSearchSettings {
    std::uint32_t beamSize = 3;     //!< candidates kept per step of the replica search
};

//! The placement the search settled on, with its score on the sampled workload.
struct PartitionSearchResult {
    GroupPlacement placement;
    PlacementScore score;
    //! Per model, the groups that serve it in order: replica r runs on group groupsOf[m][r],
    //! stage k on the group's k-th device (ServingPlanRequest::devices[group × stages + k]).
    std::vector<std::vector<std::uint32_t>> groupsOf;
};

//! AlpaServe's placement algorithm (Li et al., OSDI '23, §4.2, Algorithms 1 and 2), with pipeline
//! stages as the only parallel configuration the host runs: for every group size S that divides
//! the devices (and that some model can be split into), the devices form uniform groups of S
//! consecutive ones, and a beam search adds one (model, group) pair at a time — the one whose
//! simulated score on `workload` is best — while memory allows; the best placement over all
//! group sizes wins (ties: the smaller S, then the first found).
[[nodiscard]] PartitionSearchResult searchPartitions(const policy::ServingPlanRequest& request, const std::vector<SampledRequest>& workload,
                                                     const PartitionSearchSettings& settings);

//! The plan a search result means for the host: each model's stages and replica count.
[[nodiscard]] policy::ServingPlan planOf(const PartitionSearchResult& result, const policy::ServingPlanRequest& request);

} // namespace orrery::plugins
