// Descriptor and entry point of the mu-serve-placement plugin.
#include "orrery_plugin_mu_serve_placement.h"

#include "mu_serve_placement_policy.h"
#include "policy/plugin_export.h"

namespace {

constexpr OrreryParamSpec kParams[] = {
    {.name = "clusterThreshold", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "0.15", .minValue = 0, .maxValue = 10,
     .choices = nullptr,
     .help = "Alg. 6.1's THRES, relative: a replica joins a sensitivity group when its sensitivityPerMhz is within "
             "this fraction of the group's average (the seed gives no value; 0.15 is ours)."},
    {.name = "loadCap", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "0.5", .minValue = 0, .maxValue = 100,
     .choices = nullptr,
     .help = "Expected busy share at the default clock (Σ requestRate × latencySeconds) up to which a device keeps "
             "taking replicas of its group before another device is opened; headroom for lowering the clock "
             "(ours: the seed delegates this to AlpaServe's simulator-guided group selection)."},
    {.name = "ct", .type = ORRERY_PARAM_INT, .defaultValue = "0", .minValue = 0, .maxValue = 1000000,
     .choices = nullptr,
     .help = "Alg. 6.2's CT: the most devices one model's replicas may occupy; further replicas are left unplaced. "
             "0: no limit (the seed sets CT empirically and gives no value)."},
    {.name = "maxUnitsPerDevice", .type = ORRERY_PARAM_INT, .defaultValue = "0", .minValue = 0, .maxValue = 1000000,
     .choices = nullptr, .help = "The most replicas one device may hold; 0: memory alone decides."},
};

constexpr OrreryPluginDescriptor kDescriptor{
    .abiVersion = ORRERY_PLUGIN_ABI_VERSION,
    .structSize = sizeof(OrreryPluginDescriptor),
    .id = "mu-serve-placement",
    .displayName = "μ-Serve sensitivity-aware placement",
    .version = "1.0.0",
    .compatVersion = "1.4",
    .description = "μ-Serve's power-aware placement: replicas grouped by GPU-frequency sensitivity (Alg. 6.1) and "
                   "placed so that each device holds one group where memory and load allow, at most CT devices per "
                   "model (Alg. 6.2; seed 001 §6.3.1–6.3.2).",
    .kinds = ORRERY_KIND_PLACEMENT,
    .params = kParams,
    .paramCount = sizeof(kParams) / sizeof(kParams[0]),
    .createPlacement = &orrery::policy::createPlacementOf<orrery::plugins::MuServePlacementPolicy>,
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

const OrreryPluginDescriptor* orrery_mu_serve_placement_descriptor()
{
    return &kDescriptor;
}

ORRERY_PLUGIN_ENTRY(orrery_mu_serve_placement_descriptor);
