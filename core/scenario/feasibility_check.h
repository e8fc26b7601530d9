#pragma once
#include "model/node_pool_spec.h"
#include "model/resources.h"
#include "model/service_graph.h"
#include "scenario/parse_context.h"
#include "scenario/yaml_node.h"

#include <string>

namespace orrery::scenario {

// Checks that a workload can ever run on the cluster it is declared with, so a scenario whose
// jobs would wait forever is rejected when it is loaded instead of after a long empty run.

//! True when some pool has a device of `deviceModel`; otherwise reports it at `at` and returns false.
bool checkDeviceModelExists(const std::string& deviceModel, const YamlNode& at, const std::string& path,
                            const model::ClusterSpec& cluster, ParseContext& context);

//! Reports at `at` when `request` fits on no node (only nodes with `deviceModel` count, if it is set).
void checkRequestFits(const model::Resources& request, const std::string& deviceModel, const YamlNode& at,
                      const std::string& path, const model::ClusterSpec& cluster, ParseContext& context);

//! Reports at `at` the services of `graph` whose request on their declared compute kind fits on
//! no node: conventional schedulers could never run them.
void checkGraphServicesFit(const model::ServiceGraph& graph, const YamlNode& at, const std::string& path,
                           const model::ClusterSpec& cluster, ParseContext& context);

} // namespace orrery::scenario
