#include "model/value_format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

namespace orrery::model {
namespace {

//! "1234567" → "1,234,567" (the digits before any point; a leading '-' kept).
std::string groupThousands(const std::string& text)
{
    const std::size_t start = !text.empty() && text.front() == '-' ? 1 : 0;
    std::size_t end = text.find_first_of(".eE", start);
    if (end == std::string::npos)
        end = text.size();
    std::string out = text.substr(0, start);
    const std::size_t digits = end - start;
    for (std::size_t i = 0; i < digits; ++i) {
        if (i > 0 && (digits - i) % 3 == 0)
            out += ',';
        out += text[start + i];
    }
    return out + text.substr(end);
}

//! Drops trailing zeros after a decimal point, and the point itself when nothing follows.
std::string trimZeros(std::string text)
{
    if (text.find('.') == std::string::npos || text.find_first_of("eE") != std::string::npos)
        return text;
    while (text.back() == '0')
        text.pop_back();
    if (text.back() == '.')
        text.pop_back();
    return text;
}

std::string fixed(double value, int decimals)
{
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    return text;
}

std::string infinityText(double value)
{
    return value > 0 ? "∞" : "-∞";
}

std::string withUnit(const std::string& number, std::string_view unit)
{
    return unit.empty() ? number : number + " " + std::string(unit);
}

bool isRatio(std::string_view unit)
{
    return unit == "ratio" || unit == "share" || unit == "fraction";
}

//! Seconds in the unit that reads best.
std::string durationText(double seconds)
{
    struct Step {
        double limit;
        double scale;
        const char* unit;
    };
    static constexpr Step kSteps[] = {{1e-6, 1e9, "ns"}, {1e-3, 1e6, "µs"}, {1.0, 1e3, "ms"},   {60.0, 1.0, "s"},
                                      {3600.0, 1.0 / 60, "min"}, {86400.0, 1.0 / 3600, "h"}};
    const double magnitude = std::fabs(seconds);
    if (magnitude == 0)
        return "0 s";
    for (const Step& step : kSteps) {
        const double scaled = seconds * step.scale;
        // A value that rounds up to "1,000 ms" reads better as "1 s": the next unit takes it.
        if (magnitude < step.limit && (std::fabs(scaled) < 999.5 || step.limit >= 60.0))
            return formatSignificant(scaled) + " " + step.unit;
    }
    return formatSignificant(seconds / 86400.0) + " d";
}

std::string binaryBytes(double bytes)
{
    static constexpr const char* kUnits[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    double scaled = bytes;
    std::size_t unit = 0;
    while (std::fabs(scaled) >= 1024 && unit + 1 < std::size(kUnits)) {
        scaled /= 1024;
        ++unit;
    }
    return formatSignificant(scaled) + " " + kUnits[unit];
}

//! SI prefixes for physical units (W, J, Hz): "2.3 kW", "1.41 GHz", "350 mW".
std::string siPrefixed(double value, const std::string& unit)
{
    static constexpr struct {
        double factor;
        const char* prefix;
    } kPrefixes[] = {{1e12, "T"}, {1e9, "G"}, {1e6, "M"}, {1e3, "k"}, {1, ""}, {1e-3, "m"}, {1e-6, "µ"}};
    const double magnitude = std::fabs(value);
    if (magnitude == 0)
        return "0 " + unit;
    for (const auto& prefix : kPrefixes) {
        if (magnitude >= prefix.factor * 0.9995)
            return formatSignificant(value / prefix.factor) + " " + prefix.prefix + unit;
    }
    return formatSignificant(value) + " " + unit;
}

bool isWhole(double value)
{
    return std::fabs(value) < 1e15 && value == std::floor(value);
}

//! What both entry points share; `unitOnCounts` writes the unit after plain counts.
std::string formatByUnit(double value, std::string_view unit, bool unitOnCounts)
{
    if (std::isnan(value))
        return "n/a";
    if (std::isinf(value))
        return withUnit(infinityText(value), isRatio(unit) ? std::string_view("%") : unit);
    if (isRatio(unit))
        return formatSignificant(value * 100) + " %";
    if (unit == "factor")
        return formatSignificant(value) + "×";
    if (unit == "s")
        return durationText(value);
    if (unit == "ms")
        return durationText(value / 1e3);
    if (unit == "us" || unit == "µs")
        return durationText(value / 1e6);
    if (unit == "bytes" || unit == "B")
        return binaryBytes(value);
    if (unit == "USD") {
        const std::string number = groupThousands(fixed(std::fabs(value), 2));
        return (value < 0 ? "-$" : "$") + number;
    }
    if (unit == "W" || unit == "J" || unit == "Hz")
        return siPrefixed(value, std::string(unit));
    if (unit == "MHz")
        return siPrefixed(value * 1e6, "Hz");
    const std::string number = isWhole(value) ? groupThousands(fixed(value, 0)) : formatSignificant(value);
    return unitOnCounts ? withUnit(number, unit) : number;
}

} // namespace

std::string formatSignificant(double value, int digits)
{
    if (std::isnan(value))
        return "n/a";
    if (std::isinf(value))
        return infinityText(value);
    if (value == 0)
        return "0";
    digits = std::max(digits, 1);
    const double magnitude = std::fabs(value);
    if (magnitude >= 1e15) {
        char text[64];
        std::snprintf(text, sizeof text, "%.*g", digits, value);
        return text;
    }
    const int exponent = static_cast<int>(std::floor(std::log10(magnitude)));
    if (exponent >= digits - 1)
        return groupThousands(fixed(std::round(value), 0)); // half away from zero, as people round
    const int decimals = digits - 1 - exponent;
    if (decimals > 9) {
        char text[64];
        std::snprintf(text, sizeof text, "%.*g", digits, value);
        return text;
    }
    return groupThousands(trimZeros(fixed(value, decimals)));
}

bool formatsWithUnit(std::string_view unit)
{
    return isRatio(unit) || unit == "factor" || unit == "s" || unit == "ms" || unit == "us" || unit == "µs" ||
           unit == "bytes" || unit == "B" || unit == "USD" || unit == "W" || unit == "J" || unit == "Hz" || unit == "MHz";
}

std::string formatValue(double value, std::string_view unit)
{
    return formatByUnit(value, unit, true);
}

std::string formatValueInUnitColumn(double value, std::string_view unit)
{
    return formatByUnit(value, unit, false);
}

AxisTicks niceAxisTicks(double low, double high, int targetCount)
{
    AxisTicks ticks;
    if (!std::isfinite(low) || !std::isfinite(high))
        return ticks;
    if (!(high > low)) {
        ticks.first = ticks.last = low;
        ticks.values = {low};
        ticks.decimals = low == std::floor(low) ? 0 : 2;
        return ticks;
    }
    targetCount = std::max(targetCount, 2);
    const auto nice = [](double range, bool round) {
        const double exponent = std::floor(std::log10(range));
        const double fraction = range / std::pow(10.0, exponent);
        double niceFraction = 10;
        if (round)
            niceFraction = fraction < 1.5 ? 1 : fraction < 3 ? 2 : fraction < 7 ? 5 : 10;
        else
            niceFraction = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
        return niceFraction * std::pow(10.0, exponent);
    };
    const double range = nice(high - low, false);
    ticks.step = nice(range / (targetCount - 1), true);
    ticks.first = std::floor(low / ticks.step) * ticks.step;
    ticks.last = std::ceil(high / ticks.step) * ticks.step;
    ticks.decimals = std::max(0, static_cast<int>(-std::floor(std::log10(ticks.step))));
    const long count = std::lround((ticks.last - ticks.first) / ticks.step);
    for (long i = 0; i <= count; ++i) {
        // Multiples of the step, not repeated sums, so 0.1 + 0.2 never shows 0.30000000000000004.
        double tick = (std::round(ticks.first / ticks.step) + static_cast<double>(i)) * ticks.step;
        if (std::fabs(tick) < ticks.step * 1e-9)
            tick = 0;
        ticks.values.push_back(tick);
    }
    return ticks;
}

std::string formatTick(double value, int decimals)
{
    if (!std::isfinite(value))
        return std::isnan(value) ? "n/a" : infinityText(value);
    decimals = std::clamp(decimals, 0, 12);
    std::string text = groupThousands(fixed(value, decimals));
    // "-0", "-0.00": rounding noise below zero reads as zero.
    if (text.front() == '-' && text.find_first_not_of("-0.,") == std::string::npos)
        text.erase(0, 1);
    return text;
}

} // namespace orrery::model
