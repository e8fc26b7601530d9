#pragma once
#include "model/service_graph.h"
#include "scenario/parse_context.h"
#include "scenario/yaml_node.h"

#include <string>

namespace orrery::scenario {

//! Reads a service's `sensitivity: {cpu: 1, memoryBandwidth: 0.5, llc: 0.3, diskIo: 0.2,
//! networkBandwidth: 0.3}` (each in [0, 10]; missing keys keep the defaults of docs/model.md).
void readSensitivity(const YamlNode& node, const std::string& path, ParseContext& context,
                     model::ResourceSensitivity& sensitivity);

//! Reads a ServiceGraph's `spec.requestTypes` into `graph` (whose services are already read):
//! each request type a name and a root call; a call names its service, operation, optional work,
//! background flag and `calls`, a sequence of stages, each a call or `{parallel: [calls]}`
//! (docs/scenario-format.md, "Request types").
void readRequestTypes(const YamlNode& node, const std::string& path, ParseContext& context, model::ServiceGraph& graph);

} // namespace orrery::scenario
