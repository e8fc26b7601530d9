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
//! The shared-resource keys llcWays, memoryBandwidth, diskBandwidth, networkBandwidth present in
//! `reader` (a node's capacities or a container's limits; ways at least `minLlcWays`).
void readSharedResourceKeys(MapReader& reader, ParseContext& context, double minLlcWays, double& llcWays,
                            double& memoryBandwidth, double& diskBandwidth, double& networkBandwidth);
//! A node's shared-resource capacities (the keys above, at least one way of LLC).
void readContendedCapacityKeys(MapReader& reader, ParseContext& context, model::NodeContendedCapacity& capacity);
//! `spec.contention`: {enabled, period, cpu|memoryBandwidth|…: {knee, saturation}}.
model::ContentionSpec readContention(const YamlNode& node, const std::string& path, ParseContext& context);
//! A service's or job's `demand`: {memoryBandwidthPerCore, llcWays, diskPerCore, networkPerCore}.
void readDemand(const YamlNode& node, const std::string& path, ParseContext& context, model::ResourceDemand& demand);

} // namespace orrery::scenario
