#include "scenario/value_readers.h"

#include "model/units.h"

#include <array>
#include <charconv>
#include <cmath>
#include <limits>

namespace orrery::scenario {

namespace {

//! The node's text if it is a scalar; otherwise reports "expected <expected>, got a mapping".
const std::string* scalarText(const YamlNode& node, const std::string& path, ParseContext& context, std::string_view expected)
{
    if (node.isScalar())
        return &node.scalar();
    context.error(node, path, "expected " + std::string(expected) + ", got " + node.describe());
    return nullptr;
}

void reportExpected(const YamlNode& node, const std::string& path, ParseContext& context, std::string_view expected,
                    const std::string& detail = {})
{
    std::string message = "expected " + std::string(expected) + ", got " + node.describe();
    if (!detail.empty())
        message += " (" + detail + ")";
    context.error(node, path, std::move(message));
}

std::string numberText(double value)
{
    if (value == std::floor(value) && std::fabs(value) < 1e15)
        return std::to_string(static_cast<long long>(value));
    std::array<char, 32> buffer{};
    const auto result = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
    return std::string(buffer.data(), result.ptr);
}

//! "greater than 0 and at most 64Ti" (min 1), "at most 2h" (min 0), "from 1m to 2h".
std::string rangeText(std::int64_t min, const std::string& minText, const std::string& maxText)
{
    if (min <= 0)
        return "at most " + maxText;
    if (min == 1)
        return "greater than 0 and at most " + maxText;
    return "from " + minText + " to " + maxText;
}

} // namespace

std::optional<std::string> readString(const YamlNode& node, const std::string& path, ParseContext& context, std::string_view what)
{
    const std::string* text = scalarText(node, path, context, what);
    if (!text)
        return std::nullopt;
    if (text->empty()) {
        reportExpected(node, path, context, what);
        return std::nullopt;
    }
    return *text;
}

std::optional<std::string> readName(const YamlNode& node, const std::string& path, ParseContext& context)
{
    constexpr std::string_view expected =
        "a name of at most 63 lowercase letters, digits and '-', starting and ending with a letter or digit";
    const std::string* text = scalarText(node, path, context, expected);
    if (!text)
        return std::nullopt;
    const auto isAlnum = [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); };
    std::string detail;
    if (text->empty()) {
        detail = "empty";
    } else if (text->size() > 63) {
        detail = std::to_string(text->size()) + " characters";
    } else {
        for (const char c : *text) {
            if (c >= 'A' && c <= 'Z') {
                detail = std::string("uppercase '") + c + "' is not allowed";
                break;
            }
            if (!isAlnum(c) && c != '-') {
                detail = std::string("'") + c + "' is not allowed";
                if (static_cast<unsigned char>(c) >= 0x80 || c < 0x20)
                    detail = "only ASCII letters, digits and '-' are allowed";
                break;
            }
        }
        if (detail.empty() && !isAlnum(text->front()))
            detail = std::string("starts with '") + text->front() + "'";
        else if (detail.empty() && !isAlnum(text->back()))
            detail = std::string("ends with '") + text->back() + "'";
    }
    if (!detail.empty()) {
        reportExpected(node, path, context, expected, detail);
        return std::nullopt;
    }
    return *text;
}

std::optional<std::int64_t> readInteger(const YamlNode& node, const std::string& path, ParseContext& context,
                                        std::int64_t min, std::int64_t max)
{
    const std::string expected = "an integer from " + std::to_string(min) + " to " + std::to_string(max);
    const std::string* text = scalarText(node, path, context, expected);
    if (!text)
        return std::nullopt;
    std::int64_t value = 0;
    const auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), value);
    if (ec != std::errc() || end != text->data() + text->size() || text->empty() || value < min || value > max) {
        reportExpected(node, path, context, expected);
        return std::nullopt;
    }
    return value;
}

std::optional<std::uint64_t> readUnsigned64(const YamlNode& node, const std::string& path, ParseContext& context)
{
    constexpr std::string_view expected = "an unsigned 64-bit integer (0 to 18446744073709551615)";
    const std::string* text = scalarText(node, path, context, expected);
    if (!text)
        return std::nullopt;
    std::uint64_t value = 0;
    const auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), value);
    if (ec != std::errc() || end != text->data() + text->size() || text->empty()) {
        reportExpected(node, path, context, expected,
                       !text->empty() && text->front() == '-' ? "negative" : ec == std::errc::result_out_of_range ? "too large" : "");
        return std::nullopt;
    }
    return value;
}

std::optional<double> readNumber(const YamlNode& node, const std::string& path, ParseContext& context, double min,
                                 double max, std::string_view unit)
{
    std::string expected = "a number from " + numberText(min) + " to " + numberText(max);
    if (!unit.empty())
        expected.append(" ").append(unit);
    const std::string* text = scalarText(node, path, context, expected);
    if (!text)
        return std::nullopt;
    double value = 0.0;
    const auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), value);
    if (ec != std::errc() || end != text->data() + text->size() || text->empty() || !std::isfinite(value) || value < min
        || value > max) {
        reportExpected(node, path, context, expected);
        return std::nullopt;
    }
    return value;
}

std::optional<sim::SimTime> readDuration(const YamlNode& node, const std::string& path, ParseContext& context,
                                         sim::SimTime min, sim::SimTime max)
{
    const std::string range = rangeText(min, model::formatDuration(min), model::formatDuration(max));
    const std::string* text = scalarText(node, path, context, "a duration such as 250ms, 10s or 2h, " + range);
    if (!text)
        return std::nullopt;
    std::string error;
    const auto value = model::parseDuration(*text, &error);
    if (!value) {
        context.error(node, path, error);
        return std::nullopt;
    }
    if (*value < min || *value > max) {
        reportExpected(node, path, context, "a duration " + range);
        return std::nullopt;
    }
    return value;
}

std::optional<std::int64_t> readMillicores(const YamlNode& node, const std::string& path, ParseContext& context,
                                           std::int64_t min, std::int64_t max)
{
    const std::string range = rangeText(min, model::formatMillicores(min), model::formatMillicores(max) + " cores");
    const std::string* text = scalarText(node, path, context, "CPU as cores or millicores such as 2, 1.5 or 500m, " + range);
    if (!text)
        return std::nullopt;
    std::string error;
    const auto value = model::parseMillicores(*text, &error);
    if (!value) {
        context.error(node, path, error);
        return std::nullopt;
    }
    if (*value < min || *value > max) {
        reportExpected(node, path, context, "CPU " + range);
        return std::nullopt;
    }
    return value;
}

std::optional<std::int64_t> readBytes(const YamlNode& node, const std::string& path, ParseContext& context,
                                      std::int64_t min, std::int64_t max)
{
    const std::string range = rangeText(min, model::formatBytes(min), model::formatBytes(max));
    const std::string* text = scalarText(node, path, context, "a byte quantity such as 512Mi or 64Gi, " + range);
    if (!text)
        return std::nullopt;
    std::string error;
    const auto value = model::parseBytes(*text, &error);
    if (!value) {
        context.error(node, path, error);
        return std::nullopt;
    }
    if (*value < min || *value > max) {
        reportExpected(node, path, context, "a size " + range);
        return std::nullopt;
    }
    return value;
}

std::optional<double> readRate(const YamlNode& node, const std::string& path, ParseContext& context, double maxPerSecond)
{
    const std::string range = "greater than 0 and at most " + numberText(maxPerSecond) + "/s";
    const std::string* text = scalarText(node, path, context, "a rate such as 2/s, 30/min or 100/h, " + range);
    if (!text)
        return std::nullopt;
    std::string error;
    const auto value = model::parseRatePerSecond(*text, &error);
    if (!value) {
        context.error(node, path, error);
        return std::nullopt;
    }
    if (!(*value > 0.0) || *value > maxPerSecond) {
        reportExpected(node, path, context, "a rate " + range);
        return std::nullopt;
    }
    return value;
}

bool readSwitch(const YamlNode& node, const std::string& path, ParseContext& context, bool fallback)
{
    if (node.isScalar()) {
        const std::string& text = node.scalar();
        if (text == "on" || text == "true")
            return true;
        if (text == "off" || text == "false")
            return false;
    }
    context.error(node, path, "expected on or off, got " + node.describe());
    return fallback;
}

} // namespace orrery::scenario
