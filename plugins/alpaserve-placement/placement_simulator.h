#pragma once
#include "policy/serving_plan.h"

#include <cstdint>
#include <vector>

namespace orrery::sim {
class RngStream;
}

namespace orrery::plugins {

//! One sampled request of the search's workload.
struct SampledRequest {
    double arrivalSeconds = 0;
    std::uint32_t model = 0; //!< index into ServingPlanRequest::models
};

//! The search's workload over max(minDurationSeconds, minSamples / total rate), merged in time
//! order. Per model: with `useRecorded` and recorded arrivals, those (repeated to fill the
//! duration: AlpaServe's training workload); otherwise AlpaServe's default when it is given none
//! (Li et al., OSDI '23, §4.2; alpa_serve's ModelParallelismSearch), a Gamma renewal process with
//! the model's rate and gap CV.
[[nodiscard]] std::vector<SampledRequest> sampleWorkload(const policy::ServingPlanRequest& request, double minDurationSeconds,
                                                         double minSamples, bool useRecorded, sim::RngStream& rng);

//! A candidate placement: `groups` uniform groups of `stages` consecutive devices, and the models
//! each group serves (every one split into `stages` stages, one per device of the group).
struct GroupPlacement {
    std::uint32_t stages = 1;
    std::vector<std::vector<std::uint32_t>> groupModels; //!< per group, model indices, ascending
};

//! How a candidate fared on the sampled workload.
struct PlacementScore {
    double goodput = 0;            //!< share of requests finished within their SLO (unserved models' count as missed)
    double meanLatencySeconds = 0; //!< over the requests served
    std::uint32_t replicas = 0;
    //! AlpaServe's objective: goodput, then lower mean latency, then more replicas.
    [[nodiscard]] double value() const { return goodput - meanLatencySeconds / 10000.0 + replicas / 1e6; }
};

//! Replays `workload` on `placement` as the host runs it (docs/model.md "Pipeline parallelism"):
//! a request goes to the group holding its model whose first stage frees earliest, occupies each
//! stage's device for the option's stageSeconds in FIFO order and crosses between stages in the
//! option's hand-off time.
[[nodiscard]] PlacementScore simulatePlacement(const GroupPlacement& placement, const policy::ServingPlanRequest& request,
                                               const std::vector<SampledRequest>& workload);

//! The option of `demand` with `stages` stages, or null when the host cannot run it.
[[nodiscard]] const policy::PartitionOption* optionWithStages(const policy::ServedModelDemand& demand, std::uint32_t stages);

} // namespace orrery::plugins
