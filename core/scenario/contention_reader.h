#pragma once
#include "model/contention_spec.h"
#include "model/node_contended_capacity.h"
#include "model/resource_demand.h"
#include "scenario/map_reader.h"
#include "scenario/parse_context.h"
#include "scenario/yaml_node.h"

#include <string>

namespace orrery::scenario {

//! A bandwidth such as 60G or 500M (bytes per second); `fallback` when it is not valid.
double readBandwidth(const YamlNode& node, const std::string& path, ParseContext& context, double fallback);
//! The node's shared-resource capacity keys (llcWays, memoryBandwidth, diskBandwidth,
//! networkBandwidth) present in `reader`, into `capacity`.
void readContendedCapacityKeys(MapReader& reader, ParseContext& context, model::NodeContendedCapacity& capacity);
//! `spec.contention`: {enabled, period, cpu|memoryBandwidth|…: {knee, saturation}}.
model::ContentionSpec readContention(const YamlNode& node, const std::string& path, ParseContext& context);
//! A service's or job's `demand`: {memoryBandwidthPerCore, llcWays, diskPerCore, networkPerCore}.
void readDemand(const YamlNode& node, const std::string& path, ParseContext& context, model::ResourceDemand& demand);

} // namespace orrery::scenario
