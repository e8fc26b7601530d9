// Descriptor and entry point of the alpaserve-placement plugin.
#include "orrery_plugin_alpaserve_placement.h"

#include "alpaserve_placement_policy.h"
#include "policy/plugin_export.h"

namespace {

constexpr OrreryParamSpec kParams[] = {
    {.name = "partitions", .type = ORRERY_PARAM_ENUM, .defaultValue = "search", .minValue = 0, .maxValue = 0,
     .choices = "search|declared",
     .help = "search: choose each model's pipeline stages and replicas by AlpaServe's simulator-guided search "
             "(OSDI '23 §4.2, Algorithms 1–2); declared: keep the scenario's pipelineStages and replicas."},
    {.name = "beamSize", .type = ORRERY_PARAM_INT, .defaultValue = "3", .minValue = 1, .maxValue = 64, .choices = nullptr,
     .help = "Placements kept per step of the replica beam search (alpa_serve's ModelParallelismSearch: 3)."},
    {.name = "searchWorkload", .type = ORRERY_PARAM_ENUM, .defaultValue = "gamma", .minValue = 0, .maxValue = 0,
     .choices = "gamma|recorded",
     .help = "What the search simulates. gamma: per model a Gamma process with its rate and gap CV (AlpaServe's "
             "default without a training workload); recorded: a replayed trace's arrivals past the run's horizon, "
             "which the run never replays (AlpaServe's training workload), Gamma for models without a trace."},
    {.name = "searchSeconds", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "100", .minValue = 1, .maxValue = 1e6, .choices = nullptr,
     .help = "Shortest sampled workload the search simulates, in seconds (alpa_serve: simulation_min_duration 100)."},
    {.name = "searchRequests", .type = ORRERY_PARAM_INT, .defaultValue = "30000", .minValue = 100, .maxValue = 10000000,
     .choices = nullptr,
     .help = "Fewest sampled requests the search simulates (alpa_serve: simulation_min_samples 30000); the sample "
             "lasts max(searchSeconds, searchRequests / total rate)."},
};

constexpr OrreryPluginDescriptor kDescriptor{
    .abiVersion = ORRERY_PLUGIN_ABI_VERSION,
    .structSize = sizeof(OrreryPluginDescriptor),
    .id = "alpaserve-placement",
    .displayName = "AlpaServe-like placement",
    .version = "1.1.0",
    .compatVersion = "1.7",
    .description = "AlpaServe's placement (OSDI '23 §4.2; seed 001 §6.4.2's baselines): a simulator-guided search over "
                   "device-group sizes and pipeline partitions picks each model's stages and replicas; units outside "
                   "the plan go to the device with the least expected load that has memory for them.",
    .kinds = ORRERY_KIND_PLACEMENT,
    .params = kParams,
    .paramCount = sizeof(kParams) / sizeof(kParams[0]),
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
