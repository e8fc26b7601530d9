// Descriptor and entry point of the kube plugin.
#include "orrery_plugin_kube.h"

#include "kube_policy.h"
#include "policy/plugin_export.h"

namespace {

constexpr OrreryParamSpec kParams[] = {
    {
        .name = "percentageOfNodesToScore",
        .type = ORRERY_PARAM_INT,
        .defaultValue = "0",
        .minValue = 0,
        .maxValue = 100,
        .choices = nullptr,
        .help = "Percentage of the nodes to find feasible before scoring stops the search (at least 100 nodes; "
                "all nodes below 100). 0: kube-scheduler's adaptive default, max(5, 50 - nodes/125) %.",
    },
    {
        .name = "leastAllocatedWeight",
        .type = ORRERY_PARAM_INT,
        .defaultValue = "1",
        .minValue = 0,
        .maxValue = 100,
        .choices = nullptr,
        .help = "Weight of NodeResourcesFit (LeastAllocated): favours nodes with more free CPU and memory.",
    },
    {
        .name = "balancedAllocationWeight",
        .type = ORRERY_PARAM_INT,
        .defaultValue = "1",
        .minValue = 0,
        .maxValue = 100,
        .choices = nullptr,
        .help = "Weight of NodeResourcesBalancedAllocation: favours nodes whose CPU and memory fractions stay "
                "close. At least one of the two weights must be positive.",
    },
    {
        .name = "deviceWeight",
        .type = ORRERY_PARAM_INT,
        .defaultValue = "0",
        .minValue = 0,
        .maxValue = 100,
        .choices = nullptr,
        .help = "Weight of each accelerator kind a node has in LeastAllocated (CPU and memory weigh 1); when "
                "positive, accelerators also enter BalancedAllocation. 0: kube's default, CPU and memory only.",
    },
};

constexpr OrreryPluginDescriptor kDescriptor{
    .abiVersion = ORRERY_PLUGIN_ABI_VERSION,
    .structSize = sizeof(OrreryPluginDescriptor),
    .id = "kube",
    .displayName = "Kubernetes default scheduler",
    .version = "1.0.0",
    .compatVersion = "1.0",
    .description = "Filters the nodes a unit fits on (resources, device model), scores them with kube-scheduler's "
                   "LeastAllocated and BalancedAllocation plugins and takes the highest score (seed 000 §II-A).",
    .kinds = ORRERY_KIND_PLACEMENT,
    .params = kParams,
    .paramCount = sizeof kParams / sizeof kParams[0],
    .createPlacement = &orrery::policy::createPlacementOf<orrery::plugins::KubePolicy>,
    .destroyPlacement = &orrery::policy::destroyPlacement,
    .trainPlacement = nullptr,
};

} // namespace

const OrreryPluginDescriptor* orrery_kube_descriptor()
{
    return &kDescriptor;
}

ORRERY_PLUGIN_ENTRY(orrery_kube_descriptor);
