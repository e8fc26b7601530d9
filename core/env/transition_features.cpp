#include "env/transition_features.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>

namespace orrery::env {
namespace {

using policy::ControlResource;

double ratio(double value, double of)
{
    return of > 0 ? value / of : 0.0;
}

//! Bounded so a runaway value (a latency of minutes) cannot dominate a learner's input.
float clampFeature(double value)
{
    if (!std::isfinite(value))
        return 0.0f;
    return static_cast<float>(std::clamp(value, -1e3, 1e3));
}

} // namespace

std::array<float, TransitionFeatures::kStateDim> TransitionFeatures::state(const policy::Observation& observation)
{
    std::array<float, kStateDim> features{};
    const std::size_t cpu = policy::indexOf(ControlResource::Cpu);
    const std::size_t memory = policy::indexOf(ControlResource::Memory);
    std::array<double, kPerTarget> sum{};
    std::array<double, kPerTarget> max{};
    max.fill(-1e300);
    for (const policy::TargetObservation& target : observation.targets) {
        const double loadChange = target.previousArrivalRate > 0 ? target.arrivalRate / target.previousArrivalRate : 1.0;
        const double latencyRatio = target.sloLatencyMs > 0 ? target.p99LatencyMs / target.sloLatencyMs : 0.0;
        const std::array<double, kPerTarget> values{
            target.limit[cpu],                                // CPU limit (cores)
            target.limit[memory] / (1024.0 * 1024 * 1024),    // memory limit (GiB)
            ratio(target.usage[cpu], target.limit[cpu]),      // CPU utilisation
            ratio(target.usage[memory], target.limit[memory]),// memory utilisation
            target.sloMaintenance,                            // SLO preservation
            loadChange,                                       // observed load change
            static_cast<double>(target.replicas + target.pendingReplicas),
            latencyRatio,                                     // p99 / SLO
        };
        for (std::size_t i = 0; i < kPerTarget; ++i) {
            sum[i] += values[i];
            max[i] = std::max(max[i], values[i]);
        }
    }
    if (!observation.targets.empty()) {
        const double count = static_cast<double>(observation.targets.size());
        for (std::size_t i = 0; i < kPerTarget; ++i) {
            features[i] = clampFeature(sum[i] / count);
            features[kPerTarget + i] = clampFeature(max[i]);
        }
    }
    const double finished = static_cast<double>(observation.completedRequests + observation.droppedRequests);
    features[2 * kPerTarget] = clampFeature(observation.sloViolationRate);
    features[2 * kPerTarget + 1] = clampFeature(ratio(static_cast<double>(observation.droppedRequests), finished));
    return features;
}

std::array<float, TransitionFeatures::kActionDim> TransitionFeatures::action(const policy::Observation& before,
                                                                             std::span<const policy::ActionOutcome> outcomes)
{
    std::map<std::string, const policy::TargetObservation*> targets;
    for (const policy::TargetObservation& target : before.targets)
        targets.emplace(target.name, &target);
    double replicasAdded = 0;
    double cpuChange = 0;
    double memoryChange = 0;
    for (const policy::ActionOutcome& outcome : outcomes) {
        if (outcome.status == policy::ActionOutcome::Status::Rejected)
            continue;
        const policy::ControlAction& action = outcome.applied;
        const auto found = targets.find(action.target);
        if (found == targets.end())
            continue;
        const policy::TargetObservation& target = *found->second;
        if (action.kind == policy::ControlAction::Kind::SetReplicas) {
            replicasAdded += action.value - static_cast<double>(target.replicas + target.pendingReplicas);
        } else if (action.resource == ControlResource::Cpu || action.resource == ControlResource::Memory) {
            const double current = target.limit[policy::indexOf(action.resource)];
            const double change = current > 0 ? action.value / current - 1.0 : 0.0;
            (action.resource == ControlResource::Cpu ? cpuChange : memoryChange) += change;
        }
    }
    const double count = before.targets.empty() ? 1.0 : static_cast<double>(before.targets.size());
    return {clampFeature(replicasAdded), clampFeature(cpuChange / count), clampFeature(memoryChange / count)};
}

} // namespace orrery::env
