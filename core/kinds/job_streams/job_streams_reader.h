#pragma once
#include "kinds/job_streams/job_streams_spec.h"
#include "model/node_pool_spec.h"
#include "scenario/graph_reference_reader.h"
#include "scenario/map_reader.h"
#include "scenario/parse_context.h"

#include <memory>
#include <string>
#include <vector>

namespace orrery::kinds::job_streams {

//! The fields of a `kind: JobStreams` workload.
const std::vector<std::string>& jobStreamsKeys();

//! Reads a `kind: JobStreams` workload (docs/scenario-format.md) from `reader`, whose keys are
//! jobStreamsKeys(). Its `graph` is a built-in name looked up in the context's resource path or
//! a path relative to the scenario; the graph file is validated with diagnostics pointing into
//! it. When `cluster` is given, also checks that every service and the batch jobs fit some node.
//! nullptr when there were problems (reported to the context).
std::unique_ptr<JobStreamsSpec> readJobStreams(scenario::MapReader& reader, scenario::ParseContext& context,
                                               const model::ClusterSpec* cluster, scenario::ServiceGraphCache& graphs);

} // namespace orrery::kinds::job_streams
