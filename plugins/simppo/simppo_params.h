#pragma once
#include "policy/param_set.h"

namespace orrery::plugins::simppo {

//! The parameters every plugin of the family takes (plugin_entry.h declares their schema).
struct SimppoParams {
    double alpha = 0.3;
    int minibatch = 0;            //!< 0 = Table 4.2's default for the mode
    bool parameterSharing = true;
    bool actUntrained = false;    //!< serving without a model: act with untrained agents instead of holding

    static SimppoParams from(const policy::ParamSet& params);
};

} // namespace orrery::plugins::simppo
