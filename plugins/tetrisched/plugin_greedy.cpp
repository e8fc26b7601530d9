// Descriptor and entry point of the tetrisched-greedy plugin (plugins/tetrisched/README.md).
#include "orrery_plugin_tetrisched_greedy.h"

#include "policy/plugin_export.h"
#include "tetrisched_plugin_specs.h"

namespace {

using namespace orrery::plugins::tetrisched;

constexpr OrreryParamSpec kParams[] = {kWindowParam, kSlotParam, kSolverTimeLimitParam};

constexpr OrreryPluginDescriptor kDescriptor{
    .abiVersion = ORRERY_PLUGIN_ABI_VERSION,
    .structSize = sizeof(OrreryPluginDescriptor),
    .id = "tetrisched-greedy",
    .displayName = "TetriSched (greedy)",
    .version = "1.0.0",
    .compatVersion = "1.3",
    .description = "TetriSched without the global MILP: pending jobs planned one at a time in submission order, each taking its best STRL option over the plan-ahead window on what the earlier ones left (seed 003).",
    .kinds = ORRERY_KIND_BATCH_PLACEMENT,
    .params = kParams,
    .paramCount = sizeof kParams / sizeof kParams[0],
    .createPlacement = nullptr,
    .destroyPlacement = nullptr,
    .trainPlacement = nullptr,
    .createBatchPlacement = &createTetriSched<TetriSchedOptions::Mode::Greedy>,
    .destroyBatchPlacement = &orrery::policy::destroyBatchPlacement,
};

} // namespace

const OrreryPluginDescriptor* orrery_tetrisched_greedy_descriptor()
{
    return &kDescriptor;
}

ORRERY_PLUGIN_ENTRY(orrery_tetrisched_greedy_descriptor);
