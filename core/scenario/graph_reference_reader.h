#pragma once
#include "model/service_graph.h"
#include "scenario/parse_context.h"
#include "scenario/service_graph_loader.h"
#include "scenario/yaml_node.h"

#include <map>
#include <memory>
#include <string>

namespace orrery::scenario {

//! Service graphs loaded while reading one scenario, by resolved file, so a graph several
//! workloads share is read, and its problems reported, once.
using ServiceGraphCache = std::map<std::string, ServiceGraphLoadResult>;

//! Resolves a workload's `graph:` (a built-in name looked up in the context's resource path, or a
//! path relative to the scenario), loads it once per file through `graphs` and reports its
//! problems with diagnostics pointing into the graph file; sets the reference as written and the
//! resolved file. nullptr when the graph is missing or invalid (already reported).
std::shared_ptr<const model::ServiceGraph> readGraphReference(const YamlNode& node, const std::string& path,
                                                              ParseContext& context, ServiceGraphCache& graphs,
                                                              std::string& graphReference, std::string& graphFile);

} // namespace orrery::scenario
