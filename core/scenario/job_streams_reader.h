#pragma once
#include "model/job_streams_spec.h"
#include "model/node_pool_spec.h"
#include "scenario/map_reader.h"
#include "scenario/parse_context.h"
#include "scenario/service_graph_loader.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace orrery::scenario {

//! Service graphs loaded while reading one scenario, by resolved file, so a graph several
//! workloads share is read, and its problems reported, once.
using ServiceGraphCache = std::map<std::string, ServiceGraphLoadResult>;

//! Resolves a workload's `graph:` (a built-in name or a path relative to the scenario), loads it
//! once per file through `graphs` and reports its problems; sets the reference as written and the
//! resolved file. nullptr when the graph is missing or invalid (already reported).
std::shared_ptr<const model::ServiceGraph> readGraphReference(const YamlNode& node, const std::string& path,
                                                              ParseContext& context, ServiceGraphCache& graphs,
                                                              std::string& graphReference, std::string& graphFile);

//! The fields of a `kind: JobStreams` workload.
const std::vector<std::string>& jobStreamsKeys();

//! Reads a `kind: JobStreams` workload (docs/scenario-format.md) from `reader`, whose keys are
//! jobStreamsKeys(). Its `graph` is a built-in name looked up in the context's resource path or
//! a path relative to the scenario; the graph file is validated with diagnostics pointing into
//! it. When `cluster` is given, also checks that every service and the batch jobs fit some node.
std::optional<model::JobStreamsSpec> readJobStreams(MapReader& reader, ParseContext& context,
                                                    const model::ClusterSpec* cluster, ServiceGraphCache& graphs);

} // namespace orrery::scenario
