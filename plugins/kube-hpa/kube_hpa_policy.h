#pragma once
#include "policy/control_policy.h"
#include "policy/control_resource.h"
#include "policy/policy_context.h"
#include "sim/sim_time.h"

#include <cstdint>
#include <deque>
#include <map>
#include <string>

namespace orrery::plugins {

//! Kubernetes' HorizontalPodAutoscaler (autoscaling/v2, resource metric with a Utilization
//! target) per target: every sync period, desired = ⌈replicas × utilization / target⌉ outside
//! the tolerance band (hpaReplicas), then the recommendation stabilised over the scale-down
//! window (the highest recommendation within it) and scale-up window (the lowest), then the
//! scale-up rate limit (the larger of +scaleUpPods and +scaleUpPercent per period), then clamped
//! to [minReplicas, maxReplicas]. Utilization is usage over the per-instance limit (Orrery's
//! containers request what they are limited to). Emits SetReplicas when the count changes.
class KubeHpaPolicy : public policy::ControlPolicy {
public:
    explicit KubeHpaPolicy(const policy::PolicyContext& context);

    std::vector<policy::ControlAction> decide(const policy::Observation& observation) override;

private:
    struct Recommendation {
        sim::SimTime time;
        std::int32_t replicas;
    };
    struct ScaleEvent {
        sim::SimTime time;
        std::int32_t change; //!< replicas added (> 0) or removed (< 0)
    };
    struct TargetState {
        std::deque<Recommendation> recommendations;
        std::deque<ScaleEvent> events;
    };

    std::int32_t normalize(TargetState& state, sim::SimTime now, std::int32_t current, std::int32_t raw) const;

    policy::ControlResource m_resource;
    double m_targetUtilization;
    double m_tolerance;
    std::int32_t m_minReplicas;
    std::int32_t m_maxReplicas;
    sim::SimTime m_syncPeriod;
    sim::SimTime m_scaleDownWindow;
    sim::SimTime m_scaleUpWindow;
    std::int32_t m_scaleUpPods;
    double m_scaleUpPercent;
    sim::SimTime m_policyPeriod;
    bool m_synced = false;
    sim::SimTime m_lastSync = 0;
    std::map<std::string, TargetState> m_targets;
};

} // namespace orrery::plugins
