// Descriptor and entry point of the alpaserve-placement plugin.
#include "orrery_plugin_alpaserve_placement.h"

#include "alpaserve_placement_policy.h"
#include "policy/plugin_export.h"

namespace {

constexpr OrreryPluginDescriptor kDescriptor{
    .abiVersion = ORRERY_PLUGIN_ABI_VERSION,
    .structSize = sizeof(OrreryPluginDescriptor),
    .id = "alpaserve-placement",
    .displayName = "AlpaServe-like placement",
    .version = "1.0.0",
    .compatVersion = "1.4",
    .description = "Baseline model-replica placement after AlpaServe's greedy: each replica on the device with the "
                   "least expected load (request rate × latency of its residents) that has memory for it "
                   "(seed 001 §6.4.2's AlpaServe baselines).",
    .kinds = ORRERY_KIND_PLACEMENT,
    .params = nullptr,
    .paramCount = 0,
    .createPlacement = &orrery::policy::createPlacementOf<orrery::plugins::AlpaservePlacementPolicy>,
    .destroyPlacement = &orrery::policy::destroyPlacement,
    .trainPlacement = nullptr,
    .createControl = nullptr,
    .destroyControl = nullptr,
    .trainControl = nullptr,
    .createBatchPlacement = nullptr,
    .destroyBatchPlacement = nullptr,
    .createQueue = nullptr,
    .destroyQueue = nullptr,
};

} // namespace

const OrreryPluginDescriptor* orrery_alpaserve_placement_descriptor()
{
    return &kDescriptor;
}

ORRERY_PLUGIN_ENTRY(orrery_alpaserve_placement_descriptor);
