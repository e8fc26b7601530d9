// Descriptor and entry point of the tetrisched-np plugin (plugins/tetrisched/README.md).
#include "orrery_plugin_tetrisched_np.h"

#include "policy/plugin_export.h"
#include "tetrisched_plugin_specs.h"

namespace {

using namespace orrery::plugins::tetrisched;

constexpr OrreryParamSpec kParams[] = {kSlotParam, kSolverTimeLimitParam, kMaxMilpColumnsParam};

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
    .createBatchPlacement = &createTetriSched<TetriSchedOptions::Mode::Global>,
    .destroyBatchPlacement = &orrery::policy::destroyBatchPlacement,
};

} // namespace

const OrreryPluginDescriptor* orrery_tetrisched_np_descriptor()
{
    return &kDescriptor;
}

ORRERY_PLUGIN_ENTRY(orrery_tetrisched_np_descriptor);
