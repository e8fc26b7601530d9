#pragma once
#include "experiment/live_target.h"
#include "scenario/parse_context.h"
#include "scenario/yaml_node.h"

#include <optional>
#include <string>

namespace orrery::experiment {

//! Reads `spec.live` of a live experiment (docs/experiment-format.md, "Live target"), reporting
//! every problem to the context with its field path. Returns the target when it is valid.
std::optional<LiveTarget> readLiveTarget(const scenario::YamlNode& node, const std::string& path,
                                         scenario::ParseContext& context);

} // namespace orrery::experiment
