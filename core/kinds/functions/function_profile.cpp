#include "kinds/functions/function_profile.h"

#include <algorithm>
#include <cmath>

namespace orrery::kinds::functions {

std::string_view toString(FunctionClass functionClass)
{
    switch (functionClass) {
    case FunctionClass::Cpu:
        return "cpu";
    case FunctionClass::Memory:
        return "memory";
    case FunctionClass::Io:
        return "io";
    }
    return "cpu";
}

std::optional<FunctionClass> parseFunctionClass(std::string_view text)
{
    if (text == "cpu")
        return FunctionClass::Cpu;
    if (text == "memory")
        return FunctionClass::Memory;
    if (text == "io")
        return FunctionClass::Io;
    return std::nullopt;
}

sim::SimTime FunctionProfile::defaultSlo(sim::SimTime platformOverhead) const
{
    return static_cast<sim::SimTime>(std::llround(static_cast<double>(p99Execution + platformOverhead) * 1.15));
}

double FunctionProfile::executionSigma() const
{
    constexpr double kZ99 = 2.3263478740408408; // standard normal 0.99 quantile
    if (medianExecution <= 0 || p99Execution <= medianExecution)
        return 0.0;
    return std::log(static_cast<double>(p99Execution) / static_cast<double>(medianExecution)) / kZ99;
}

model::ResourceSensitivity FunctionProfile::sensitivity() const
{
    using model::ContendedResource;
    model::ResourceSensitivity sensitivity;
    const double memoryWeight = functionClass == FunctionClass::Memory ? 1.0 : 0.5;
    sensitivity.of(ContendedResource::Cpu) = cpuFraction;
    sensitivity.of(ContendedResource::MemoryBandwidth) = std::min(1.0, memoryWeight * cpuFraction);
    sensitivity.of(ContendedResource::Llc) = std::min(1.0, 0.6 * memoryWeight * cpuFraction);
    sensitivity.of(ContendedResource::DiskIo) = ioFraction;
    sensitivity.of(ContendedResource::NetworkBandwidth) = ioFraction;
    sensitivity.of(ContendedResource::Accelerator) = 0.0;
    return sensitivity;
}

} // namespace orrery::kinds::functions
