// Descriptor and entry point of the utilization-dvfs plugin.
#include "orrery_plugin_utilization_dvfs.h"

#include "policy/plugin_export.h"
#include "utilization_dvfs_policy.h"

namespace {

constexpr OrreryParamSpec kParams[] = {
    {.name = "upThreshold", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "0.8", .minValue = 0.01, .maxValue = 1,
     .choices = nullptr,
     .help = "Busy share above which the clock jumps to the maximum (Linux ondemand's up_threshold, default 80 %)."},
    {.name = "samplingDownFactor", .type = ORRERY_PARAM_INT, .defaultValue = "1", .minValue = 1, .maxValue = 100000,
     .choices = nullptr,
     .help = "Periods a device stays at the maximum after a jump before it may scale down (ondemand's "
             "sampling_down_factor, default 1: re-evaluated the next period)."},
};

constexpr OrreryPluginDescriptor kDescriptor{
    .abiVersion = ORRERY_PLUGIN_ABI_VERSION,
    .structSize = sizeof(OrreryPluginDescriptor),
    .id = "utilization-dvfs",
    .displayName = "Utilisation DVFS governor",
    .version = "1.0.0",
    .compatVersion = "1.4",
    .description = "Baseline GPU frequency governor after Linux's ondemand: busy above up_threshold jumps to the "
                   "maximum clock, otherwise the clock is proportional to the busy share; issue 16's "
                   "utilisation-based DVFS baseline.",
    .kinds = ORRERY_KIND_CONTROL,
    .params = kParams,
    .paramCount = sizeof(kParams) / sizeof(kParams[0]),
    .createPlacement = nullptr,
    .destroyPlacement = nullptr,
    .trainPlacement = nullptr,
    .createControl = &orrery::policy::createControlOf<orrery::plugins::UtilizationDvfsPolicy>,
    .destroyControl = &orrery::policy::destroyControl,
    .trainControl = nullptr,
    .createBatchPlacement = nullptr,
    .destroyBatchPlacement = nullptr,
    .createQueue = nullptr,
    .destroyQueue = nullptr,
};

} // namespace

const OrreryPluginDescriptor* orrery_utilization_dvfs_descriptor()
{
    return &kDescriptor;
}

ORRERY_PLUGIN_ENTRY(orrery_utilization_dvfs_descriptor);
