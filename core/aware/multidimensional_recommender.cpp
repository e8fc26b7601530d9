#include "aware/multidimensional_recommender.h"

#include "autoscaling/hpa_replica_calculator.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace orrery::aware {

using policy::ControlAction;
using policy::ControlResource;

MultidimensionalRecommender::MultidimensionalRecommender(MultidimensionalConfig config)
    : m_config(config), m_vpa(config.vpa)
{
}

std::vector<ControlAction> MultidimensionalRecommender::recommend(const policy::Observation& observation)
{
    std::vector<ControlAction> actions;
    std::vector<ControlResource> managed;
    if (m_config.verticalCpu)
        managed.push_back(ControlResource::Cpu);
    if (m_config.verticalMemory)
        managed.push_back(ControlResource::Memory);
    const std::size_t cpu = policy::indexOf(ControlResource::Cpu);

    for (const policy::TargetObservation& target : observation.targets) {
        sim::SimTime& lastResize = m_lastResize.try_emplace(target.name, observation.time).first->second;
        if (!m_vpa.record(target, observation.time))
            continue; // nothing running: neither HPA nor VPA acts on a target scaled to zero

        // 1. Vertical: VPA's updater rule.
        double cpuLimit = target.limit[cpu];
        bool outsideBounds = false;
        double relativeChange = 0;
        std::vector<std::pair<ControlResource, double>> proposed;
        for (const ControlResource resource : managed) {
            const double current = target.limit[policy::indexOf(resource)];
            if (current <= 0)
                continue; // unlimited: nothing to resize
            const autoscaling::VpaRecommendation r = *m_vpa.recommendation(target.name, resource);
            outsideBounds = outsideBounds || current < r.lowerBound || current > r.upperBound;
            relativeChange += std::abs(r.target - current) / current;
            proposed.emplace_back(resource, r.target);
        }
        const bool aged = observation.time - lastResize >= m_config.minLifetime;
        if (!proposed.empty() && (outsideBounds || (relativeChange > m_config.updateThreshold && aged))) {
            for (const auto& [resource, value] : proposed) {
                if (value == target.limit[policy::indexOf(resource)])
                    continue;
                actions.push_back(ControlAction::setLimit(target.name, resource, value));
                if (resource == ControlResource::Cpu)
                    cpuLimit = value;
            }
            lastResize = observation.time;
        }

        // 2. Horizontal: HPA's formula on CPU utilization against the limit in force after step 1.
        const std::int32_t current = target.replicas + target.pendingReplicas;
        if (cpuLimit <= 0)
            continue; // no limit to measure utilization against: k8s does not scale either
        const double utilization = target.usage[cpu] / cpuLimit;
        const std::int32_t raw = autoscaling::hpaReplicas(target.replicas, target.pendingReplicas, utilization,
                                             m_config.targetCpuUtilization, m_config.tolerance);
        const std::int32_t desired = std::clamp(raw, m_config.minReplicas, m_config.maxReplicas);
        if (desired != current)
            actions.push_back(ControlAction::setReplicas(target.name, desired));
    }
    return actions;
}

} // namespace orrery::aware
