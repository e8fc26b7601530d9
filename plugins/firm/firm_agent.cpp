#include "firm_agent.h"

#include "firm_state.h"

namespace orrery::plugins::firm {

FirmAgent makeFirmAgent(FirmLearner learner, std::uint64_t seed, const FirmAgentOptions& options)
{
    learn::DdpgConfig table; // seed 001 Table 3.3
    table.stateDim = kStateDim;
    table.actionDim = kActionDim;
    table.seed = seed;
    return FirmAgent(learner, table, options);
}

} // namespace orrery::plugins::firm
