#pragma once
#include "scenario/parse_context.h"
#include "scenario/yaml_node.h"
#include "sim/sim_time.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace orrery::scenario {

// Typed readers for scalar fields. Each reports "expected ..., got ..." at the node (with the
// field path) and returns std::nullopt when the node is not a scalar of the right form or lies
// outside [min, max]. Numbers may be written plain or quoted.

//! A non-empty string; `what` completes "expected ...".
std::optional<std::string> readString(const YamlNode& node, const std::string& path, ParseContext& context, std::string_view what);
//! A Kubernetes-style name (RFC 1123 label): [a-z0-9-], at most 63, alphanumeric at both ends.
std::optional<std::string> readName(const YamlNode& node, const std::string& path, ParseContext& context);
//! A decimal integer in [min, max].
std::optional<std::int64_t> readInteger(const YamlNode& node, const std::string& path, ParseContext& context,
                                        std::int64_t min, std::int64_t max);
//! A decimal integer in [0, 2^64 - 1].
std::optional<std::uint64_t> readUnsigned64(const YamlNode& node, const std::string& path, ParseContext& context);
//! A finite decimal number in [min, max]; `unit` is appended to the range in messages.
std::optional<double> readNumber(const YamlNode& node, const std::string& path, ParseContext& context, double min,
                                 double max, std::string_view unit);
//! A duration ("10m") in [min, max].
std::optional<sim::SimTime> readDuration(const YamlNode& node, const std::string& path, ParseContext& context,
                                         sim::SimTime min, sim::SimTime max);
//! CPU ("2", "500m") in millicores, in [min, max].
std::optional<std::int64_t> readMillicores(const YamlNode& node, const std::string& path, ParseContext& context,
                                           std::int64_t min, std::int64_t max);
//! A byte quantity ("64Gi") in [min, max].
std::optional<std::int64_t> readBytes(const YamlNode& node, const std::string& path, ParseContext& context,
                                      std::int64_t min, std::int64_t max);
//! A rate ("30/min") in events per second, greater than 0 and at most maxPerSecond.
std::optional<double> readRate(const YamlNode& node, const std::string& path, ParseContext& context, double maxPerSecond);

//! on/off (or true/false); `fallback` after reporting anything else.
bool readSwitch(const YamlNode& node, const std::string& path, ParseContext& context, bool fallback);

} // namespace orrery::scenario
