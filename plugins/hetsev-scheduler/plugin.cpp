// Descriptor and entry point of the hetsev-scheduler plugin.
#include "orrery_plugin_hetsev_scheduler.h"

#include "hetsev_scheduler_policy.h"
#include "policy/plugin_export.h"

namespace {

constexpr OrreryParamSpec kParams[] = {
    {.name = "antiAffinity", .type = ORRERY_PARAM_BOOL, .defaultValue = "true", .minValue = 0, .maxValue = 0,
     .choices = nullptr,
     .help = "Never put two replicas of the same model on one GPU (seed 002 §4.2, Alg. 1 line 9)."},
    {.name = "fit", .type = ORRERY_PARAM_ENUM, .defaultValue = "best", .minValue = 0, .maxValue = 0,
     .choices = "best|worst|random",
     .help = "best: the GPU left with the least free memory (packs, issue 17); worst: the most (seed 002 §4.2 text); "
             "random: any GPU that passes (the type-blind Kubernetes baseline of seed 002 §6)."},
    {.name = "exclusive", .type = ORRERY_PARAM_BOOL, .defaultValue = "false", .minValue = 0, .maxValue = 0,
     .choices = nullptr,
     .help = "One replica per GPU, any model (the Kubernetes baseline of seed 002 §6: no co-location)."},
    {.name = "queues", .type = ORRERY_PARAM_INT, .defaultValue = "3", .minValue = 1, .maxValue = 64, .choices = nullptr,
     .help = "k: k-means queues of pending replicas by GPU memory and model (Alg. 1 line 1; the seed gives no value)."},
    {.name = "batch", .type = ORRERY_PARAM_INT, .defaultValue = "4", .minValue = 1, .maxValue = 4096, .choices = nullptr,
     .help = "beta: replicas per weighted-fairness scheduling buffer (Alg. 1 line 3; the seed gives no value)."},
};

constexpr OrreryPluginDescriptor kDescriptor{
    .abiVersion = ORRERY_PLUGIN_ABI_VERSION,
    .structSize = sizeof(OrreryPluginDescriptor),
    .id = "hetsev-scheduler",
    .displayName = "HetSev scheduler",
    .version = "1.1.0",
    .compatVersion = "1.5",
    .description = "HetSev's co-location placement (seed 002 Alg. 1): k-means queues and weighted-fairness buffers "
                   "of pending replicas, GPU memory capacity filter, anti-affinity for identical models, best-fit GPU "
                   "of the requested type.",
    .kinds = ORRERY_KIND_PLACEMENT,
    .params = kParams,
    .paramCount = sizeof(kParams) / sizeof(kParams[0]),
    .createPlacement = &orrery::policy::createPlacementOf<orrery::plugins::HetsevSchedulerPolicy>,
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

const OrreryPluginDescriptor* orrery_hetsev_scheduler_descriptor()
{
    return &kDescriptor;
}

ORRERY_PLUGIN_ENTRY(orrery_hetsev_scheduler_descriptor);
