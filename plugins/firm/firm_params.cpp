#include "firm_params.h"

#include "firm_action.h"

#include <stdexcept>

namespace orrery::plugins::firm {

FirmParams FirmParams::from(const policy::ParamSet& params)
{
    FirmParams p;
    p.scale.minFraction = params.getDouble("minFraction");
    p.scale.maxFraction = params.getDouble("maxFraction");
    p.scale.minRelativeChange = params.getDouble("minRelativeChange");
    if (p.scale.minFraction >= 1.0 || p.scale.maxFraction <= 1.0)
        throw std::invalid_argument("firm: minFraction must be below 1 and maxFraction above 1");
    parseResourceMinFractions(params.getString("minFractions"), p.scale);
    p.alpha = params.getDouble("alpha");
    p.allTargets = params.getString("targets") == "all";
    p.actUntrained = params.getString("untrained") == "act";
    p.environmentReward = params.getString("reward") == "environment";
    p.sloGatedReward = params.getString("rewardGate") == "slo";
    p.batchSize = static_cast<std::size_t>(params.getInt("batchSize"));
    p.replayCapacity = static_cast<std::size_t>(params.getInt("replayCapacity"));
    p.learner = *firmLearnerNamed(params.getString("learner")); // the schema admits only known names
    p.warmupSteps = static_cast<std::uint64_t>(params.getInt("warmupSteps"));
    p.environments = static_cast<std::uint32_t>(params.getInt("environments"));
    p.agentOptions.explorationNoise = params.getDouble("explorationNoise");
    p.agentOptions.preTanhPenalty = params.getDouble("preTanhPenalty");
    return p;
}

} // namespace orrery::plugins::firm
