#include "aware/multidimensional_params.h"

#include <stdexcept>
#include <string>

namespace orrery::aware {

MultidimensionalConfig multidimensionalConfigFrom(const policy::ParamSet& params)
{
    MultidimensionalConfig config;
    config.targetCpuUtilization = params.getDouble("targetCpuUtilization");
    config.tolerance = params.getDouble("tolerance");
    config.minReplicas = static_cast<std::int32_t>(params.getInt("minReplicas"));
    config.maxReplicas = static_cast<std::int32_t>(params.getInt("maxReplicas"));
    config.verticalCpu = params.getBool("verticalCpu");
    config.verticalMemory = params.getBool("verticalMemory");
    config.updateThreshold = params.getDouble("updateThreshold");
    config.minLifetime = params.getDuration("minLifetime");
    config.vpa.targetPercentile = params.getDouble("targetPercentile");
    config.vpa.safetyMargin = params.getDouble("safetyMargin");
    config.vpa.halfLife = params.getDuration("halfLife");
    config.vpa.confidenceScaling = params.getBool("confidenceScaling");
    config.vpa.minCpuCores = params.getDouble("minCpu");
    config.vpa.minMemoryBytes = params.getDouble("minMemory");
    if (config.minReplicas > config.maxReplicas)
        throw std::invalid_argument("minReplicas (" + std::to_string(config.minReplicas) + ") exceeds maxReplicas ("
                                    + std::to_string(config.maxReplicas) + ")");
    return config;
}

} // namespace orrery::aware
