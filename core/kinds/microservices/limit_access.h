#pragma once
#include "model/cluster.h"
#include "kinds/microservices/microservices_spec.h"
#include "policy/control_resource.h"

#include <cmath>

namespace orrery::kinds::microservices {

// InstanceLimits fields by ControlResource, in the units ControlResource documents (cores,
// bytes/s, cache ways, bytes).

[[nodiscard]] inline double limitValue(const InstanceLimits& limits, policy::ControlResource resource)
{
    switch (resource) {
    case policy::ControlResource::Cpu: return static_cast<double>(limits.millicores) / 1000.0;
    case policy::ControlResource::MemoryBandwidth: return limits.memoryBandwidthBytesPerSecond;
    case policy::ControlResource::Llc: return limits.llcWays;
    case policy::ControlResource::DiskIo: return limits.diskBytesPerSecond;
    case policy::ControlResource::Network: return limits.networkBytesPerSecond;
    case policy::ControlResource::Memory: return static_cast<double>(limits.memoryBytes);
    case policy::ControlResource::GpuFrequency: return 0.0; // containers have no GPU clock
    }
    return 0.0;
}

inline void setLimitValue(InstanceLimits& limits, policy::ControlResource resource, double value)
{
    switch (resource) {
    case policy::ControlResource::Cpu: limits.millicores = std::llround(value * 1000.0); break;
    case policy::ControlResource::MemoryBandwidth: limits.memoryBandwidthBytesPerSecond = value; break;
    case policy::ControlResource::Llc: limits.llcWays = value; break;
    case policy::ControlResource::DiskIo: limits.diskBytesPerSecond = value; break;
    case policy::ControlResource::Network: limits.networkBytesPerSecond = value; break;
    case policy::ControlResource::Memory: limits.memoryBytes = std::llround(value); break;
    case policy::ControlResource::GpuFrequency: break; // not a container limit (ActionValidator rejects it)
    }
}

//! What one node offers of `resource`.
[[nodiscard]] inline double nodeCapacity(const model::Node& node, const model::NodeContendedCapacity& contended,
                                         policy::ControlResource resource)
{
    switch (resource) {
    case policy::ControlResource::Cpu: return static_cast<double>(node.capacity.millicores) / 1000.0;
    case policy::ControlResource::MemoryBandwidth: return contended.memoryBandwidthBytesPerSecond;
    case policy::ControlResource::Llc: return contended.llcWays;
    case policy::ControlResource::DiskIo: return contended.diskBytesPerSecond;
    case policy::ControlResource::Network: return contended.networkBytesPerSecond;
    case policy::ControlResource::Memory: return static_cast<double>(node.capacity.memoryBytes);
    case policy::ControlResource::GpuFrequency: return 0.0;
    }
    return 0.0;
}

} // namespace orrery::kinds::microservices
