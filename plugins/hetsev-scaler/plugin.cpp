// Descriptor and entry point of the hetsev-scaler plugin.
#include "orrery_plugin_hetsev_scaler.h"

#include "hetsev_scaler_policy.h"
#include "policy/plugin_export.h"

namespace {

constexpr OrreryParamSpec kParams[] = {
    {.name = "solver", .type = ORRERY_PARAM_ENUM, .defaultValue = "heuristic", .minValue = 0, .maxValue = 0,
     .choices = "heuristic|exact",
     .help = "exact: the ILP of seed 002 §4.1 solved by CBC; heuristic: the paper's greedy scale-out/scale-in."},
    {.name = "period", .type = ORRERY_PARAM_DURATION, .defaultValue = "15s", .minValue = 0,
     .maxValue = ORRERY_PARAM_UNBOUNDED, .choices = nullptr,
     .help = "How often the scaler solves (the HPA sync period the paper's controller is built on)."},
    {.name = "headroom", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "1.25", .minValue = 1, .maxValue = 100,
     .choices = nullptr,
     .help = "W = arrival rate x headroom; 1.25 = 1/0.8, the seed's 80 % throughput-saturation threshold."},
    {.name = "lambda", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "1", .minValue = 0, .maxValue = 1e6,
     .choices = nullptr,
     .help = "Weight of launch latency per second (objective C_i(X_i + lambda O_i max(X_i,0))); not given in the seed."},
    {.name = "scaleInCooldown", .type = ORRERY_PARAM_DURATION, .defaultValue = "300s", .minValue = 0,
     .maxValue = ORRERY_PARAM_UNBOUNDED, .choices = nullptr,
     .help = "No scale-in of a model until this long after its last scale-out (the k8s scale-down window)."},
    {.name = "antiAffinity", .type = ORRERY_PARAM_BOOL, .defaultValue = "true", .minValue = 0, .maxValue = 0,
     .choices = nullptr,
     .help = "At most one replica of a model per GPU (as hetsev-scheduler places them): caps a type at its devices."},
    {.name = "timeLimit", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "1", .minValue = 0.001, .maxValue = 3600,
     .choices = nullptr, .help = "CBC time limit in seconds (solver: exact); the incumbent is used after it."},
    {.name = "referenceGpu", .type = ORRERY_PARAM_STRING, .defaultValue = "V100", .minValue = 0, .maxValue = 0,
     .choices = nullptr,
     .help = "The GPU type the kind's aloneSeconds is measured on (the workload's `gpu`); speeds are relative to it."},
    {.name = "speeds", .type = ORRERY_PARAM_STRING, .defaultValue = "", .minValue = 0, .maxValue = 0, .choices = nullptr,
     .help = "Per-type service-rate factors, e.g. 'T4=0.58'; default: the kind's profiled latency per type "
             "(aloneSeconds@<type>), else the FP32 peak ratio from core/fleet."},
    {.name = "interference", .type = ORRERY_PARAM_ENUM, .defaultValue = "measured", .minValue = 0, .maxValue = 0,
     .choices = "measured|none",
     .help = "measured: each replica's throughput and latency are divided by the model's observed stretch "
             "(time in service / time alone, smoothed), so co-location slowdown is planned for; none: alone figures."},
    {.name = "prices", .type = ORRERY_PARAM_STRING, .defaultValue = "", .minValue = 0, .maxValue = 0, .choices = nullptr,
     .help = "Per-type price per GPU-hour, e.g. 'A40=2'; default: core/fleet (seed 002 §6.3 normalised)."},
    {.name = "launchSeconds", .type = ORRERY_PARAM_STRING, .defaultValue = "", .minValue = 0, .maxValue = 0,
     .choices = nullptr, .help = "Per-type launch latency O_i in seconds; default: core/fleet (2.0508 s)."},
    {.name = "gpuMemoryGiB", .type = ORRERY_PARAM_STRING, .defaultValue = "", .minValue = 0, .maxValue = 0,
     .choices = nullptr, .help = "Per-type GPU memory in GiB (constraint 2); default: core/fleet."},
};

constexpr OrreryPluginDescriptor kDescriptor{
    .abiVersion = ORRERY_PLUGIN_ABI_VERSION,
    .structSize = sizeof(OrreryPluginDescriptor),
    .id = "hetsev-scaler",
    .displayName = "HetSev scaler",
    .version = "1.0.0",
    .compatVersion = "1.4",
    .description = "HetSev's heterogeneity-aware autoscaling (seed 002 §4.1): the cheapest GPU types and counts that "
                   "carry each model's load, launch latency priced in; exact ILP (CBC) or the paper's heuristic.",
    .kinds = ORRERY_KIND_CONTROL,
    .params = kParams,
    .paramCount = sizeof(kParams) / sizeof(kParams[0]),
    .createPlacement = nullptr,
    .destroyPlacement = nullptr,
    .trainPlacement = nullptr,
    .createControl = &orrery::policy::createControlOf<orrery::plugins::HetsevScalerPolicy>,
    .destroyControl = &orrery::policy::destroyControl,
    .trainControl = nullptr,
    .createBatchPlacement = nullptr,
    .destroyBatchPlacement = nullptr,
    .createQueue = nullptr,
    .destroyQueue = nullptr,
};

} // namespace

const OrreryPluginDescriptor* orrery_hetsev_scaler_descriptor()
{
    return &kDescriptor;
}

ORRERY_PLUGIN_ENTRY(orrery_hetsev_scaler_descriptor);
