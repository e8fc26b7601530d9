#pragma once
#include "sim/sim_time.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace orrery::model {

// Parsers for quantities and durations written with units, as Kubernetes and Prometheus write
// them. Each returns std::nullopt on bad input and, when `error` is given, fills it with one
// sentence saying what was expected and what was found (`expected a duration with a unit such
// as 250ms, 10s or 2h, got "10"`). None throws. Decimal mantissas are parsed exactly (integer
// arithmetic, no binary floating point): "0.1s" is 100000000 ns, "1.5Gi" is 1610612736 bytes.
// Input must be exactly the quantity: no surrounding spaces, no sign, no exponent.

//! "250ms", "10s", "2h", "1h30m", "1.5s", "500us" (or "500µs"), "100ns", "3d". Units are
//! ns, us/µs, ms, s, m, h, d; components go from the largest unit to the smallest, each at most
//! once. A bare number is an error (units are mandatory). Rejects negatives, values that are
//! not a whole number of nanoseconds, and overflow of int64 nanoseconds.
std::optional<sim::SimTime> parseDuration(std::string_view text, std::string* error = nullptr);

//! CPU in millicores: "500m" → 500, "2" → 2000, "1.5" → 1500. Rejects fractions of a millicore.
std::optional<std::int64_t> parseMillicores(std::string_view text, std::string* error = nullptr);

//! Bytes: "64Gi", "512Mi", "1G", "100k", "1024", "1.5Gi" (Kubernetes resource.Quantity suffixes
//! Ki Mi Gi Ti Pi Ei, k M G T P E, and plain). Rejects fractions of a byte.
std::optional<std::int64_t> parseBytes(std::string_view text, std::string* error = nullptr);

//! Rates as events per second: "2/s", "30/min", "100/h", "0.5/s" (also "/ms" and "/d").
std::optional<double> parseRatePerSecond(std::string_view text, std::string* error = nullptr);

//! Formats for messages and reports; each output parses back to the same value.
//! formatDuration: "1h30m", "250ms", "1.5s", "0s". formatBytes: "64Gi", "1G", "1000".
//! formatMillicores: "2", "1500m".
std::string formatDuration(sim::SimTime duration);
std::string formatBytes(std::int64_t bytes);
std::string formatMillicores(std::int64_t millicores);

} // namespace orrery::model
