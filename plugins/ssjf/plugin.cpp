// Descriptor and entry point of the ssjf plugin.
#include "orrery_plugin_ssjf.h"

#include "policy/plugin_export.h"
#include "ssjf_policy.h"

namespace {

constexpr OrreryParamSpec kParams[] = {
    {.name = "window", .type = ORRERY_PARAM_INT, .defaultValue = "8192", .minValue = 16, .maxValue = 10000000,
     .choices = nullptr,
     .help = "Completed requests per model whose output lengths define the class percentiles p25/p50/p75/p99 and "
             "the learned class counts (a sliding window)."},
    {.name = "priorWeight", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "4", .minValue = 0, .maxValue = 1e9,
     .choices = nullptr,
     .help = "Pseudo-samples of the model's whole class distribution mixed into each input-token bucket's, so "
             "sparse buckets lean on the model's average."},
    {.name = "cacheCapacity", .type = ORRERY_PARAM_INT, .defaultValue = "65536", .minValue = 0, .maxValue = 100000000,
     .choices = nullptr,
     .help = "Exact output lengths kept for repeated inputs (by inputHash; the seed's semantic cache, exact here); "
             "0 turns the cache off."},
    {.name = "predictor", .type = ORRERY_PARAM_ENUM, .defaultValue = "online", .minValue = 0, .maxValue = 0,
     .choices = "online|torch",
     .help = "online: class counts per model and input-length bucket (OutputLengthPredictor); torch: the LibTorch "
             "ordinal classifier of core/learn, retrained on completed requests (needs ORRERY_WITH_TORCH)."},
    {.name = "retrainEvery", .type = ORRERY_PARAM_INT, .defaultValue = "2048", .minValue = 16, .maxValue = 100000000,
     .choices = nullptr,
     .help = "predictor: torch — completed requests between two trainings (the first after 512)."},
    {.name = "epochs", .type = ORRERY_PARAM_INT, .defaultValue = "10", .minValue = 1, .maxValue = 1000,
     .choices = nullptr, .help = "predictor: torch — passes over the window per training."},
    {.name = "agingTokensPerSecond", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "0", .minValue = 0, .maxValue = 1e9,
     .choices = nullptr,
     .help = "Aging against starvation (seed 001 §6.3.5 names aging, gives no rate): a request arriving one second "
             "later counts as this many tokens longer. 0: pure speculative SJF."},
};

constexpr OrreryPluginDescriptor kDescriptor{
    .abiVersion = ORRERY_PLUGIN_ABI_VERSION,
    .structSize = sizeof(OrreryPluginDescriptor),
    .id = "ssjf",
    .displayName = "Speculative shortest-job-first (μ-Serve)",
    .version = "1.0.0",
    .compatVersion = "1.4",
    .description = "μ-Serve's speculative SJF: requests served in order of predicted output length, from an online "
                   "ordinal 5-class predictor per model and input-length bucket plus an exact cache of repeated "
                   "inputs (seed 001 §6.3.3).",
    .kinds = ORRERY_KIND_QUEUE,
    .params = kParams,
    .paramCount = sizeof(kParams) / sizeof(kParams[0]),
    .createPlacement = nullptr,
    .destroyPlacement = nullptr,
    .trainPlacement = nullptr,
    .createControl = nullptr,
    .destroyControl = nullptr,
    .trainControl = nullptr,
    .createBatchPlacement = nullptr,
    .destroyBatchPlacement = nullptr,
    .createQueue = &orrery::policy::createQueueOf<orrery::plugins::SsjfPolicy>,
    .destroyQueue = &orrery::policy::destroyQueue,
};

} // namespace

const OrreryPluginDescriptor* orrery_ssjf_descriptor()
{
    return &kDescriptor;
}

ORRERY_PLUGIN_ENTRY(orrery_ssjf_descriptor);
