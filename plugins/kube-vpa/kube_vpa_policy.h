#pragma once
#include "autoscaling/vpa_recommendation.h"
#include "autoscaling/vpa_recommender.h"
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
//! memory. Recommender (orrery::autoscaling::VpaRecommender, shared with hpa-vpa and aware): CPU usage
//! samples go into a decaying histogram weighted by the limit; memory keeps each aggregation
//! interval's peak. target = P90 × (1 + margin), bounds P50 / P95 with the margin and VPA's confidence multipliers (they widen while the history is short),
//! floored at the minimum resources. Updater: a target's limits are set to the recommendation
//! when a current limit lies outside [lowerBound, upperBound], or when the recommendation differs
//! by more than updateThreshold and the last change is minLifetime old. Emits SetLimit actions.
class KubeVpaPolicy : public policy::ControlPolicy {
public:
    using Recommendation = orrery::autoscaling::VpaRecommendation;

    explicit KubeVpaPolicy(const policy::PolicyContext& context);

    std::vector<policy::ControlAction> decide(const policy::Observation& observation) override;

    //! The latest recommendation for a target's CPU or memory; nullopt before any sample.
    [[nodiscard]] std::optional<Recommendation> recommendation(std::string_view target,
                                                               policy::ControlResource resource) const;

private:
    orrery::autoscaling::VpaRecommender m_recommender; //!< history and recommendation
    bool m_controlCpu;
    bool m_controlMemory;
    double m_updateThreshold;
    sim::SimTime m_minLifetime;
    bool m_updateOff; //!< updateMode off: recommend only
    std::map<std::string, sim::SimTime, std::less<>> m_lastUpdate; //!< per target: last resize, or first seen
};

} // namespace orrery::plugins
