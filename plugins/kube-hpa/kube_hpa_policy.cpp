#include "kube_hpa_policy.h"

#include "aware/hpa_replica_calculator.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace orrery::plugins {

KubeHpaPolicy::KubeHpaPolicy(const policy::PolicyContext& context)
    : m_resource(policy::controlResourceFromString(context.params.getString("resource")).value())
    , m_targetUtilization(context.params.getDouble("targetUtilization"))
    , m_tolerance(context.params.getDouble("tolerance"))
    , m_minReplicas(static_cast<std::int32_t>(context.params.getInt("minReplicas")))
    , m_maxReplicas(static_cast<std::int32_t>(context.params.getInt("maxReplicas")))
    , m_syncPeriod(context.params.getDuration("syncPeriod"))
    , m_scaleDownWindow(context.params.getDuration("scaleDownStabilization"))
    , m_scaleUpWindow(context.params.getDuration("scaleUpStabilization"))
    , m_scaleUpPods(static_cast<std::int32_t>(context.params.getInt("scaleUpPods")))
    , m_scaleUpPercent(context.params.getDouble("scaleUpPercent"))
    , m_policyPeriod(context.params.getDuration("scalingPolicyPeriod"))
{
    if (m_minReplicas > m_maxReplicas)
        throw std::invalid_argument("minReplicas (" + std::to_string(m_minReplicas) + ") exceeds maxReplicas ("
                                    + std::to_string(m_maxReplicas) + ")");
}

std::vector<policy::ControlAction> KubeHpaPolicy::decide(const policy::Observation& observation)
{
    std::vector<policy::ControlAction> actions;
    // The HPA controller runs every sync period (--horizontal-pod-autoscaler-sync-period, 15 s).
    if (m_synced && observation.time - m_lastSync < m_syncPeriod)
        return actions;
    m_synced = true;
    m_lastSync = observation.time;

    for (const auto& target : observation.targets) {
        const std::int32_t current = target.replicas + target.pendingReplicas;
        const double limit = target.limit[policy::indexOf(m_resource)];
        // Scaled to zero, or no limit to measure utilization against: k8s does not scale either.
        if (current <= 0 || limit <= 0)
            continue;
        const double utilization = target.usage[policy::indexOf(m_resource)] / limit;
        const std::int32_t raw
            = orrery::aware::hpaReplicas(target.replicas, target.pendingReplicas, utilization, m_targetUtilization,
                                         m_tolerance);
        TargetState& state = m_targets[target.name];
        const std::int32_t desired = normalize(state, observation.time, current, raw);
        if (desired != current) {
            state.events.push_back({observation.time, desired - current});
            actions.push_back(policy::ControlAction::setReplicas(target.name, desired));
        }
    }
    return actions;
}

std::int32_t KubeHpaPolicy::normalize(TargetState& state, sim::SimTime now, std::int32_t current,
                                      std::int32_t raw) const
{
    // Stabilization (stabilizeRecommendationWithBehaviors): over the windows, scale up no further
    // than the lowest recommendation and down no further than the highest.
    std::int32_t up = raw;
    std::int32_t down = raw;
    for (const auto& past : state.recommendations) {
        if (past.time > now - m_scaleUpWindow)
            up = std::min(up, past.replicas);
        if (past.time > now - m_scaleDownWindow)
            down = std::max(down, past.replicas);
    }
    state.recommendations.push_back({now, raw});
    const sim::SimTime keep = std::max(m_scaleUpWindow, m_scaleDownWindow);
    while (!state.recommendations.empty() && state.recommendations.front().time <= now - keep)
        state.recommendations.pop_front();
    std::int32_t stabilized = std::max(current, up);
    stabilized = std::min(stabilized, down);

    // Rate limit (convertDesiredReplicasWithBehaviorRate), default policies with selectPolicy Max:
    // within any period, grow to at most max(start + pods, start × (1 + percent/100)); scale-down
    // is unlimited (100 % per period).
    while (!state.events.empty() && state.events.front().time <= now - m_policyPeriod)
        state.events.pop_front();
    std::int32_t desired = stabilized;
    if (stabilized > current) {
        std::int32_t added = 0;
        for (const auto& event : state.events)
            added += std::max(event.change, 0);
        const std::int32_t periodStart = current - added;
        const auto byPercent
            = static_cast<std::int32_t>(std::ceil(periodStart * (1.0 + m_scaleUpPercent / 100.0)));
        desired = std::min(desired, std::max(periodStart + m_scaleUpPods, byPercent));
    }
    return std::clamp(desired, m_minReplicas, m_maxReplicas);
}

} // namespace orrery::plugins
