#include "trace/hex_id.h"

#include <cstdio>

namespace orrery::trace {

std::optional<std::uint64_t> parseHexId(std::string_view text)
{
    if (text.empty() || text.size() > 16)
        return std::nullopt;
    std::uint64_t value = 0;
    for (const char c : text) {
        int digit = 0;
        if (c >= '0' && c <= '9')
            digit = c - '0';
        else if (c >= 'a' && c <= 'f')
            digit = c - 'a' + 10;
        else if (c >= 'A' && c <= 'F')
            digit = c - 'A' + 10;
        else
            return std::nullopt;
        value = (value << 4) | static_cast<std::uint64_t>(digit);
    }
    return value;
}

std::optional<TraceId> parseTraceId(std::string_view text)
{
    if (text.size() == 16) {
        const auto low = parseHexId(text);
        if (!low)
            return std::nullopt;
        return TraceId{0, *low};
    }
    if (text.size() == 32) {
        const auto high = parseHexId(text.substr(0, 16));
        const auto low = parseHexId(text.substr(16));
        if (!high || !low)
            return std::nullopt;
        return TraceId{*high, *low};
    }
    return std::nullopt;
}

std::string hexSpanId(SpanId id)
{
    char buffer[17];
    std::snprintf(buffer, sizeof buffer, "%016llx", static_cast<unsigned long long>(id));
    return buffer;
}

} // namespace orrery::trace
