#pragma once
#include "autoscaling/decaying_histogram.h"
#include "autoscaling/vpa_recommendation.h"
#include "autoscaling/vpa_recommender_config.h"
#include "policy/control_resource.h"
#include "policy/observation.h"
#include "sim/sim_time.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace orrery::autoscaling {

//! Kubernetes' VPA recommender per target (kubernetes/autoscaler vertical-pod-autoscaler/v1.7.1:
//! pkg/recommender/model/aggregate_container_state.go,
//! logic/recommender.go, estimator.go): CPU usage samples go into a decaying histogram weighted
//! by the limit; memory keeps each aggregation interval's peak. target = P_target × (1 + margin),
//! bounds P_lower / P_upper with the margin and, with confidenceScaling, VPA's confidence
//! multipliers; all floored at the minimum resources. No updater: callers decide when to apply.
class VpaRecommender {
public:
    explicit VpaRecommender(VpaRecommenderConfig config);

    //! Adds one period's per-instance usage of `target` at `now` (targets without running
    //! instances add nothing), and an OOM sample when the target reports OOM kills in the period
    //! (features["oomKills"] > 0; recordOom). Returns whether a sample was taken.
    bool record(const policy::TargetObservation& target, sim::SimTime now);
    //! The recommendation for a target's CPU or memory; nullopt before any sample.
    [[nodiscard]] std::optional<VpaRecommendation> recommendation(std::string_view target,
                                                                  policy::ControlResource resource) const;
    [[nodiscard]] const VpaRecommenderConfig& config() const { return m_config; }
    //! An OOM kill of `target` at `now` under `memoryLimit` (aggregate_container_state.go
    //! RecordOOM): a memory sample of max(used + oomMinBumpUp, used × oomBumpUpRatio), used =
    //! max(the limit, this interval's peak), so the next recommendation rises above the limit.
    void recordOom(std::string_view target, double memoryLimit, sim::SimTime now);

private:
    struct TargetState {
        DecayingHistogram cpu;
        DecayingHistogram memory;
        sim::SimTime firstSample = 0;
        sim::SimTime lastSample = 0;
        std::uint64_t samples = 0;
        sim::SimTime memoryWindowStart = 0;
        double memoryPeak = -1; //!< peak of the current aggregation interval; < 0 before one
    };

    [[nodiscard]] VpaRecommendation recommend(const TargetState& state, policy::ControlResource resource) const;
    TargetState& stateOf(std::string_view target);
    //! Memory keeps one sample per aggregation interval, its peak (AddMemorySample).
    static void addMemoryPeak(TargetState& state, double memory, sim::SimTime now, sim::SimTime interval);

    VpaRecommenderConfig m_config;
    std::map<std::string, TargetState, std::less<>> m_targets;
};

} // namespace orrery::autoscaling
