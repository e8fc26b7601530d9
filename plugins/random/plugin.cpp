// Descriptor and entry point of the random plugin.
#include "orrery_plugin_random.h"

#include "policy/plugin_export.h"
#include "random_policy.h"

namespace {

constexpr OrreryParamSpec kParams[] = {
    {
        .name = "maxProbes",
        .type = ORRERY_PARAM_INT,
        .defaultValue = nullptr, // no default: probe every node
        .minValue = 1,
        .maxValue = ORRERY_PARAM_UNBOUNDED,
        .choices = nullptr,
        .help = "Nodes to probe before deferring the unit (default: all nodes, so a unit is deferred only "
                "when no node fits).",
    },
    {
        .name = "exploreCompute",
        .type = ORRERY_PARAM_BOOL,
        .defaultValue = nullptr, // no default: absent means false, and run records stay as before
        .minValue = 0,
        .maxValue = 0,
        .choices = nullptr,
        .help = "Also draw the compute kind uniformly among the unit's compute options that have a feasible node "
                "(for collecting training traces that cover every kind). Default: false, always the declared kind.",
    },
};

constexpr OrreryPluginDescriptor kDescriptor{
    .abiVersion = ORRERY_PLUGIN_ABI_VERSION,
    .structSize = sizeof(OrreryPluginDescriptor),
    .id = "random",
    .displayName = "Random",
    .version = "1.2.0",
    .compatVersion = "1.6",
    .description = "Probes nodes drawn uniformly at random without replacement until one fits (seed 000 §II-A); "
                   "optionally explores the compute kinds a unit can use; on shared GPUs, a share takes a random GPU it fits.",
    .kinds = ORRERY_KIND_PLACEMENT,
    .params = kParams,
    .paramCount = sizeof kParams / sizeof kParams[0],
    .createPlacement = &orrery::policy::createPlacementOf<orrery::plugins::RandomPolicy>,
    .destroyPlacement = &orrery::policy::destroyPlacement,
    .trainPlacement = nullptr,
};

} // namespace

const OrreryPluginDescriptor* orrery_random_descriptor()
{
    return &kDescriptor;
}

ORRERY_PLUGIN_ENTRY(orrery_random_descriptor);
