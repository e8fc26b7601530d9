#pragma once
// The parameters and the factory the three TetriSched plugins share (plugin.cpp, plugin_np.cpp,
// plugin_greedy.cpp), so that one definition serves each descriptor.
#include "policy/plugin_descriptor.h"
#include "policy/policy_context.h"
#include "tetrisched_policy.h"

#include <memory>

namespace orrery::plugins::tetrisched {

inline constexpr OrreryParamSpec kWindowParam{
    .name = "window",
    .type = ORRERY_PARAM_INT,
    .defaultValue = "8",
    .minValue = 1,
    .maxValue = 100,
    .choices = nullptr,
    .help = "Plan-ahead window in slices: candidate start times are now + i x slot, i < window.",
};
inline constexpr OrreryParamSpec kSlotParam{
    .name = "slot",
    .type = ORRERY_PARAM_DURATION,
    .defaultValue = "10s",
    .minValue = 0.001,
    .maxValue = 86400,
    .choices = nullptr,
    .help = "Length of one time slice of the plan (use the workload's scheduling cycle).",
};
inline constexpr OrreryParamSpec kSolverTimeLimitParam{
    .name = "solverTimeLimit",
    .type = ORRERY_PARAM_DURATION,
    .defaultValue = "2s",
    .minValue = 0.001,
    .maxValue = 3600,
    .choices = nullptr,
    .help = "Wall-clock limit of each CBC solve; after it the best plan found is used (none: greedy fallback).",
};
inline constexpr OrreryParamSpec kMaxMilpColumnsParam{
    .name = "maxMilpColumns",
    .type = ORRERY_PARAM_INT,
    .defaultValue = "200000",
    .minValue = 1,
    .maxValue = 100000000,
    .choices = nullptr,
    .help = "A cycle whose global MILP has more columns is not solved; the greedy planner plans it (a fallback).",
};

//! OrreryPluginDescriptor::createBatchPlacement of a TetriSched plugin planning in `mode`.
template <TetriSchedOptions::Mode mode>
orrery::policy::BatchPlacementPolicy* createTetriSched(const orrery::policy::PolicyContext* context)
{
    // The C ABI hands ownership across as a raw pointer; destroyBatchPlacement takes it back.
    return std::make_unique<TetriSchedPolicy>(TetriSchedOptions::fromParams(context->params, mode)).release();
}

} // namespace orrery::plugins::tetrisched
