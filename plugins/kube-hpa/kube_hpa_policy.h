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
//! target) per target, as the Kubernetes documentation "Horizontal Pod Autoscaling" describes it
//! (kubernetes/website @ 01650250, content/en/docs/tasks/run-application/horizontal-pod-autoscale.md)
//! and kubernetes/kubernetes pkg/controller/podautoscaler computes it
//! (replica_calculator.go GetResourceReplicas, horizontal.go normalizeDesiredReplicasWithBehaviors):
//! every sync period, desired = ⌈ready × utilization / target⌉ outside the tolerance band, unready
//! pods (not yet started, or restarting after an OOM kill) counted as the controller counts them
//! (hpaReplicas); then the recommendation stabilised over the scale-down window (the highest
//! within it) and the scale-up window (the lowest); then the scaling policies of each direction
//! (Pods and Percent per period, selectPolicy Max, Min or Disabled); then clamped to
//! [minReplicas, maxReplicas]. Utilization is usage over the per-instance limit (Orrery's
//! containers request what they are limited to). Emits SetReplicas when the count changes.
class KubeHpaPolicy : public policy::ControlPolicy {
public:
    explicit KubeHpaPolicy(const policy::PolicyContext& context);

    std::vector<policy::ControlAction> decide(const policy::Observation& observation) override;

    enum class Select { Max, Min, Disabled };
    //! One direction's behaviour (autoscaling/v2 HPAScalingRules); a policy with value 0 is absent.
    struct ScalingRules {
        sim::SimTime stabilization = 0;
        std::int32_t pods = 0;
        double percent = 0;
        sim::SimTime period = 15 * sim::kSecond;
        Select select = Select::Max;
    };

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
    //! calculateScaleUpLimitWithScalingRules / calculateScaleDownLimitWithBehaviors.
    std::int32_t scaleLimit(const TargetState& state, sim::SimTime now, std::int32_t current, bool up) const;

    policy::ControlResource m_resource;
    double m_targetUtilization;
    double m_tolerance;
    std::int32_t m_minReplicas;
    std::int32_t m_maxReplicas;
    sim::SimTime m_syncPeriod;
    ScalingRules m_up;
    ScalingRules m_down;
    bool m_synced = false;
    sim::SimTime m_lastSync = 0;
    std::map<std::string, TargetState> m_targets;
};

} // namespace orrery::plugins
