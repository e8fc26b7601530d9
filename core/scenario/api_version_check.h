#pragma once
#include "scenario/map_reader.h"
#include "scenario/parse_context.h"

#include <string_view>

namespace orrery::scenario {

//! The apiVersion every Orrery file has (scenarios, graphs, experiments, profiles, requests).
inline constexpr std::string_view kOrreryApiVersion = "orrery.dev/v1";

//! Requires `apiVersion: orrery.dev/v1` in `top`, reporting a missing or other version at the
//! field. Returns false when it is present but another version (the rest is of another format).
bool checkApiVersion(MapReader& top, ParseContext& context);

} // namespace orrery::scenario
