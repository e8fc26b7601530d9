// Descriptor and entry point of the kube-vpa plugin.
#include "orrery_plugin_kube_vpa.h"

#include "kube_vpa_policy.h"
#include "policy/plugin_export.h"

namespace {

constexpr OrreryParamSpec kParams[] = {
    {.name = "targetPercentile", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "0.9", .minValue = 0, .maxValue = 1,
     .choices = nullptr, .help = "Percentile of the usage history recommended (before the margin)."},
    {.name = "lowerBoundPercentile", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "0.5", .minValue = 0,
     .maxValue = 1, .choices = nullptr, .help = "Percentile of the lower bound."},
    {.name = "upperBoundPercentile", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "0.95", .minValue = 0,
     .maxValue = 1, .choices = nullptr, .help = "Percentile of the upper bound."},
    {.name = "safetyMargin", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "0.15", .minValue = 0, .maxValue = 10,
     .choices = nullptr, .help = "Fraction added to every estimate (--recommendation-margin-fraction)."},
    {.name = "halfLife", .type = ORRERY_PARAM_DURATION, .defaultValue = "24h", .minValue = 0,
     .maxValue = ORRERY_PARAM_UNBOUNDED, .choices = nullptr,
     .help = "Half-life of sample weights (--cpu/memory-histogram-decay-half-life); 0 disables decay."},
    {.name = "memoryAggregationInterval", .type = ORRERY_PARAM_DURATION, .defaultValue = "24h", .minValue = 0.001,
     .maxValue = ORRERY_PARAM_UNBOUNDED, .choices = nullptr,
     .help = "Memory keeps one peak per interval (--memory-aggregation-interval)."},
    {.name = "minCpu", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "0.025", .minValue = 0,
     .maxValue = ORRERY_PARAM_UNBOUNDED, .choices = nullptr,
     .help = "Smallest CPU recommendation in cores (--pod-recommendation-min-cpu-millicores 25)."},
    {.name = "minMemory", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "262144000", .minValue = 0,
     .maxValue = ORRERY_PARAM_UNBOUNDED, .choices = nullptr,
     .help = "Smallest memory recommendation in bytes (--pod-recommendation-min-memory-mb 250)."},
    {.name = "controlCpu", .type = ORRERY_PARAM_BOOL, .defaultValue = "true", .minValue = 0, .maxValue = 0,
     .choices = nullptr, .help = "Resize CPU limits."},
    {.name = "controlMemory", .type = ORRERY_PARAM_BOOL, .defaultValue = "true", .minValue = 0, .maxValue = 0,
     .choices = nullptr, .help = "Resize memory limits."},
    {.name = "confidenceScaling", .type = ORRERY_PARAM_BOOL, .defaultValue = "true", .minValue = 0, .maxValue = 0,
     .choices = nullptr,
     .help = "Widen the bounds while the history is short, as VPA does (confidence ~ days of history). "
             "With false, the bounds are the plain percentiles, which suits minutes-long simulations."},
    {.name = "updateThreshold", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "0.1", .minValue = 0,
     .maxValue = ORRERY_PARAM_UNBOUNDED, .choices = nullptr,
     .help = "Within the bounds, update only when the summed relative change exceeds this "
             "(--pod-update-threshold)."},
    {.name = "minLifetime", .type = ORRERY_PARAM_DURATION, .defaultValue = "12h", .minValue = 0,
     .maxValue = ORRERY_PARAM_UNBOUNDED, .choices = nullptr,
     .help = "...and the last update is at least this old (--in-recommendation-bounds-eviction-lifetime-"
             "threshold)."},
    {.name = "updateMode", .type = ORRERY_PARAM_ENUM, .defaultValue = "in-place", .minValue = 0, .maxValue = 0,
     .choices = "in-place|off",
     .help = "updatePolicy.updateMode: in-place (InPlaceOrRecreate, resizing without eviction) or off (recommend "
             "only: the recommender runs and nothing is changed)."},
    {.name = "oomBumpUpRatio", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "1.2", .minValue = 1, .maxValue = 10,
     .choices = nullptr, .help = "After an OOM kill, memory is recommended at least this many times the limit (--oom-bump-up-ratio)."},
    {.name = "oomMinBumpUp", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "104857600", .minValue = 0,
     .maxValue = ORRERY_PARAM_UNBOUNDED, .choices = nullptr,
     .help = "...and at least this many bytes above it (--oom-min-bump-up-bytes, 100 MiB)."},
};

constexpr OrreryPluginDescriptor kDescriptor{
    .abiVersion = ORRERY_PLUGIN_ABI_VERSION,
    .structSize = sizeof(OrreryPluginDescriptor),
    .id = "kube-vpa",
    .displayName = "Kubernetes VPA",
    .version = "1.1.0",
    .compatVersion = "1.2",
    .description = "Kubernetes' VerticalPodAutoscaler: CPU and memory limits from a decaying usage histogram "
                   "(P90 + 15 %), updated when outside the recommended bounds (seed 001 §5.3.4 baseline).",
    .kinds = ORRERY_KIND_CONTROL,
    .params = kParams,
    .paramCount = sizeof(kParams) / sizeof(kParams[0]),
    .createPlacement = nullptr,
    .destroyPlacement = nullptr,
    .trainPlacement = nullptr,
    .createControl = &orrery::policy::createControlOf<orrery::plugins::KubeVpaPolicy>,
    .destroyControl = &orrery::policy::destroyControl,
};

} // namespace

const OrreryPluginDescriptor* orrery_kube_vpa_descriptor()
{
    return &kDescriptor;
}

ORRERY_PLUGIN_ENTRY(orrery_kube_vpa_descriptor);
