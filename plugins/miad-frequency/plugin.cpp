// Descriptor and entry point of the miad-frequency plugin.
#include "orrery_plugin_miad_frequency.h"

#include "miad_frequency_policy.h"
#include "policy/plugin_export.h"

namespace {

constexpr OrreryParamSpec kParams[] = {
    {.name = "increaseSlack", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "0.05", .minValue = 0, .maxValue = 1,
     .choices = nullptr,
     .help = "Slack 1 - p99/SLO below which the clock goes up (seed 001 Alg. 6.3 L11, §6.3.4: threshold 0.05); "
             "also the margin a step down must leave (L17)."},
    {.name = "increaseFactor", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "2", .minValue = 1.0001, .maxValue = 16,
     .choices = nullptr, .help = "Multiplicative increase of the SM clock (Alg. 6.3 L22: doubles)."},
    {.name = "decreaseStepMhz", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "30", .minValue = 0.1,
     .maxValue = 10000, .choices = nullptr,
     .help = "Additive decrease in MHz (Alg. 6.3's STEP; the seed gives no value: 30 MHz, four V100 clock steps, "
             "is ours). The kind snaps it down to a supported clock."},
    {.name = "signal", .type = ORRERY_PARAM_ENUM, .defaultValue = "window", .minValue = 0, .maxValue = 0,
     .choices = "window|period",
     .help = "The p99 that Alg. 6.3 reads: over the device's recent completions (the kind's p99SloRatioWindow, at "
             "least latencyWindow requests) or over the period alone (the seed's literal reading: 1-2 requests at "
             "its rates). Window falls back to period where a kind gives no window."},
    {.name = "minRequests", .type = ORRERY_PARAM_INT, .defaultValue = "8", .minValue = 1, .maxValue = 100000,
     .choices = nullptr,
     .help = "Hold while the estimate rests on fewer completed requests than this (with signal: period, 1 is "
             "the seed's literal reading)."},
    {.name = "idleDecrease", .type = ORRERY_PARAM_BOOL, .defaultValue = "true", .minValue = 0, .maxValue = 0,
     .choices = nullptr,
     .help = "A device that served nothing and has nothing waiting steps down once per period; false: it holds."},
};

constexpr OrreryPluginDescriptor kDescriptor{
    .abiVersion = ORRERY_PLUGIN_ABI_VERSION,
    .structSize = sizeof(OrreryPluginDescriptor),
    .id = "miad-frequency",
    .displayName = "MIAD GPU frequency (μ-Serve)",
    .version = "1.1.0",
    .compatVersion = "1.4",
    .description = "μ-Serve's SLO-preserving GPU frequency scaling: multiplicative increase of the SM clock when the "
                   "p99 slack is small, additive decrease when it exceeds one step's estimated degradation "
                   "(seed 001 §6.3.4, Alg. 6.3).",
    .kinds = ORRERY_KIND_CONTROL,
    .params = kParams,
    .paramCount = sizeof(kParams) / sizeof(kParams[0]),
    .createPlacement = nullptr,
    .destroyPlacement = nullptr,
    .trainPlacement = nullptr,
    .createControl = &orrery::policy::createControlOf<orrery::plugins::MiadFrequencyPolicy>,
    .destroyControl = &orrery::policy::destroyControl,
    .trainControl = nullptr,
    .createBatchPlacement = nullptr,
    .destroyBatchPlacement = nullptr,
    .createQueue = nullptr,
    .destroyQueue = nullptr,
};

} // namespace

const OrreryPluginDescriptor* orrery_miad_frequency_descriptor()
{
    return &kDescriptor;
}

ORRERY_PLUGIN_ENTRY(orrery_miad_frequency_descriptor);
