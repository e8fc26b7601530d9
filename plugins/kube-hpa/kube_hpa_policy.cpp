#include "kube_hpa_policy.h"

#include "autoscaling/hpa_replica_calculator.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace orrery::plugins {
namespace {

KubeHpaPolicy::Select selectOf(const std::string& name)
{
    if (name == "min")
        return KubeHpaPolicy::Select::Min;
    return name == "disabled" ? KubeHpaPolicy::Select::Disabled : KubeHpaPolicy::Select::Max;
}

//! A count from the target's kind-specific features (0 when absent).
std::int32_t feature(const policy::TargetObservation& target, const char* name)
{
    const auto it = target.features.find(name);
    return it == target.features.end() ? 0 : static_cast<std::int32_t>(std::lround(it->second));
}

} // namespace

KubeHpaPolicy::KubeHpaPolicy(const policy::PolicyContext& context)
    : m_resource(policy::controlResourceFromString(context.params.getString("resource")).value())
    , m_targetUtilization(context.params.getDouble("targetUtilization"))
    , m_tolerance(context.params.getDouble("tolerance"))
    , m_minReplicas(static_cast<std::int32_t>(context.params.getInt("minReplicas")))
    , m_maxReplicas(static_cast<std::int32_t>(context.params.getInt("maxReplicas")))
    , m_syncPeriod(context.params.getDuration("syncPeriod"))
    , m_up{context.params.getDuration("scaleUpStabilization"), static_cast<std::int32_t>(context.params.getInt("scaleUpPods")),
           context.params.getDouble("scaleUpPercent"), context.params.getDuration("scalingPolicyPeriod"),
           selectOf(context.params.getString("scaleUpSelect"))}
    , m_down{context.params.getDuration("scaleDownStabilization"), static_cast<std::int32_t>(context.params.getInt("scaleDownPods")),
             context.params.getDouble("scaleDownPercent"), context.params.getDuration("scaleDownPolicyPeriod"),
             selectOf(context.params.getString("scaleDownSelect"))}
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
        // Pods restarting after an OOM kill are not ready: their (zero) usage is not a sample, and
        // they count as unready like the pods not yet started (groupPods in replica_calculator.go).
        const std::int32_t restarting = std::clamp(feature(target, policy::TargetObservation::kRestartingReplicas), 0, target.replicas);
        const std::int32_t ready = target.replicas - restarting;
        const double used = target.usage[policy::indexOf(m_resource)] * target.replicas;
        const double utilization = ready > 0 ? used / (ready * limit) : 0.0;
        const std::int32_t raw = orrery::autoscaling::hpaReplicas(ready, target.pendingReplicas + restarting, utilization,
                                                            m_targetUtilization, m_tolerance);
        TargetState& state = m_targets[target.name];
        const std::int32_t desired = normalize(state, observation.time, current, raw);
        if (desired != current) {
            state.events.push_back({observation.time, desired - current});
            actions.push_back(policy::ControlAction::setReplicas(target.name, desired));
        }
    }
    return actions;
}

std::int32_t KubeHpaPolicy::scaleLimit(const TargetState& state, sim::SimTime now, std::int32_t current, bool up) const
{
    const ScalingRules& rules = up ? m_up : m_down;
    if (rules.select == Select::Disabled)
        return current;
    // The replicas at the start of the policy's period: undo what was added and removed within it.
    std::int32_t added = 0, removed = 0;
    for (const auto& event : state.events) {
        if (event.time > now - rules.period) {
            added += std::max(event.change, 0);
            removed += std::max(-event.change, 0);
        }
    }
    const std::int32_t start = current - added + removed;
    // Max: the policy allowing the most change (the highest limit up, the lowest down).
    const bool highest = (rules.select == Select::Max) == up;
    std::int32_t result = highest ? std::numeric_limits<std::int32_t>::min() : std::numeric_limits<std::int32_t>::max();
    auto consider = [&](std::int32_t proposed) { result = highest ? std::max(result, proposed) : std::min(result, proposed); };
    if (rules.pods > 0)
        consider(up ? start + rules.pods : start - rules.pods);
    if (rules.percent > 0) {
        // Up rounds up (a small percentage must still add a pod); down truncates, as int32() does.
        consider(up ? static_cast<std::int32_t>(std::ceil(start * (1.0 + rules.percent / 100.0)))
                    : static_cast<std::int32_t>(start * (1.0 - rules.percent / 100.0)));
    }
    if (rules.pods <= 0 && rules.percent <= 0)
        return current; // no policy: no change allowed
    return result;
}

std::int32_t KubeHpaPolicy::normalize(TargetState& state, sim::SimTime now, std::int32_t current,
                                      std::int32_t raw) const
{
    // Stabilization (stabilizeRecommendationWithBehaviors): over the windows, scale up no further
    // than the lowest recommendation and down no further than the highest.
    std::int32_t up = raw;
    std::int32_t down = raw;
    for (const auto& past : state.recommendations) {
        if (past.time > now - m_up.stabilization)
            up = std::min(up, past.replicas);
        if (past.time > now - m_down.stabilization)
            down = std::max(down, past.replicas);
    }
    state.recommendations.push_back({now, raw});
    const sim::SimTime keep = std::max(m_up.stabilization, m_down.stabilization);
    while (!state.recommendations.empty() && state.recommendations.front().time <= now - keep)
        state.recommendations.pop_front();
    std::int32_t stabilized = std::max(current, up);
    stabilized = std::min(stabilized, down);

    // Scaling policies (convertDesiredReplicasWithBehaviorRate), then min/max.
    const sim::SimTime longest = std::max(m_up.period, m_down.period);
    while (!state.events.empty() && state.events.front().time <= now - longest)
        state.events.pop_front();
    if (stabilized > current) {
        const std::int32_t limit = std::max(scaleLimit(state, now, current, true), current);
        return std::clamp(std::min(stabilized, std::min(limit, m_maxReplicas)), m_minReplicas, m_maxReplicas);
    }
    if (stabilized < current) {
        const std::int32_t limit = std::min(scaleLimit(state, now, current, false), current);
        return std::clamp(std::max(stabilized, std::max(limit, m_minReplicas)), m_minReplicas, m_maxReplicas);
    }
    return std::clamp(stabilized, m_minReplicas, m_maxReplicas);
}

} // namespace orrery::plugins
