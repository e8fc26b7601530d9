// Descriptor and entry point of the ensure plugin.
#include "orrery_plugin_ensure.h"

#include "ensure_policy.h"
#include "policy/plugin_export.h"

namespace {

constexpr OrreryParamSpec kParams[] = {
    {.name = "latencyThreshold", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "0.15", .minValue = 0, .maxValue = 10,
     .choices = nullptr,
     .help = "Latency degradation (p99 over the isolated p99) that triggers scaling up; seed 001 §4.5.1 uses 15 % "
             "(ENSURE) and 25 % (ENSURE-Util)."},
    {.name = "staffing", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "1", .minValue = 0, .maxValue = 10,
     .choices = nullptr, .help = "c in the container estimate R + c*sqrt(R), R = arrival rate x mean latency."},
    {.name = "calmPeriods", .type = ORRERY_PARAM_INT, .defaultValue = "3", .minValue = 1, .maxValue = 1000,
     .choices = nullptr, .help = "Control periods within the threshold before scaling in."},
};

constexpr OrreryPluginDescriptor kDescriptor{
    .abiVersion = ORRERY_PLUGIN_ABI_VERSION,
    .structSize = sizeof(OrreryPluginDescriptor),
    .id = "ensure",
    .displayName = "ENSURE",
    .version = "1.0.0",
    .compatVersion = "1.2",
    .description = "Threshold-based serverless autoscaler after ENSURE (Suresh et al. 2020), seed 001 §4.5.1's "
                   "heuristic baseline: latency degradation beyond a threshold scales cpu.shares, then containers to "
                   "R + c*sqrt(R).",
    .kinds = ORRERY_KIND_CONTROL,
    .params = kParams,
    .paramCount = sizeof(kParams) / sizeof(kParams[0]),
    .createPlacement = nullptr,
    .destroyPlacement = nullptr,
    .trainPlacement = nullptr,
    .createControl = &orrery::policy::createControlOf<orrery::plugins::EnsurePolicy>,
    .destroyControl = &orrery::policy::destroyControl,
};

} // namespace

const OrreryPluginDescriptor* orrery_ensure_descriptor()
{
    return &kDescriptor;
}

ORRERY_PLUGIN_ENTRY(orrery_ensure_descriptor);
