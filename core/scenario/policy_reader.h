#pragma once
#include "model/policy_choice.h"
#include "scenario/parse_context.h"
#include "scenario/yaml_node.h"

#include <map>
#include <string>

namespace orrery::scenario {

//! Reads spec.policies: decision point (placement, control, queue) → {plugin, params}. Params are
//! kept as written (name, text, location); the plugin registry validates them against the
//! plugin's schema later, so here they are only checked to be scalars.
std::map<std::string, model::PolicyChoice> readPolicies(const YamlNode& node, const std::string& path, ParseContext& context);

} // namespace orrery::scenario
