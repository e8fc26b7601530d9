// Descriptor and entry point of the kube-hpa plugin.
#include "orrery_plugin_kube_hpa.h"

#include "kube_hpa_policy.h"
#include "policy/plugin_export.h"

namespace {

constexpr OrreryParamSpec kParams[] = {
    {.name = "targetUtilization", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "0.5", .minValue = 0.01,
     .maxValue = 10, .choices = nullptr,
     .help = "Target mean utilization of the resource, as a fraction of the per-instance limit (the "
             "HPA's averageUtilization / 100)."},
    {.name = "resource", .type = ORRERY_PARAM_ENUM, .defaultValue = "cpu", .minValue = 0, .maxValue = 0,
     .choices = "cpu|memory|memory-bandwidth|llc|disk-io|network",
     .help = "Resource whose utilization drives the scale."},
    {.name = "tolerance", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "0.1", .minValue = 0, .maxValue = 1,
     .choices = nullptr,
     .help = "No scale while |utilization/target - 1| is within this (--horizontal-pod-autoscaler-tolerance)."},
    {.name = "minReplicas", .type = ORRERY_PARAM_INT, .defaultValue = "1", .minValue = 1, .maxValue = 100000,
     .choices = nullptr, .help = "Fewest replicas per target."},
    {.name = "maxReplicas", .type = ORRERY_PARAM_INT, .defaultValue = "10", .minValue = 1, .maxValue = 100000,
     .choices = nullptr, .help = "Most replicas per target (required in Kubernetes; 10 here)."},
    {.name = "syncPeriod", .type = ORRERY_PARAM_DURATION, .defaultValue = "15s", .minValue = 0,
     .maxValue = ORRERY_PARAM_UNBOUNDED, .choices = nullptr,
     .help = "How often the controller evaluates (--horizontal-pod-autoscaler-sync-period); it acts on the "
             "first control period at least this long after the last."},
    {.name = "scaleDownStabilization", .type = ORRERY_PARAM_DURATION, .defaultValue = "300s", .minValue = 0,
     .maxValue = ORRERY_PARAM_UNBOUNDED, .choices = nullptr,
     .help = "behavior.scaleDown.stabilizationWindowSeconds: scale down only to the highest recommendation "
             "within this window."},
    {.name = "scaleUpStabilization", .type = ORRERY_PARAM_DURATION, .defaultValue = "0s", .minValue = 0,
     .maxValue = ORRERY_PARAM_UNBOUNDED, .choices = nullptr,
     .help = "behavior.scaleUp.stabilizationWindowSeconds: scale up only to the lowest recommendation within "
             "this window."},
    {.name = "scaleUpPods", .type = ORRERY_PARAM_INT, .defaultValue = "4", .minValue = 0, .maxValue = 100000,
     .choices = nullptr, .help = "Default scale-up policy: add at most this many pods per scaling period..."},
    {.name = "scaleUpPercent", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "100", .minValue = 0,
     .maxValue = 100000, .choices = nullptr,
     .help = "...or this percentage of the replicas, whichever allows more (selectPolicy Max)."},
    {.name = "scalingPolicyPeriod", .type = ORRERY_PARAM_DURATION, .defaultValue = "15s", .minValue = 1,
     .maxValue = ORRERY_PARAM_UNBOUNDED, .choices = nullptr, .help = "periodSeconds of the scale-up policies."},
    {.name = "scaleUpSelect", .type = ORRERY_PARAM_ENUM, .defaultValue = "max", .minValue = 0, .maxValue = 0,
     .choices = "max|min|disabled",
     .help = "behavior.scaleUp.selectPolicy: the policy allowing the most change (max), the least (min), or no "
             "scale-up at all (disabled)."},
    {.name = "scaleDownPods", .type = ORRERY_PARAM_INT, .defaultValue = "0", .minValue = 0, .maxValue = 100000,
     .choices = nullptr,
     .help = "A scale-down policy of type Pods: remove at most this many per period (0 = no such policy; the "
             "default behaviour has only Percent 100)."},
    {.name = "scaleDownPercent", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "100", .minValue = 0, .maxValue = 100,
     .choices = nullptr,
     .help = "The scale-down policy of type Percent: remove at most this share of the replicas per period (0 = no "
             "such policy)."},
    {.name = "scaleDownPolicyPeriod", .type = ORRERY_PARAM_DURATION, .defaultValue = "15s", .minValue = 1,
     .maxValue = ORRERY_PARAM_UNBOUNDED, .choices = nullptr, .help = "periodSeconds of the scale-down policies."},
    {.name = "scaleDownSelect", .type = ORRERY_PARAM_ENUM, .defaultValue = "max", .minValue = 0, .maxValue = 0,
     .choices = "max|min|disabled", .help = "behavior.scaleDown.selectPolicy."},
};

constexpr OrreryPluginDescriptor kDescriptor{
    .abiVersion = ORRERY_PLUGIN_ABI_VERSION,
    .structSize = sizeof(OrreryPluginDescriptor),
    .id = "kube-hpa",
    .displayName = "Kubernetes HPA",
    .version = "1.1.0",
    .compatVersion = "1.2",
    .description = "Kubernetes' HorizontalPodAutoscaler: replicas = ceil(replicas x utilization / target) outside a "
                   "tolerance, unready pods as the controller treats them, stabilization windows and scaling "
                   "policies (seed 001 §3.3.1 baseline).",
    .kinds = ORRERY_KIND_CONTROL,
    .params = kParams,
    .paramCount = sizeof(kParams) / sizeof(kParams[0]),
    .createPlacement = nullptr,
    .destroyPlacement = nullptr,
    .trainPlacement = nullptr,
    .createControl = &orrery::policy::createControlOf<orrery::plugins::KubeHpaPolicy>,
    .destroyControl = &orrery::policy::destroyControl,
};

} // namespace

const OrreryPluginDescriptor* orrery_kube_hpa_descriptor()
{
    return &kDescriptor;
}

ORRERY_PLUGIN_ENTRY(orrery_kube_hpa_descriptor);
