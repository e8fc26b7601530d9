#pragma once
#include "model/node_pool_spec.h"
#include "model/scenario.h"
#include "scenario/parse_context.h"
#include "scenario/yaml_node.h"

#include <string>
#include <vector>

namespace orrery::scenario {

//! Reads spec.workloads. When `cluster` is given (it was read without errors), also checks that
//! each workload can run on it: its deviceModel exists in some pool and its request fits some node.
std::vector<model::WorkloadSpec> readWorkloads(const YamlNode& node, const std::string& path, ParseContext& context,
                                               const model::ClusterSpec* cluster);

} // namespace orrery::scenario
