// Descriptor and entry point of the static-limits plugin.
#include "orrery_plugin_static_limits.h"

#include "static_limits_policy.h"
#include "policy/plugin_export.h"

namespace {

constexpr OrreryParamSpec kParams[] = {
    {.name = "share", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "0.25", .minValue = 0.01, .maxValue = 1,
     .choices = nullptr, .help = "Every container's CPU limit as a share of its worker's cores."},
};

constexpr OrreryPluginDescriptor kDescriptor{
    .abiVersion = ORRERY_PLUGIN_ABI_VERSION,
    .structSize = sizeof(OrreryPluginDescriptor),
    .id = "static-limits",
    .displayName = "Static limits",
    .version = "1.0.0",
    .compatVersion = "1.2",
    .description = "Fixed CPU limits (a share of the worker) for kind: training-jobs, spread placement.",
    .kinds = ORRERY_KIND_CONTROL,
    .params = kParams,
    .paramCount = sizeof(kParams) / sizeof(kParams[0]),
    .createPlacement = nullptr,
    .destroyPlacement = nullptr,
    .trainPlacement = nullptr,
    .createControl = &orrery::policy::createControlOf<orrery::plugins::StaticLimitsPolicy>,
    .destroyControl = &orrery::policy::destroyControl,
};

} // namespace

const OrreryPluginDescriptor* orrery_static_limits_descriptor()
{
    return &kDescriptor;
}

ORRERY_PLUGIN_ENTRY(orrery_static_limits_descriptor);
