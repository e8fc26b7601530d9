// Descriptor and entry point of the flowcon plugin.
#include "orrery_plugin_flowcon.h"

#include "flowcon_policy.h"
#include "policy/plugin_export.h"

namespace {

constexpr OrreryParamSpec kParams[] = {
    {.name = "interval", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "10", .minValue = 0.1, .maxValue = 3600,
     .choices = nullptr, .help = "itval: seconds between runs of Alg. 1 on a worker (before back-off)."},
    {.name = "maxInterval", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "640", .minValue = 0.1, .maxValue = 86400,
     .choices = nullptr, .help = "Cap of the exponential back-off while every container is in CL (seconds)."},
    {.name = "floorFactor", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "0.5", .minValue = 0, .maxValue = 1,
     .choices = nullptr, .help = "A CL container's limit is at least floorFactor / n of the worker (Alg. 1 line 22)."},
    {.name = "relativeProgress", .type = ORRERY_PARAM_BOOL, .defaultValue = "true", .minValue = 0, .maxValue = 0,
     .choices = nullptr, .help = "Progress P relative to the container's first evaluation value (comparable across loss scales)."},
};

constexpr OrreryPluginDescriptor kDescriptor{
    .abiVersion = ORRERY_PLUGIN_ABI_VERSION,
    .structSize = sizeof(OrreryPluginDescriptor),
    .id = "flowcon",
    .displayName = "FlowCon",
    .version = "1.0.0",
    .compatVersion = "1.2",
    .description = "Elastic CPU limits for training containers by growth efficiency (seed 004 Algs. 1-3) and growth-aware "
                   "placement (Alg. 4) for kind: training-jobs.",
    .kinds = ORRERY_KIND_CONTROL,
    .params = kParams,
    .paramCount = sizeof(kParams) / sizeof(kParams[0]),
    .createPlacement = nullptr,
    .destroyPlacement = nullptr,
    .trainPlacement = nullptr,
    .createControl = &orrery::policy::createControlOf<orrery::plugins::FlowConPolicy>,
    .destroyControl = &orrery::policy::destroyControl,
};

} // namespace

const OrreryPluginDescriptor* orrery_flowcon_descriptor()
{
    return &kDescriptor;
}

ORRERY_PLUGIN_ENTRY(orrery_flowcon_descriptor);
