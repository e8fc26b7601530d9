#pragma once
#include "kinds/microservices/microservices_spec.h"
#include "model/node_pool_spec.h"
#include "scenario/graph_reference_reader.h"
#include "scenario/map_reader.h"
#include "scenario/parse_context.h"

#include <memory>
#include <string>
#include <vector>

namespace orrery::kinds::microservices {

//! The fields of a `kind: Microservices` workload.
const std::vector<std::string>& microservicesKeys();

//! Reads a `kind: Microservices` workload (docs/scenario-format.md, "Microservice workloads"):
//! its graph (which must define requestTypes), a stream per request type, instance limits and
//! replicas per service, and the trace options. When `cluster` is given, also checks that every
//! instance fits some node.
//! Returns nullptr when the workload had problems (reported to `context`).
std::unique_ptr<MicroservicesSpec> readMicroservices(scenario::MapReader& reader, scenario::ParseContext& context,
                                                     const model::ClusterSpec* cluster, scenario::ServiceGraphCache& graphs);

} // namespace orrery::kinds::microservices
