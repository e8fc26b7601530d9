#pragma once
#include "model/duration_distribution.h"
#include "scenario/parse_context.h"
#include "scenario/yaml_node.h"

#include <optional>
#include <string>

namespace orrery::scenario {

//! Reads a duration field that is either a constant ("10m") or a distribution mapping:
//! {distribution: exponential, mean: 10m}, {distribution: uniform, min: 1m, max: 5m},
//! {distribution: lognormal, median: 5m, sigma: 0.8} or {distribution: constant, value: 10m}.
std::optional<model::DurationDistribution> readDurationDistribution(const YamlNode& node, const std::string& path,
                                                                    ParseContext& context);

} // namespace orrery::scenario
