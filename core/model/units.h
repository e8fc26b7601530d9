#pragma once
#include "sim/sim_time.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace orrery::model {

//! Parses quantities and durations written with units, as Kubernetes and Prometheus write them.
//! Each returns std::nullopt and fills `error` (what was expected) on bad input; none throws.
//! OWNED BY THE SCENARIO WORK: implementation in units.cpp.

//! "250ms", "10s", "2h", "1h30m", "1.5s", "500us", "100ns", "3d". A bare number is an error
//! (units are mandatory). Rejects negatives and overflow of int64 nanoseconds.
std::optional<sim::SimTime> parseDuration(std::string_view text, std::string* error = nullptr);

//! CPU in millicores: "500m" → 500, "2" → 2000, "1.5" → 1500.
std::optional<std::int64_t> parseMillicores(std::string_view text, std::string* error = nullptr);

//! Bytes: "64Gi", "512Mi", "1G", "100k", "1024" (Kubernetes resource.Quantity suffixes
//! Ki Mi Gi Ti Pi Ei, k M G T P E, and plain).
std::optional<std::int64_t> parseBytes(std::string_view text, std::string* error = nullptr);

//! Rates as events per second: "2/s", "30/min", "100/h", "0.5/s".
std::optional<double> parseRatePerSecond(std::string_view text, std::string* error = nullptr);

//! Formats for messages and reports: "1h30m", "250ms"; "64Gi".
std::string formatDuration(sim::SimTime duration);
std::string formatBytes(std::int64_t bytes);

} // namespace orrery::model
