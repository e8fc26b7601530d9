#pragma once
#include "trace/span.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace orrery::trace {

//! 1 to 16 hex digits (either case) as a number; nullopt for anything else.
[[nodiscard]] std::optional<std::uint64_t> parseHexId(std::string_view text);
//! A trace id of exactly 16 or 32 hex digits (high half first); nullopt otherwise.
[[nodiscard]] std::optional<TraceId> parseTraceId(std::string_view text);
//! A span id as Jaeger writes it: 16 lower-case hex digits.
[[nodiscard]] std::string hexSpanId(SpanId id);

} // namespace orrery::trace
