#pragma once
#include "cli/command_line.h"
#include "policy/plugin_registry.h"

#include <string>

namespace orrery::app {

//! Value options only `orrery train` of a control plugin takes.
inline const std::set<std::string> kTrainControlOptions = {"episodes", "steps", "checkpoint-every", "mode", "threads",
                                                           "eval-every", "eval-episodes", "params"};

//! `orrery train PLUGIN --scenario FILE --project P --episodes N [--steps S] [--seed N]
//! [--checkpoint-every K] [--mode one-for-all|one-for-each|transfer] [--quiet]` for a trainable
//! control plugin (firm): trains it in the scenario's SimulatedEnvironment, printing one line per
//! episode, storing every K-th episode's checkpoint and the final model in the project's models
//! table. Ctrl-C stops after the current episode; stored checkpoints stay. Returns an exit code.
int runTrainControl(const std::string& plugin, const CommandLine& line, const policy::PluginRegistry& registry);

} // namespace orrery::app
