#include "simppo_params.h"

namespace orrery::plugins::simppo {

SimppoParams SimppoParams::from(const policy::ParamSet& params)
{
    SimppoParams p;
    p.alpha = params.getDouble("alpha");
    p.minibatch = static_cast<int>(params.getInt("minibatch"));
    p.parameterSharing = params.getBool("parameterSharing");
    p.actUntrained = params.getString("untrained") == "act";
    p.rollouts = params.getString("learner") == "rollouts";
    p.rolloutSteps = static_cast<int>(params.getInt("rolloutSteps"));
    p.environments = static_cast<int>(params.getInt("environments"));
    return p;
}

int SimppoParams::minibatchFor(Mode mode) const
{
    if (minibatch > 0)
        return minibatch;
    return rollouts ? 64 : defaultMinibatch(mode); // issue 32: minibatches of 64 over the rollout
}

} // namespace orrery::plugins::simppo
