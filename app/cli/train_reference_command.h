#pragma once
#include "cli/command_line.h"

#include <set>
#include <string>

namespace orrery::app {

//! Value options only `orrery train ALGORITHM --env ID` takes.
inline const std::set<std::string> kTrainReferenceOptions = {"env", "timesteps", "eval-every", "envs"};

//! `orrery train td3|sac|ddpg|ppo --env ID --project P [--timesteps N] [--seed S]
//! [--eval-every N] [--envs K --threads T] [--quiet]`: trains core/learn's learner on a Gymnasium classic-control task
//! (core/gym) with rl-baselines3-zoo's hyperparameters (learn/reference_setups.h), evaluates it
//! deterministically on 10 fixed held-out episodes every N steps, and stores the checkpoint with
//! the best evaluation in the project's models table, printing which and why. Ctrl-C stops at the
//! next evaluation and stores nothing. Returns an exit code.
int runTrainReference(const std::string& algorithm, const CommandLine& line);

} // namespace orrery::app
