#include "kube_vpa_policy.h"

#include <cmath>
#include <utility>
#include <vector>

namespace orrery::plugins {
namespace {

using policy::ControlResource;

orrery::autoscaling::VpaRecommenderConfig recommenderConfig(const policy::ParamSet& params)
{
    orrery::autoscaling::VpaRecommenderConfig config;
    config.targetPercentile = params.getDouble("targetPercentile");
    config.lowerPercentile = params.getDouble("lowerBoundPercentile");
    config.upperPercentile = params.getDouble("upperBoundPercentile");
    config.safetyMargin = params.getDouble("safetyMargin");
    config.halfLife = params.getDuration("halfLife");
    config.memoryInterval = params.getDuration("memoryAggregationInterval");
    config.minCpuCores = params.getDouble("minCpu");
    config.minMemoryBytes = params.getDouble("minMemory");
    config.confidenceScaling = params.getBool("confidenceScaling");
    config.oomBumpUpRatio = params.getDouble("oomBumpUpRatio");
    config.oomMinBumpUpBytes = params.getDouble("oomMinBumpUp");
    return config;
}

} // namespace

KubeVpaPolicy::KubeVpaPolicy(const policy::PolicyContext& context)
    : m_recommender(recommenderConfig(context.params))
    , m_controlCpu(context.params.getBool("controlCpu"))
    , m_controlMemory(context.params.getBool("controlMemory"))
    , m_updateThreshold(context.params.getDouble("updateThreshold"))
    , m_minLifetime(context.params.getDuration("minLifetime"))
    , m_updateOff(context.params.getString("updateMode") == "off")
{
}

std::vector<policy::ControlAction> KubeVpaPolicy::decide(const policy::Observation& observation)
{
    std::vector<policy::ControlAction> actions;
    std::vector<ControlResource> managed;
    if (m_controlCpu)
        managed.push_back(ControlResource::Cpu);
    if (m_controlMemory)
        managed.push_back(ControlResource::Memory);

    for (const auto& target : observation.targets) {
        // The pod's start, for minLifetime.
        sim::SimTime& lastUpdate = m_lastUpdate.try_emplace(target.name, observation.time).first->second;
        if (!m_recommender.record(target, observation.time))
            continue;

        // Updater (priority_calculator.go): outside the bounds, or a big enough change on a pod
        // that has lived long enough.
        bool outsideBounds = false;
        double relativeChange = 0;
        std::vector<std::pair<ControlResource, double>> proposed;
        for (const ControlResource resource : managed) {
            const double current = target.limit[policy::indexOf(resource)];
            if (current <= 0)
                continue; // unlimited: VPA would set a request, Orrery has nothing to resize
            const Recommendation r = *m_recommender.recommendation(target.name, resource);
            outsideBounds = outsideBounds || current < r.lowerBound || current > r.upperBound;
            relativeChange += std::abs(r.target - current) / current;
            proposed.emplace_back(resource, r.target);
        }
        const bool aged = observation.time - lastUpdate >= m_minLifetime;
        if (m_updateOff || proposed.empty() || !(outsideBounds || (relativeChange > m_updateThreshold && aged)))
            continue;
        for (const auto& [resource, value] : proposed) {
            if (value != target.limit[policy::indexOf(resource)])
                actions.push_back(policy::ControlAction::setLimit(target.name, resource, value));
        }
        lastUpdate = observation.time;
    }
    return actions;
}

std::optional<KubeVpaPolicy::Recommendation> KubeVpaPolicy::recommendation(std::string_view target,
                                                                           ControlResource resource) const
{
    return m_recommender.recommendation(target, resource);
}

} // namespace orrery::plugins
