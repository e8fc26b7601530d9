#pragma once
#include "model/node_pool_spec.h"
#include "scenario/parse_context.h"
#include "scenario/yaml_node.h"

#include <string>

namespace orrery::scenario {

//! Reads spec.cluster: node pools with their counts, capacities, prices, labels and devices.
//! Problems go to `context`; the returned spec holds what could be read.
model::ClusterSpec readCluster(const YamlNode& node, const std::string& path, ParseContext& context);

} // namespace orrery::scenario
