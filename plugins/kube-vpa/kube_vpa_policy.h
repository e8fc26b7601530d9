#pragma once
#include "decaying_histogram.h"
#include "policy/control_policy.h"
#include "policy/control_resource.h"
#include "policy/policy_context.h"
#include "sim/sim_time.h"

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace orrery::plugins {

//! Kubernetes' VerticalPodAutoscaler (recommender + updater, in-place) per target, for CPU and
//! memory. Recommender: CPU usage samples go into a decaying histogram weighted by the limit;
//! memory keeps each aggregation interval's peak. target = P90 × (1 + margin), bounds P50 / P95
//! with the margin and VPA's confidence multipliers (they widen while the history is short),
//! floored at the minimum resources. Updater: a target's limits are set to the recommendation
//! when a current limit lies outside [lowerBound, upperBound], or when the recommendation differs
//! by more than updateThreshold and the last change is minLifetime old. Emits SetLimit actions.
class KubeVpaPolicy : public policy::ControlPolicy {
public:
    struct Recommendation {
        double target = 0;
        double lowerBound = 0;
        double upperBound = 0;
    };

    explicit KubeVpaPolicy(const policy::PolicyContext& context);

    std::vector<policy::ControlAction> decide(const policy::Observation& observation) override;

    //! The latest recommendation for a target's CPU or memory; nullopt before any sample.
    [[nodiscard]] std::optional<Recommendation> recommendation(std::string_view target,
                                                               policy::ControlResource resource) const;

private:
    struct TargetState {
        DecayingHistogram cpu;
        DecayingHistogram memory;
        sim::SimTime firstSample = 0;
        sim::SimTime lastSample = 0;
        std::uint64_t samples = 0;
        sim::SimTime memoryWindowStart = 0;
        double memoryPeak = -1; //!< peak of the current aggregation interval; < 0 before one
        sim::SimTime lastUpdate = 0;
    };

    [[nodiscard]] Recommendation recommend(const TargetState& state, policy::ControlResource resource) const;
    void record(TargetState& state, const policy::TargetObservation& target, sim::SimTime now) const;

    double m_targetPercentile;
    double m_lowerPercentile;
    double m_upperPercentile;
    double m_safetyMargin;
    sim::SimTime m_halfLife;
    sim::SimTime m_memoryInterval;
    double m_minCpuCores;
    double m_minMemoryBytes;
    bool m_controlCpu;
    bool m_controlMemory;
    bool m_confidenceScaling;
    double m_updateThreshold;
    sim::SimTime m_minLifetime;
    std::map<std::string, TargetState, std::less<>> m_targets;
};

} // namespace orrery::plugins
