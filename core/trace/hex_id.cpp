#include "trace/hex_id.h"

#include <array>
#include <cstdio>

namespace orrery::trace {
namespace {

constexpr std::array<std::int8_t, 256> makeHexDigits()
{
    std::array<std::int8_t, 256> digits{};
    for (auto& digit : digits)
        digit = -1;
    for (int c = '0'; c <= '9'; ++c)
        digits[static_cast<std::size_t>(c)] = static_cast<std::int8_t>(c - '0');
    for (int c = 'a'; c <= 'f'; ++c)
        digits[static_cast<std::size_t>(c)] = static_cast<std::int8_t>(c - 'a' + 10);
    for (int c = 'A'; c <= 'F'; ++c)
        digits[static_cast<std::size_t>(c)] = static_cast<std::int8_t>(c - 'A' + 10);
    return digits;
}
constexpr std::array<std::int8_t, 256> kHexDigits = makeHexDigits();

} // namespace

std::optional<std::uint64_t> parseHexId(std::string_view text)
{
    if (text.empty() || text.size() > 16)
        return std::nullopt;
    std::uint64_t value = 0;
    for (const char c : text) {
        const int digit = kHexDigits[static_cast<unsigned char>(c)];
        if (digit < 0)
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
