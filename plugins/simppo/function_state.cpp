#include "function_state.h"

#include <algorithm>
#include <cmath>

namespace orrery::plugins::simppo {

namespace {
constexpr double kMinShares = 128, kMaxShares = 2048;
constexpr double kMinMemory = 128.0 * (1 << 20), kMaxMemory = 2048.0 * (1 << 20);

double normalised(double value, double low, double high)
{
    return std::clamp((value - low) / (high - low), 0.0, 1.0);
}
} // namespace

double cpuUtilization(const policy::TargetObservation& target)
{
    const double limit = target.limit[policy::indexOf(policy::ControlResource::Cpu)];
    return limit > 0 ? std::clamp(target.usage[policy::indexOf(policy::ControlResource::Cpu)] / limit, 0.0, 1.0) : 0.0;
}

double memoryUtilization(const policy::TargetObservation& target)
{
    const double limit = target.limit[policy::indexOf(policy::ControlResource::Memory)];
    return limit > 0 ? std::clamp(target.usage[policy::indexOf(policy::ControlResource::Memory)] / limit, 0.0, 1.0) : 0.0;
}

LocalState localState(const policy::TargetObservation& target)
{
    LocalState state{};
    state[kSp] = static_cast<float>(std::clamp(target.sloMaintenance, 0.0, 1.0));
    state[kRuCpu] = static_cast<float>(cpuUtilization(target));
    state[kRuMem] = static_cast<float>(memoryUtilization(target));
    const double peak = std::max(target.arrivalRate, target.previousArrivalRate);
    state[kAc] = static_cast<float>(peak > 0 ? (target.arrivalRate - target.previousArrivalRate) / peak : 0.0);
    const double shares = target.limit[policy::indexOf(policy::ControlResource::Cpu)] * 1024.0;
    state[kRltCpu] = static_cast<float>(normalised(shares, kMinShares, kMaxShares));
    state[kRltMem] = static_cast<float>(normalised(target.limit[policy::indexOf(policy::ControlResource::Memory)], kMinMemory, kMaxMemory));
    const double containers = std::max(0, target.replicas + target.pendingReplicas);
    state[kNc] = static_cast<float>(std::log1p(containers) / std::log1p(1000.0));
    return state;
}

} // namespace orrery::plugins::simppo
