#pragma once
#include "model/scenario.h"
#include "scenario/parse_context.h"
#include "scenario/yaml_node.h"

#include <string>

namespace orrery::scenario {

//! Reads `spec.anomalies` (docs/scenario-format.md, "Anomalies"): a sequence whose items are
//! injections {kind, target, intensity, start, duration, pattern} or random campaigns
//! {random: {rate, start, end, duration, kinds, intensity, targets}}. Targets are checked
//! against `scenario`'s microservice workloads and nodes when those were read cleanly
//! (`checkTargets`).
model::AnomalyCampaignSpec readAnomalies(const YamlNode& node, const std::string& path, ParseContext& context,
                                         const model::Scenario& scenario, bool checkTargets);

} // namespace orrery::scenario
