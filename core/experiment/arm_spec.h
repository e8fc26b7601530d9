#pragma once
#include "model/diagnostic.h"
#include "model/policy_choice.h"

#include <map>
#include <string>

namespace orrery::experiment {

//! One arm of an experiment: a name and the policy choices that replace the scenario's own at
//! the decision points it names (the others keep the scenario's choice).
struct ArmSpec {
    std::string name;
    std::map<std::string, model::PolicyChoice> policies; //!< decision point → choice
    model::SourceLocation location;
};

} // namespace orrery::experiment
