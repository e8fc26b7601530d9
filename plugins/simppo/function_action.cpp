#include "function_action.h"

#include <cmath>

namespace orrery::plugins::simppo {

namespace {
constexpr double kMinShares = 128, kMaxShares = 2048;
constexpr double kMinMemory = 128.0 * (1 << 20), kMaxMemory = 2048.0 * (1 << 20);
constexpr double kMemoryStep = 1.25;
constexpr int kMaxContainers = 1000;

double sharesOf(const policy::TargetObservation& target)
{
    return std::round(target.limit[policy::indexOf(policy::ControlResource::Cpu)] * 1024.0);
}

double memoryOf(const policy::TargetObservation& target)
{
    return target.limit[policy::indexOf(policy::ControlResource::Memory)];
}

int containersOf(const policy::TargetObservation& target)
{
    return target.replicas + target.pendingReplicas;
}

int containerStep(int containers)
{
    return std::max(1, (containers + 3) / 4);
}
} // namespace

bool isIllegal(FunctionAction action, const policy::TargetObservation& target)
{
    switch (action) {
    case FunctionAction::Hold:
        return false;
    case FunctionAction::CpuUp:
        return sharesOf(target) >= kMaxShares;
    case FunctionAction::CpuDown:
        return sharesOf(target) <= kMinShares;
    case FunctionAction::MemoryUp:
        return memoryOf(target) >= kMaxMemory;
    case FunctionAction::MemoryDown:
        return memoryOf(target) <= kMinMemory;
    case FunctionAction::ScaleOut:
        return containersOf(target) >= kMaxContainers;
    case FunctionAction::ScaleIn:
        return containersOf(target) <= 0;
    }
    return true;
}

std::optional<policy::ControlAction> toControlAction(FunctionAction action, const policy::TargetObservation& target)
{
    if (action == FunctionAction::Hold || isIllegal(action, target))
        return std::nullopt;
    using policy::ControlAction;
    using policy::ControlResource;
    const int containers = containersOf(target);
    switch (action) {
    case FunctionAction::CpuUp:
        return ControlAction::setLimit(target.name, ControlResource::Cpu, std::min(kMaxShares, sharesOf(target) * 2) / 1024.0);
    case FunctionAction::CpuDown:
        return ControlAction::setLimit(target.name, ControlResource::Cpu, std::max(kMinShares, std::round(sharesOf(target) / 2)) / 1024.0);
    case FunctionAction::MemoryUp:
        return ControlAction::setLimit(target.name, ControlResource::Memory,
                                       std::min(kMaxMemory, std::round(memoryOf(target) * kMemoryStep / (1 << 20)) * (1 << 20)));
    case FunctionAction::MemoryDown:
        return ControlAction::setLimit(target.name, ControlResource::Memory,
                                       std::max(kMinMemory, std::round(memoryOf(target) / kMemoryStep / (1 << 20)) * (1 << 20)));
    case FunctionAction::ScaleOut:
        return ControlAction::setReplicas(target.name, std::min(kMaxContainers, containers + containerStep(containers)));
    case FunctionAction::ScaleIn:
        return ControlAction::setReplicas(target.name, std::max(0, containers - containerStep(containers)));
    case FunctionAction::Hold:
        break;
    }
    return std::nullopt;
}

bool oscillates(FunctionAction previous, FunctionAction current)
{
    using A = FunctionAction;
    return (previous == A::CpuUp && current == A::CpuDown) || (previous == A::CpuDown && current == A::CpuUp)
        || (previous == A::MemoryUp && current == A::MemoryDown) || (previous == A::MemoryDown && current == A::MemoryUp)
        || (previous == A::ScaleOut && current == A::ScaleIn) || (previous == A::ScaleIn && current == A::ScaleOut);
}

int verticalDirection(FunctionAction action)
{
    return action == FunctionAction::CpuUp || action == FunctionAction::MemoryUp ? 1
        : action == FunctionAction::CpuDown || action == FunctionAction::MemoryDown ? -1
                                                                                    : 0;
}

int horizontalDirection(FunctionAction action)
{
    return action == FunctionAction::ScaleOut ? 1 : action == FunctionAction::ScaleIn ? -1 : 0;
}

} // namespace orrery::plugins::simppo
