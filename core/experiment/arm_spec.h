#pragma once
#include "model/diagnostic.h"
#include "model/policy_choice.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace orrery::experiment {

//! How an arm's trainable control policy is trained before the runs (`train:` of an arm):
//! in the control environment of another (or the same) scenario, for a number of episodes.
struct ArmTraining {
    std::string scenarioReference;  //!< `train.scenario` as written
    std::string scenarioFile;       //!< resolved relative to the experiment file's directory
    std::uint32_t episodes = 1;
    std::uint32_t steps = 50;       //!< steps per episode
    std::uint32_t checkpointEvery = 0;
    //! `train.seed`: trains with this seed instead of the training scenario's (arms that differ
    //! only in it measure how much the result depends on the training run).
    std::optional<std::uint64_t> seed;
    //! `train.evalEvery`: episodes between deterministic evaluations of the model on held-out
    //! seeds, as `orrery train --eval-every` (0 = none); unset = that command's default.
    std::optional<std::uint32_t> evalEvery;
    std::uint32_t evalEpisodes = 3; //!< `train.evalEpisodes`: held-out episodes per evaluation
    model::SourceLocation location;
};

//! One arm of an experiment: a name and the policy choices that replace the scenario's own at
//! the decision points it names (the others keep the scenario's choice).
struct ArmSpec {
    std::string name;
    std::map<std::string, model::PolicyChoice> policies; //!< decision point → choice
    std::optional<ArmTraining> training;                 //!< train its control policy first
    model::SourceLocation location;
};

} // namespace orrery::experiment
