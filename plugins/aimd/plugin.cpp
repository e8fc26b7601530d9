// Descriptor and entry point of the aimd plugin.
#include "orrery_plugin_aimd.h"

#include "aimd_policy.h"
#include "policy/plugin_export.h"

namespace {

constexpr OrreryParamSpec kParams[] = {
    {.name = "resources", .type = ORRERY_PARAM_ENUM, .defaultValue = "cpu", .minValue = 0, .maxValue = 0,
     .choices = "cpu|all",
     .help = "Limits to adjust: CPU only, or all five partitioned resources of seed 001 Table 3.2 (CPU, "
             "memory bandwidth, LLC, disk I/O, network)."},
    {.name = "increaseStep", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "0.1", .minValue = 0.0001,
     .maxValue = 100, .choices = nullptr,
     .help = "Additive increase per violating period, as a fraction of the target's initial limit."},
    {.name = "decreaseFactor", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "0.9", .minValue = 0.01,
     .maxValue = 0.9999, .choices = nullptr, .help = "Multiplicative decrease per comfortable period."},
    {.name = "comfortFraction", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "0.8", .minValue = 0, .maxValue = 1,
     .choices = nullptr,
     .help = "Comfortable: p99 at or below this fraction of the target's SLO (targets without their own SLO "
             "are comfortable whenever they do not violate)."},
    {.name = "minFraction", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "0.1", .minValue = 0.0001,
     .maxValue = 1000, .choices = nullptr, .help = "Lowest limit, as a fraction of the initial limit."},
    {.name = "maxFraction", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "4", .minValue = 0.0001, .maxValue = 1000,
     .choices = nullptr, .help = "Highest limit, as a multiple of the initial limit."},
};

constexpr OrreryPluginDescriptor kDescriptor{
    .abiVersion = ORRERY_PLUGIN_ABI_VERSION,
    .structSize = sizeof(OrreryPluginDescriptor),
    .id = "aimd",
    .displayName = "AIMD limits",
    .version = "1.0.0",
    .compatVersion = "1.2",
    .description = "Additive increase of a target's limits while it violates its SLO, multiplicative decrease "
                   "while comfortably within it (seed 001 §3.3.1 baseline).",
    .kinds = ORRERY_KIND_CONTROL,
    .params = kParams,
    .paramCount = sizeof(kParams) / sizeof(kParams[0]),
    .createPlacement = nullptr,
    .destroyPlacement = nullptr,
    .trainPlacement = nullptr,
    .createControl = &orrery::policy::createControlOf<orrery::plugins::AimdPolicy>,
    .destroyControl = &orrery::policy::destroyControl,
};

} // namespace

const OrreryPluginDescriptor* orrery_aimd_descriptor()
{
    return &kDescriptor;
}

ORRERY_PLUGIN_ENTRY(orrery_aimd_descriptor);
