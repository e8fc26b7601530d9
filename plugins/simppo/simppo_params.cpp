#include "simppo_params.h"

namespace orrery::plugins::simppo {

SimppoParams SimppoParams::from(const policy::ParamSet& params)
{
    SimppoParams p;
    p.alpha = params.getDouble("alpha");
    p.minibatch = static_cast<int>(params.getInt("minibatch"));
    p.parameterSharing = params.getBool("parameterSharing");
    p.actUntrained = params.getString("untrained") == "act";
    return p;
}

} // namespace orrery::plugins::simppo
