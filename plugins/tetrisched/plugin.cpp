// Descriptor and entry point of the tetrisched plugin (plugins/tetrisched/README.md).
#include "orrery_plugin_tetrisched.h"

#include "policy/plugin_export.h"
#include "tetrisched_plugin_specs.h"

namespace {

using namespace orrery::plugins::tetrisched;

constexpr OrreryParamSpec kParams[] = {kWindowParam, kSlotParam, kSolverTimeLimitParam, kMaxMilpColumnsParam};

constexpr OrreryPluginDescriptor kDescriptor{
    .abiVersion = ORRERY_PLUGIN_ABI_VERSION,
    .structSize = sizeof(OrreryPluginDescriptor),
    .id = "tetrisched",
    .displayName = "TetriSched",
    .version = "1.0.0",
    .compatVersion = "1.3",
    .description = "Plans all pending jobs at once every cycle: their STRL expressions (space-time placement preferences) over a plan-ahead window compiled into one MILP solved with CBC; only the placements starting now run (seed 003).",
    .kinds = ORRERY_KIND_BATCH_PLACEMENT,
    .params = kParams,
    .paramCount = sizeof kParams / sizeof kParams[0],
    .createPlacement = nullptr,
    .destroyPlacement = nullptr,
    .trainPlacement = nullptr,
    .createBatchPlacement = &createTetriSched<TetriSchedOptions::Mode::Global>,
    .destroyBatchPlacement = &orrery::policy::destroyBatchPlacement,
};

} // namespace

const OrreryPluginDescriptor* orrery_tetrisched_descriptor()
{
    return &kDescriptor;
}

ORRERY_PLUGIN_ENTRY(orrery_tetrisched_descriptor);
