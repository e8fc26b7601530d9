#pragma once
#include "model/service_graph.h"
#include "scenario/parse_context.h"
#include "scenario/yaml_node.h"

#include <cstddef>
#include <optional>

namespace orrery::scenario {

//! Plausibility limits of a ServiceGraph file (docs/scenario-format.md).
inline constexpr std::size_t kMaxGraphServices = 10'000;
inline constexpr sim::SimTime kMaxServiceLatency = sim::kHour;
inline constexpr std::int64_t kMaxServiceDiskBytes = std::int64_t{1} << 50; //!< 1Pi

//! Turns the YAML tree of a ServiceGraph file (`kind: ServiceGraph`) into a model::ServiceGraph,
//! reporting every problem to `context`; nullopt when there was any.
std::optional<model::ServiceGraph> readServiceGraph(const YamlNode& root, ParseContext& context);

} // namespace orrery::scenario
