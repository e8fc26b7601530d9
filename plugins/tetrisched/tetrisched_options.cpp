#include "tetrisched_options.h"

namespace orrery::plugins::tetrisched {

TetriSchedOptions TetriSchedOptions::fromParams(const policy::ParamSet& params, Mode mode)
{
    TetriSchedOptions options;
    options.mode = mode;
    if (params.contains("slot"))
        options.slotLength = params.getDuration("slot");
    options.windowSlots = params.contains("window") ? static_cast<int>(params.getInt("window")) : 1;
    if (params.contains("solverTimeLimit"))
        options.timeLimitSeconds = sim::toSeconds(params.getDuration("solverTimeLimit"));
    if (params.contains("maxMilpColumns"))
        options.maxMilpColumns = params.getInt("maxMilpColumns");
    return options;
}

} // namespace orrery::plugins::tetrisched
