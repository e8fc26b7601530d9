// Descriptor and entry point of the tetrisched-np plugin (plugins/tetrisched/README.md).
#include "orrery_plugin_tetrisched_np.h"

#include "policy/plugin_export.h"
#include "tetrisched_policy.h"

#include <memory>

namespace {

using orrery::plugins::tetrisched::TetriSchedOptions;
using orrery::plugins::tetrisched::TetriSchedPolicy;

constexpr OrreryParamSpec kParams[] = {
    {
        .name = "slot",
        .type = ORRERY_PARAM_DURATION,
        .defaultValue = "10s",
        .minValue = 0.001,
        .maxValue = 86400,
        .choices = nullptr,
        .help = "Length of one time slice of the plan (use the workload's scheduling cycle).",
    },
    {
        .name = "solverTimeLimit",
        .type = ORRERY_PARAM_DURATION,
        .defaultValue = "2s",
        .minValue = 0.001,
        .maxValue = 3600,
        .choices = nullptr,
        .help = "Wall-clock limit of each CBC solve; after it the best plan found is used (none: greedy fallback).",
    },
    {
        .name = "maxMilpColumns",
        .type = ORRERY_PARAM_INT,
        .defaultValue = "200000",
        .minValue = 1,
        .maxValue = 100000000,
        .choices = nullptr,
        .help = "A cycle whose global MILP has more columns is not solved; the greedy planner plans it (a fallback).",
    },
};

orrery::policy::BatchPlacementPolicy* create(const orrery::policy::PolicyContext* context)
{
    // The C ABI hands ownership across as a raw pointer; destroyBatchPlacement takes it back.
    return std::make_unique<TetriSchedPolicy>(TetriSchedOptions::fromParams(context->params, TetriSchedOptions::Mode::Global)).release();
}

constexpr OrreryPluginDescriptor kDescriptor{
    .abiVersion = ORRERY_PLUGIN_ABI_VERSION,
    .structSize = sizeof(OrreryPluginDescriptor),
    .id = "tetrisched-np",
    .displayName = "TetriSched (no plan-ahead)",
    .version = "1.0.0",
    .compatVersion = "1.3",
    .description = "TetriSched without plan-ahead: one global MILP per cycle over a window of one slice, so a job either starts now or waits for the next cycle (seed 003).",
    .kinds = ORRERY_KIND_BATCH_PLACEMENT,
    .params = kParams,
    .paramCount = sizeof kParams / sizeof kParams[0],
    .createPlacement = nullptr,
    .destroyPlacement = nullptr,
    .trainPlacement = nullptr,
    .createBatchPlacement = &create,
    .destroyBatchPlacement = &orrery::policy::destroyBatchPlacement,
};

} // namespace

const OrreryPluginDescriptor* orrery_tetrisched_np_descriptor()
{
    return &kDescriptor;
}

ORRERY_PLUGIN_ENTRY(orrery_tetrisched_np_descriptor);
