#pragma once
#include "model/diagnostic.h"

#include <string>
#include <vector>

namespace orrery::model {

//! One `name: value` policy parameter as written, kept with its location so schema
//! validation (in core/policy) can report file:line:column like the scenario parser does.
struct PolicyParam {
    std::string name;
    std::string value;
    SourceLocation location;
};

//! The plugin chosen for one decision point ("placement", "control", "queue") and its parameters.
struct PolicyChoice {
    std::string plugin;
    std::vector<PolicyParam> params;
    std::string fieldPath; //!< e.g. "spec.policies.placement"
    SourceLocation location;
};

} // namespace orrery::model
