#pragma once
#include "model/arrival_process.h"
#include "scenario/parse_context.h"
#include "scenario/yaml_node.h"

#include <optional>
#include <string>

namespace orrery::scenario {

//! Reads `arrival:`: a rate such as `100/s` (Poisson), or a mapping {process: constant | poisson |
//! diurnal | spikes, rate, amplitude, period, spikeEvery, spikeLength, spikeFactor}.
std::optional<model::ArrivalProcess> readArrivalProcess(const YamlNode& node, const std::string& path, ParseContext& context);

} // namespace orrery::scenario
