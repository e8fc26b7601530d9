#pragma once
#include "policy/param_set.h"
#include "simppo_mode.h"

#include <cstddef>

namespace orrery::plugins::simppo {

//! The parameters every plugin of the family takes (plugin_entry.h declares their schema).
struct SimppoParams {
    double alpha = 0.3;
    int minibatch = 0;            //!< 0 = Table 4.2's default for the mode (64 with rollouts)
    //! "seed": Table 4.2's per-episode updates; "rollouts": the learning core's (TeamConfig::rolloutSteps).
    bool rollouts = false;
    int rolloutSteps = 2048;
    //! Environments stepped side by side while training (parallel rollouts); > 1 needs rollouts.
    int environments = 1;
    bool parameterSharing = true;
    bool actUntrained = false;    //!< serving without a model: act with untrained agents instead of holding

    static SimppoParams from(const policy::ParamSet& params);
    //! The minibatch the agents use: the parameter, or the form's default for `mode`.
    [[nodiscard]] int minibatchFor(Mode mode) const;
    //! TeamConfig::rolloutSteps: 0 for the seed's form.
    [[nodiscard]] std::size_t teamRolloutSteps() const { return rollouts ? static_cast<std::size_t>(rolloutSteps) : 0; }
};

} // namespace orrery::plugins::simppo
