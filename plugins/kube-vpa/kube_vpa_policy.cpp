#include "kube_vpa_policy.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace orrery::plugins {
namespace {

using policy::ControlResource;

// VPA's histogram shapes (model/aggregations_config.go): CPU 0.01 cores to 1000 cores, memory
// 10 MB to 1 TB, buckets 5 % wider each.
constexpr double kCpuFirstBucket = 0.01;
constexpr double kCpuMax = 1000.0;
constexpr double kMemoryFirstBucket = 1e7;
constexpr double kMemoryMax = 1e12;
constexpr double kBucketRatio = 1.05;
// CPU samples weigh their container's request, at least this much (minSampleWeight).
constexpr double kMinSampleWeight = 0.1;

} // namespace

KubeVpaPolicy::KubeVpaPolicy(const policy::PolicyContext& context)
    : m_targetPercentile(context.params.getDouble("targetPercentile"))
    , m_lowerPercentile(context.params.getDouble("lowerBoundPercentile"))
    , m_upperPercentile(context.params.getDouble("upperBoundPercentile"))
    , m_safetyMargin(context.params.getDouble("safetyMargin"))
    , m_halfLife(context.params.getDuration("halfLife"))
    , m_memoryInterval(context.params.getDuration("memoryAggregationInterval"))
    , m_minCpuCores(context.params.getDouble("minCpu"))
    , m_minMemoryBytes(context.params.getDouble("minMemory"))
    , m_controlCpu(context.params.getBool("controlCpu"))
    , m_controlMemory(context.params.getBool("controlMemory"))
    , m_confidenceScaling(context.params.getBool("confidenceScaling"))
    , m_updateThreshold(context.params.getDouble("updateThreshold"))
    , m_minLifetime(context.params.getDuration("minLifetime"))
{
}

void KubeVpaPolicy::record(TargetState& state, const policy::TargetObservation& target, sim::SimTime now) const
{
    const double cpuLimit = target.limit[policy::indexOf(ControlResource::Cpu)];
    state.cpu.addSample(target.usage[policy::indexOf(ControlResource::Cpu)], std::max(cpuLimit, kMinSampleWeight),
                        now);
    // Memory: one sample per aggregation interval, its peak (a higher peak replaces the lower).
    const double memory = target.usage[policy::indexOf(ControlResource::Memory)];
    if (state.memoryPeak < 0 || now - state.memoryWindowStart >= m_memoryInterval) {
        state.memoryWindowStart = now;
        state.memoryPeak = memory;
        state.memory.addSample(memory, 1.0, now);
    } else if (memory > state.memoryPeak) {
        state.memory.subtractSample(state.memoryPeak, 1.0, state.memoryWindowStart);
        state.memory.addSample(memory, 1.0, state.memoryWindowStart);
        state.memoryPeak = memory;
    }
    if (state.samples == 0)
        state.firstSample = now;
    state.lastSample = now;
    ++state.samples;
}

KubeVpaPolicy::Recommendation KubeVpaPolicy::recommend(const TargetState& state, ControlResource resource) const
{
    const DecayingHistogram& histogram = resource == ControlResource::Cpu ? state.cpu : state.memory;
    const double margin = 1.0 + m_safetyMargin;
    Recommendation r{histogram.percentile(m_targetPercentile) * margin,
                     histogram.percentile(m_lowerPercentile) * margin,
                     histogram.percentile(m_upperPercentile) * margin};
    if (m_confidenceScaling) {
        // estimator.go getConfidence: ~days of history at one sample per minute.
        const double days = static_cast<double>(state.lastSample - state.firstSample) / static_cast<double>(24 * sim::kHour);
        const double confidence = std::min(days, static_cast<double>(state.samples) / (60.0 * 24.0));
        if (confidence <= 0) {
            r.lowerBound = 0;
            r.upperBound = std::numeric_limits<double>::infinity();
        } else {
            r.lowerBound *= std::pow(1.0 + 0.001 / confidence, -2.0);
            r.upperBound *= 1.0 + 1.0 / confidence;
        }
    }
    const double floor = resource == ControlResource::Cpu ? m_minCpuCores : m_minMemoryBytes;
    r.target = std::max(r.target, floor);
    r.lowerBound = std::max(r.lowerBound, floor);
    r.upperBound = std::max(r.upperBound, floor);
    return r;
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
        auto it = m_targets.find(target.name);
        if (it == m_targets.end()) {
            TargetState fresh{DecayingHistogram(kCpuMax, kCpuFirstBucket, kBucketRatio, m_halfLife),
                              DecayingHistogram(kMemoryMax, kMemoryFirstBucket, kBucketRatio, m_halfLife)};
            fresh.lastUpdate = observation.time; // the pod's start, for minLifetime
            it = m_targets.emplace(target.name, std::move(fresh)).first;
        }
        TargetState& state = it->second;
        if (target.replicas <= 0)
            continue; // nothing running, nothing measured
        record(state, target, observation.time);

        // Updater (priority_calculator.go): outside the bounds, or a big enough change on a pod
        // that has lived long enough.
        bool outsideBounds = false;
        double relativeChange = 0;
        std::vector<std::pair<ControlResource, double>> proposed;
        for (const ControlResource resource : managed) {
            const double current = target.limit[policy::indexOf(resource)];
            if (current <= 0)
                continue; // unlimited: VPA would set a request, Orrery has nothing to resize
            const Recommendation r = recommend(state, resource);
            outsideBounds = outsideBounds || current < r.lowerBound || current > r.upperBound;
            relativeChange += std::abs(r.target - current) / current;
            proposed.emplace_back(resource, r.target);
        }
        const bool aged = observation.time - state.lastUpdate >= m_minLifetime;
        if (proposed.empty() || !(outsideBounds || (relativeChange > m_updateThreshold && aged)))
            continue;
        for (const auto& [resource, value] : proposed) {
            if (value != target.limit[policy::indexOf(resource)])
                actions.push_back(policy::ControlAction::setLimit(target.name, resource, value));
        }
        state.lastUpdate = observation.time;
    }
    return actions;
}

std::optional<KubeVpaPolicy::Recommendation> KubeVpaPolicy::recommendation(std::string_view target,
                                                                           ControlResource resource) const
{
    const auto it = m_targets.find(target);
    if (it == m_targets.end() || it->second.samples == 0)
        return std::nullopt;
    return recommend(it->second, resource);
}

} // namespace orrery::plugins
