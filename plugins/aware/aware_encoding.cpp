#include "aware_encoding.h"

#include <algorithm>
#include <cmath>

namespace orrery::plugins::aware {
namespace {

using policy::ControlResource;

constexpr double kLoadChangeLog2Bound = 2.0; //!< as FIRM's WC_t: log2 ratio clipped to ±2

float feature(double value)
{
    return std::isfinite(value) ? static_cast<float>(std::clamp(value, -1.0, 1.0)) : 0.0f;
}

double utilization(const policy::TargetObservation& target, ControlResource resource)
{
    const std::size_t i = policy::indexOf(resource);
    return target.limit[i] > 0 ? std::clamp(target.usage[i] / target.limit[i], 0.0, 1.0) : 0.0;
}

double loadChange(const policy::TargetObservation& target)
{
    const double now = std::max(target.arrivalRate, 0.0);
    const double before = std::max(target.previousArrivalRate, 0.0);
    if (before <= 0.0)
        return now <= 0.0 ? 0.0 : 1.0;
    if (now <= 0.0)
        return -1.0;
    return std::clamp(std::log2(now / before), -kLoadChangeLog2Bound, kLoadChangeLog2Bound) / kLoadChangeLog2Bound;
}

} // namespace

double encodeLimit(double limit, double base, const ActionScale& scale)
{
    if (limit <= 0 || base <= 0)
        return 0.0;
    const double ratio = limit / base;
    const double a = ratio >= 1.0 ? std::log(ratio) / std::log(scale.maxFraction)
                                  : -std::log(ratio) / std::log(scale.minFraction);
    return std::clamp(a, -1.0, 1.0);
}

double decodeLimit(double action, double base, const ActionScale& scale)
{
    const double a = std::clamp(action, -1.0, 1.0);
    return a >= 0 ? base * std::pow(scale.maxFraction, a) : base * std::pow(scale.minFraction, -a);
}

double encodeReplicas(std::int32_t replicas, const ActionScale& scale)
{
    if (scale.maxReplicas <= scale.minReplicas)
        return 0.0;
    const double span = static_cast<double>(scale.maxReplicas - scale.minReplicas);
    return std::clamp(2.0 * static_cast<double>(replicas - scale.minReplicas) / span - 1.0, -1.0, 1.0);
}

std::int32_t decodeReplicas(double action, const ActionScale& scale)
{
    const double a = std::clamp(action, -1.0, 1.0);
    const double span = static_cast<double>(scale.maxReplicas - scale.minReplicas);
    return scale.minReplicas + static_cast<std::int32_t>(std::lround((a + 1.0) / 2.0 * span));
}

AwareState awareState(const policy::TargetObservation& target, const policy::PerControlResource<double>& base,
                      const ActionScale& scale)
{
    const std::size_t cpu = policy::indexOf(ControlResource::Cpu);
    const std::size_t memory = policy::indexOf(ControlResource::Memory);
    return {feature(encodeLimit(target.limit[cpu], base[cpu], scale)),
            feature(encodeLimit(target.limit[memory], base[memory], scale)),
            feature(utilization(target, ControlResource::Cpu)),
            feature(utilization(target, ControlResource::Memory)),
            feature(utilization(target, ControlResource::DiskIo)),
            feature(utilization(target, ControlResource::Network)),
            feature(target.sloMaintenance),
            feature(loadChange(target)),
            feature(encodeReplicas(target.replicas + target.pendingReplicas, scale))};
}

AwareAction encodeConfiguration(const policy::TargetObservation& target, const policy::PerControlResource<double>& base,
                                std::span<const policy::ControlAction> actions, const ActionScale& scale)
{
    const std::size_t cpu = policy::indexOf(ControlResource::Cpu);
    const std::size_t memory = policy::indexOf(ControlResource::Memory);
    std::int32_t replicas = target.replicas + target.pendingReplicas;
    double cpuLimit = target.limit[cpu];
    double memoryLimit = target.limit[memory];
    for (const policy::ControlAction& action : actions) {
        if (action.target != target.name)
            continue;
        if (action.kind == policy::ControlAction::Kind::SetReplicas)
            replicas = static_cast<std::int32_t>(action.value);
        else if (action.resource == ControlResource::Cpu)
            cpuLimit = action.value;
        else if (action.resource == ControlResource::Memory)
            memoryLimit = action.value;
    }
    return {feature(encodeReplicas(replicas, scale)), feature(encodeLimit(cpuLimit, base[cpu], scale)),
            feature(encodeLimit(memoryLimit, base[memory], scale))};
}

std::vector<float> executedAction(const policy::TargetObservation& next, const policy::PerControlResource<double>& base,
                                  std::span<const float> requested, const ActionScale& scale)
{
    std::vector<float> executed(requested.begin(), requested.end());
    if (executed.size() < kActionDim)
        return executed;
    const AwareAction configuration = encodeConfiguration(next, base, {}, scale);
    executed[0] = configuration[0]; // replicas, with those still starting
    const ControlResource resources[] = {ControlResource::Cpu, ControlResource::Memory};
    for (std::size_t k = 0; k < 2; ++k) {
        const std::size_t i = policy::indexOf(resources[k]);
        if (base[i] > 0 && next.limit[i] > 0)
            executed[k + 1] = configuration[k + 1];
    }
    return executed;
}

std::vector<policy::ControlAction> decodeAction(const policy::TargetObservation& target,
                                                const policy::PerControlResource<double>& base,
                                                std::span<const float> action, const ActionScale& scale,
                                                double minRelativeChange)
{
    std::vector<policy::ControlAction> actions;
    const std::int32_t replicas = decodeReplicas(action[0], scale);
    if (replicas != target.replicas + target.pendingReplicas)
        actions.push_back(policy::ControlAction::setReplicas(target.name, replicas));
    const ControlResource resources[] = {ControlResource::Cpu, ControlResource::Memory};
    for (std::size_t k = 0; k < 2; ++k) {
        const std::size_t i = policy::indexOf(resources[k]);
        if (base[i] <= 0)
            continue; // unlimited: nothing to scale around
        const double limit = decodeLimit(action[k + 1], base[i], scale);
        const double current = target.limit[i];
        if (current > 0 && std::abs(limit - current) < minRelativeChange * current)
            continue;
        actions.push_back(policy::ControlAction::setLimit(target.name, resources[k], limit));
    }
    return actions;
}

} // namespace orrery::plugins::aware
