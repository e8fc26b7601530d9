#pragma once
// The parameters of aware::MultidimensionalRecommender (aware::multidimensionalConfigFrom), as
// the hpa-vpa and aware plugins both declare them: one list, expanded into each plugin's table.
#include "policy/plugin_descriptor.h"

#define ORRERY_MULTIDIMENSIONAL_PARAMS                                                                                  \
    {.name = "targetCpuUtilization", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "0.7", .minValue = 0.01,            \
     .maxValue = 1, .choices = nullptr,                                                                                 \
     .help = "HPA: target CPU utilization (usage / limit); the AWARE profile's targets.cpuUtilization."},               \
    {.name = "tolerance", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "0.1", .minValue = 0, .maxValue = 1,           \
     .choices = nullptr, .help = "HPA: no scale while |utilization/target - 1| is within this."},                      \
    {.name = "minReplicas", .type = ORRERY_PARAM_INT, .defaultValue = "1", .minValue = 1, .maxValue = 100000,         \
     .choices = nullptr, .help = "Fewest replicas per target."},                                                        \
    {.name = "maxReplicas", .type = ORRERY_PARAM_INT, .defaultValue = "10", .minValue = 1, .maxValue = 100000,        \
     .choices = nullptr, .help = "Most replicas per target."},                                                          \
    {.name = "verticalCpu", .type = ORRERY_PARAM_BOOL, .defaultValue = "true", .minValue = 0, .maxValue = 0,          \
     .choices = nullptr, .help = "VPA resizes CPU limits."},                                                            \
    {.name = "verticalMemory", .type = ORRERY_PARAM_BOOL, .defaultValue = "true", .minValue = 0, .maxValue = 0,       \
     .choices = nullptr, .help = "VPA resizes memory limits."},                                                         \
    {.name = "updateThreshold", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "0.1", .minValue = 0,                    \
     .maxValue = ORRERY_PARAM_UNBOUNDED, .choices = nullptr,                                                            \
     .help = "VPA: within the bounds, resize only when the summed relative change exceeds this."},                     \
    {.name = "minLifetime", .type = ORRERY_PARAM_DURATION, .defaultValue = "60s", .minValue = 0,                      \
     .maxValue = ORRERY_PARAM_UNBOUNDED, .choices = nullptr,                                                            \
     .help = "VPA: ...and the last resize is at least this old (Kubernetes: 12h; short for simulations)."},             \
    {.name = "targetPercentile", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "0.9", .minValue = 0, .maxValue = 1,    \
     .choices = nullptr, .help = "VPA: usage percentile recommended (before the margin)."},                            \
    {.name = "safetyMargin", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "0.15", .minValue = 0, .maxValue = 10,      \
     .choices = nullptr, .help = "VPA: fraction added to every estimate."},                                            \
    {.name = "halfLife", .type = ORRERY_PARAM_DURATION, .defaultValue = "24h", .minValue = 0,                         \
     .maxValue = ORRERY_PARAM_UNBOUNDED, .choices = nullptr, .help = "VPA: half-life of usage samples; 0 = none."},    \
    {.name = "minCpu", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "0.025", .minValue = 0, .maxValue = 1000,        \
     .choices = nullptr, .help = "VPA: least CPU recommended, cores (--pod-recommendation-min-cpu-millicores 25)."},   \
    {.name = "minMemory", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "262144000", .minValue = 0,                    \
     .maxValue = ORRERY_PARAM_UNBOUNDED, .choices = nullptr,                                                            \
     .help = "VPA: least memory recommended, bytes (--pod-recommendation-min-memory-mb 250); above a service's "      \
             "limit it puts memory outside the bounds at once."},                                                      \
    {.name = "confidenceScaling", .type = ORRERY_PARAM_BOOL, .defaultValue = "true", .minValue = 0, .maxValue = 0,    \
     .choices = nullptr,                                                                                                \
     .help = "VPA: widen the bounds while the history is short (Kubernetes' default, so minutes-long runs rarely "    \
             "lower a limit); false is the short-history ablation of docs/reproduction.md."}
