#include "ensure_policy.h"

#include <algorithm>
#include <cmath>

namespace orrery::plugins {

EnsureParams EnsureParams::from(const policy::ParamSet& params)
{
    EnsureParams p;
    p.latencyThreshold = params.getDouble("latencyThreshold");
    p.staffing = params.getDouble("staffing");
    p.calmPeriods = static_cast<int>(params.getInt("calmPeriods"));
    return p;
}

EnsurePolicy::EnsurePolicy(const policy::PolicyContext& context)
    : m_params(EnsureParams::from(context.params))
{
}

int EnsurePolicy::containersFor(double ratePerSecond, double latencyMs, double staffing)
{
    if (ratePerSecond <= 0)
        return 0;
    const double load = ratePerSecond * latencyMs / 1000.0;
    return std::max(1, static_cast<int>(std::ceil(load + staffing * std::sqrt(load))));
}

std::vector<policy::ControlAction> EnsurePolicy::decide(const policy::Observation& observation)
{
    using policy::ControlAction;
    using policy::ControlResource;
    std::vector<ControlAction> actions;
    for (const policy::TargetObservation& target : observation.targets) {
        if (target.sloLatencyMs <= 0)
            continue;
        const double isolatedP99 = target.sloLatencyMs / 1.15;
        const double degradation = target.p99LatencyMs > 0 ? target.p99LatencyMs / isolatedP99 - 1.0 : 0.0;
        const int containers = target.replicas + target.pendingReplicas;
        const int needed = containersFor(target.arrivalRate, std::max(target.p50LatencyMs, 1.0), m_params.staffing);
        const double shares = std::round(target.limit[policy::indexOf(ControlResource::Cpu)] * 1024.0);
        if (degradation > m_params.latencyThreshold) {
            m_calm[target.name] = 0;
            if (shares > 0 && shares < 2048)
                actions.push_back(ControlAction::setLimit(target.name, ControlResource::Cpu, std::min(2048.0, shares * 2) / 1024.0));
            else if (needed > containers)
                actions.push_back(ControlAction::setReplicas(target.name, needed));
            else
                actions.push_back(ControlAction::setReplicas(target.name, containers + 1));
        } else if (++m_calm[target.name] >= m_params.calmPeriods && needed < containers) {
            actions.push_back(ControlAction::setReplicas(target.name, std::max(needed, containers - std::max(1, containers / 4))));
        } else if (needed > containers) {
            actions.push_back(ControlAction::setReplicas(target.name, needed));
        }
    }
    return actions;
}

} // namespace orrery::plugins
