#pragma once
#include "model/decision_cost_spec.h"
#include "scenario/parse_context.h"
#include "scenario/yaml_node.h"

#include <string>

namespace orrery::scenario {

//! Reads spec.decisionCost: {mode: none|modelled|measured, perDecision: 20us, perCandidateNode: 50ns}.
model::DecisionCostSpec readDecisionCost(const YamlNode& node, const std::string& path, ParseContext& context);

} // namespace orrery::scenario
