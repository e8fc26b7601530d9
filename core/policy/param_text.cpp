#include "policy/param_text.h"

#include <charconv>
#include <cmath>

namespace orrery::policy {
namespace {

//! Drops one leading '+' (from_chars accepts only '-'); false for "", "+", "+-1", "++1".
bool stripPlus(std::string_view& text)
{
    if (!text.empty() && text.front() == '+') {
        text.remove_prefix(1);
        if (!text.empty() && (text.front() == '+' || text.front() == '-'))
            return false;
    }
    return !text.empty();
}

} // namespace

std::optional<std::int64_t> parseParamInt(std::string_view text)
{
    if (!stripPlus(text))
        return std::nullopt;
    std::int64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size())
        return std::nullopt;
    return value;
}

std::optional<double> parseParamDouble(std::string_view text)
{
    if (!stripPlus(text))
        return std::nullopt;
    double value = 0.0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
        return std::nullopt;
    return value;
}

std::optional<bool> parseParamBool(std::string_view text)
{
    if (text == "true" || text == "True" || text == "TRUE")
        return true;
    if (text == "false" || text == "False" || text == "FALSE")
        return false;
    return std::nullopt;
}

std::string formatParamNumber(double value)
{
    char buffer[32];
    const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, value);
    if (error != std::errc())
        return std::to_string(value);
    return std::string(buffer, end);
}

} // namespace orrery::policy
