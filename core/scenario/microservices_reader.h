#pragma once
#include "model/microservices_spec.h"
#include "model/node_pool_spec.h"
#include "scenario/graph_reference_reader.h"
#include "scenario/map_reader.h"
#include "scenario/parse_context.h"

#include <optional>
#include <string>
#include <vector>

namespace orrery::scenario {

//! The fields of a `kind: Microservices` workload.
const std::vector<std::string>& microservicesKeys();

//! Reads a `kind: Microservices` workload (docs/scenario-format.md, "Microservice workloads"):
//! its graph (which must define requestTypes), a stream per request type, instance limits and
//! replicas per service, and the trace options. When `cluster` is given, also checks that every
//! instance fits some node.
std::optional<model::MicroservicesSpec> readMicroservices(MapReader& reader, ParseContext& context,
                                                          const model::ClusterSpec* cluster, ServiceGraphCache& graphs);

} // namespace orrery::scenario
