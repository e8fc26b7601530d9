#include "model/units.h"

#include "model/diagnostic.h"

#include "model/did_you_mean.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <limits>
#include <vector>

namespace orrery::model {

namespace {

// Exact arithmetic on mantissa × unit: the largest product (a 20-digit integer part times 2^60
// bytes) needs about 125 bits. __extension__ keeps -Wpedantic quiet about the GCC/Clang type.
__extension__ using UInt128 = unsigned __int128;

constexpr auto kInt64Max = static_cast<UInt128>(std::numeric_limits<std::int64_t>::max());
constexpr int kMaxFractionDigits = 19; // 10^19 still fits in uint64

//! A non-negative decimal number as written: integer + fraction / 10^fractionDigits.
struct Mantissa {
    std::uint64_t integer = 0;
    std::uint64_t fraction = 0;
    int fractionDigits = 0;
};

enum class Scan { Ok, NoDigits, IntegerTooLarge, TooManyDecimals };

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

// Reads digits[.digits] (".5" and "5." included) from text[pos...], advancing pos past it.
Scan scanMantissa(std::string_view text, std::size_t& pos, Mantissa& out)
{
    out = {};
    const std::size_t begin = pos;
    bool anyDigit = false;
    bool integerOverflow = false;
    while (pos < text.size() && isDigit(text[pos])) {
        anyDigit = true;
        const auto digit = static_cast<std::uint64_t>(text[pos] - '0');
        if (__builtin_mul_overflow(out.integer, std::uint64_t{10}, &out.integer)
            || __builtin_add_overflow(out.integer, digit, &out.integer))
            integerOverflow = true;
        ++pos;
    }
    std::string_view fractionText;
    if (pos < text.size() && text[pos] == '.') {
        const std::size_t start = ++pos;
        while (pos < text.size() && isDigit(text[pos]))
            ++pos;
        fractionText = text.substr(start, pos - start);
        anyDigit = anyDigit || !fractionText.empty();
    }
    if (!anyDigit) {
        pos = begin;
        return Scan::NoDigits;
    }
    if (integerOverflow)
        return Scan::IntegerTooLarge;
    while (!fractionText.empty() && fractionText.back() == '0')
        fractionText.remove_suffix(1);
    if (static_cast<int>(fractionText.size()) > kMaxFractionDigits)
        return Scan::TooManyDecimals;
    for (const char c : fractionText)
        out.fraction = out.fraction * 10 + static_cast<std::uint64_t>(c - '0');
    out.fractionDigits = static_cast<int>(fractionText.size());
    return Scan::Ok;
}

UInt128 pow10(int exponent)
{
    UInt128 value = 1;
    for (int i = 0; i < exponent; ++i)
        value *= 10;
    return value;
}

//! mantissa × scale, exactly; `exact` is false when the result has a fractional part.
UInt128 scaled(const Mantissa& mantissa, std::uint64_t scale, bool& exact)
{
    const UInt128 divisor = pow10(mantissa.fractionDigits);
    const UInt128 fractionPart = static_cast<UInt128>(mantissa.fraction) * scale;
    exact = fractionPart % divisor == 0;
    return static_cast<UInt128>(mantissa.integer) * scale + fractionPart / divisor;
}

std::string quoted(std::string_view text)
{
    return quoteForMessage(text);
}

template <typename T>
std::optional<T> fail(std::string* error, std::string_view expected, std::string_view text, const std::string& detail = {})
{
    if (error) {
        *error = std::string(expected) + ", got " + quoted(text);
        if (!detail.empty())
            *error += " (" + detail + ")";
    }
    return std::nullopt;
}

std::string lower(std::string_view text)
{
    std::string out(text);
    for (char& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

std::string describeChar(char c)
{
    if (c == ' ')
        return "unexpected space";
    return "unexpected " + quoted(std::string_view(&c, 1));
}

// ---- durations --------------------------------------------------------------------------

constexpr std::string_view kDurationExpected = "expected a duration with a unit such as 250ms, 10s or 2h";

struct DurationUnit {
    std::string_view name;
    std::uint64_t nanoseconds;
};

// Largest first: components must follow this order.
constexpr std::array<DurationUnit, 7> kDurationUnits = {{
    {"d", 24 * 3600 * 1'000'000'000ULL},
    {"h", 3600 * 1'000'000'000ULL},
    {"m", 60 * 1'000'000'000ULL},
    {"s", 1'000'000'000ULL},
    {"ms", 1'000'000ULL},
    {"us", 1'000ULL},
    {"ns", 1ULL},
}};

bool isUnitByte(char c)
{
    // ASCII letters, and the bytes of the UTF-8 micro signs µ (C2 B5) and μ (CE BC).
    const auto byte = static_cast<unsigned char>(c);
    return std::isalpha(byte) || byte == 0xc2 || byte == 0xb5 || byte == 0xce || byte == 0xbc;
}

std::string unknownDurationUnit(std::string_view unit)
{
    std::string detail = "unknown unit '" + std::string(unit) + "'; use ns, us, ms, s, m, h or d";
    const std::string l = lower(unit);
    std::string suggestion;
    if (l == "sec" || l == "secs" || l == "second" || l == "seconds")
        suggestion = "s";
    else if (l == "min" || l == "mins" || l == "minute" || l == "minutes")
        suggestion = "m";
    else if (l == "hr" || l == "hrs" || l == "hour" || l == "hours")
        suggestion = "h";
    else if (l == "day" || l == "days")
        suggestion = "d";
    else if (l == "msec" || l == "msecs" || l == "millis")
        suggestion = "ms";
    else if (l == "usec" || l == "usecs" || l == "micros")
        suggestion = "us";
    else if (l == "nsec" || l == "nsecs" || l == "nanos")
        suggestion = "ns";
    else if (l == "w" || l == "y")
        return detail + "; weeks and years are not units here, write days such as 14d or 365d";
    else {
        for (const auto& candidate : kDurationUnits) {
            if (candidate.name == l)
                suggestion = candidate.name; // right letters, wrong case
        }
    }
    if (!suggestion.empty())
        return detail + " (did you mean '" + suggestion + "'?)";
    return detail;
}

std::optional<std::size_t> durationUnitIndex(std::string_view unit)
{
    if (unit == "\xc2\xb5s" || unit == "\xce\xbcs") // µs (micro sign) and μs (Greek mu)
        unit = "us";
    for (std::size_t i = 0; i < kDurationUnits.size(); ++i) {
        if (kDurationUnits[i].name == unit)
            return i;
    }
    return std::nullopt;
}

// ---- quantities -------------------------------------------------------------------------

struct Suffix {
    std::string_view name;
    std::uint64_t scale;
};

constexpr std::array<Suffix, 13> kByteSuffixes = {{
    {"", 1ULL},
    {"k", 1'000ULL},
    {"M", 1'000'000ULL},
    {"G", 1'000'000'000ULL},
    {"T", 1'000'000'000'000ULL},
    {"P", 1'000'000'000'000'000ULL},
    {"E", 1'000'000'000'000'000'000ULL},
    {"Ki", 1ULL << 10},
    {"Mi", 1ULL << 20},
    {"Gi", 1ULL << 30},
    {"Ti", 1ULL << 40},
    {"Pi", 1ULL << 50},
    {"Ei", 1ULL << 60},
}};

bool isExponent(std::string_view suffix)
{
    if (suffix.size() < 2 || (suffix[0] != 'e' && suffix[0] != 'E'))
        return false;
    std::size_t i = 1;
    if (suffix[i] == '+' || suffix[i] == '-')
        ++i;
    return i < suffix.size() && std::all_of(suffix.begin() + static_cast<std::ptrdiff_t>(i), suffix.end(), isDigit);
}

std::string unknownByteSuffix(std::string_view suffix)
{
    if (isExponent(suffix))
        return "exponents are not supported; write a suffix instead, such as 1G for 1e9";
    const std::string generic = "unknown suffix '" + std::string(suffix)
        + "'; use Ki, Mi, Gi, Ti, Pi, Ei (powers of 1024) or k, M, G, T, P, E (powers of 1000)";
    if (suffix == "m")
        return "'m' means milli (1/1000) in Kubernetes quantities; write M (10^6 bytes) or Mi (2^20 bytes)";
    if (suffix == "K")
        return "write k (10^3 bytes) or Ki (2^10 bytes)";
    if (suffix.size() >= 2 && (suffix.back() == 'B' || suffix.back() == 'b')) {
        std::string_view stem = suffix.substr(0, suffix.size() - 1);
        if (stem.size() == 2 && stem[1] == 'i')
            stem = stem.substr(0, 1);
        const std::string upper(1, static_cast<char>(std::toupper(static_cast<unsigned char>(stem[0]))));
        for (const auto& candidate : kByteSuffixes) {
            if (stem.size() == 1 && candidate.name == upper + "i") {
                const std::string decimal = upper == "K" ? "k" : upper;
                return "quantities have no 'B': write " + decimal + " (powers of 1000) or " + upper
                    + "i (powers of 1024)";
            }
        }
        return generic;
    }
    for (const auto& candidate : kByteSuffixes) {
        if (!candidate.name.empty() && lower(candidate.name) == lower(suffix))
            return generic + " (suffixes are case-sensitive: did you mean '" + std::string(candidate.name) + "'?)";
    }
    return generic;
}

std::string decimalText(std::uint64_t value, std::uint64_t unit, int unitDigits)
{
    std::string out = std::to_string(value / unit);
    std::uint64_t fraction = value % unit;
    if (fraction == 0)
        return out;
    std::string digits = std::to_string(fraction);
    digits.insert(0, static_cast<std::size_t>(unitDigits) - digits.size(), '0');
    while (!digits.empty() && digits.back() == '0')
        digits.pop_back();
    return out + "." + digits;
}

std::string formatUnsignedDuration(std::uint64_t ns)
{
    if (ns == 0)
        return "0s";
    if (ns < 1'000)
        return std::to_string(ns) + "ns";
    if (ns < 1'000'000)
        return decimalText(ns, 1'000, 3) + "us";
    if (ns < 1'000'000'000)
        return decimalText(ns, 1'000'000, 6) + "ms";
    std::string out;
    for (std::size_t i = 0; i < 3; ++i) { // d, h, m
        const std::uint64_t unit = kDurationUnits[i].nanoseconds;
        if (ns >= unit) {
            out += std::to_string(ns / unit) + std::string(kDurationUnits[i].name);
            ns %= unit;
        }
    }
    if (ns > 0)
        out += decimalText(ns, 1'000'000'000, 9) + "s";
    return out;
}

std::string formatUnsignedBytes(std::uint64_t bytes)
{
    if (bytes == 0)
        return "0";
    // Exact forms only: the largest binary and the largest decimal suffix that divide evenly;
    // the shorter mantissa wins, binary on a tie.
    std::string best = std::to_string(bytes);
    std::size_t bestDigits = best.size();
    for (const auto& suffix : kByteSuffixes) { // decimal suffixes come before binary ones
        if (suffix.name.empty() || bytes % suffix.scale != 0)
            continue;
        const std::string mantissa = std::to_string(bytes / suffix.scale);
        const bool binary = suffix.name.size() == 2;
        if (mantissa.size() < bestDigits || (mantissa.size() == bestDigits && binary)) {
            best = mantissa + std::string(suffix.name);
            bestDigits = mantissa.size();
        }
    }
    return best;
}

} // namespace

std::optional<sim::SimTime> parseDuration(std::string_view text, std::string* error)
{
    using Result = sim::SimTime;
    if (text.empty())
        return fail<Result>(error, kDurationExpected, text);
    if (text.front() == '-')
        return fail<Result>(error, kDurationExpected, text, "durations cannot be negative");
    if (text.front() == '+')
        return fail<Result>(error, kDurationExpected, text, "write the duration without a sign");

    std::size_t pos = 0;
    std::optional<std::size_t> previousUnit;
    UInt128 total = 0;
    while (pos < text.size()) {
        Mantissa mantissa;
        const std::size_t numberStart = pos;
        switch (scanMantissa(text, pos, mantissa)) {
        case Scan::Ok: break;
        case Scan::NoDigits:
            if (isUnitByte(text[pos]) && pos == 0)
                return fail<Result>(error, kDurationExpected, text, "a number must come before the unit");
            return fail<Result>(error, kDurationExpected, text, describeChar(text[pos]));
        case Scan::IntegerTooLarge:
            return fail<Result>(error, kDurationExpected, text,
                                "larger than the largest duration, " + formatDuration(sim::kSimTimeMax));
        case Scan::TooManyDecimals:
            return fail<Result>(error, kDurationExpected, text, "finer than 1ns");
        }
        const std::size_t unitStart = pos;
        while (pos < text.size() && isUnitByte(text[pos]))
            ++pos;
        const std::string_view unit = text.substr(unitStart, pos - unitStart);
        if (unit.empty()) {
            if (pos == text.size() && numberStart == 0)
                return fail<Result>(error, kDurationExpected, text); // a bare number
            if (pos == text.size())
                return fail<Result>(error, kDurationExpected, text,
                                    "missing unit after " + std::string(text.substr(numberStart)));
            return fail<Result>(error, kDurationExpected, text, describeChar(text[pos]));
        }
        const auto unitIndex = durationUnitIndex(unit);
        if (!unitIndex)
            return fail<Result>(error, kDurationExpected, text, unknownDurationUnit(unit));
        if (previousUnit && *unitIndex <= *previousUnit)
            return fail<Result>(error, kDurationExpected, text,
                                "units must go from the largest to the smallest, each at most once, as in 1h30m");
        previousUnit = unitIndex;
        bool exact = true;
        total += scaled(mantissa, kDurationUnits[*unitIndex].nanoseconds, exact);
        if (!exact)
            return fail<Result>(error, kDurationExpected, text, "finer than 1ns");
        if (total > kInt64Max)
            return fail<Result>(error, kDurationExpected, text,
                                "larger than the largest duration, " + formatDuration(sim::kSimTimeMax));
    }
    return static_cast<sim::SimTime>(total);
}

std::optional<std::int64_t> parseMillicores(std::string_view text, std::string* error)
{
    constexpr std::string_view expected = "expected CPU as cores or millicores such as 2, 1.5 or 500m";
    using Result = std::int64_t;
    if (text.empty())
        return fail<Result>(error, expected, text);
    if (text.front() == '-')
        return fail<Result>(error, expected, text, "CPU cannot be negative");
    std::size_t pos = 0;
    Mantissa mantissa;
    switch (scanMantissa(text, pos, mantissa)) {
    case Scan::Ok: break;
    case Scan::NoDigits: return fail<Result>(error, expected, text);
    case Scan::IntegerTooLarge: return fail<Result>(error, expected, text, "too large");
    case Scan::TooManyDecimals: return fail<Result>(error, expected, text, "finer than 1m, one millicore");
    }
    const std::string_view suffix = text.substr(pos);
    std::uint64_t scale = 0;
    if (suffix.empty())
        scale = 1000;
    else if (suffix == "m")
        scale = 1;
    else if (isExponent(suffix))
        return fail<Result>(error, expected, text, "exponents are not supported; write cores (2, 0.5) or millicores (500m)");
    else
        return fail<Result>(error, expected, text,
                            "unknown suffix '" + std::string(suffix) + "'; write cores (2, 0.5) or millicores (500m)");
    bool exact = true;
    const UInt128 value = scaled(mantissa, scale, exact);
    if (!exact)
        return fail<Result>(error, expected, text, "finer than 1m, one millicore");
    if (value > kInt64Max)
        return fail<Result>(error, expected, text, "too large");
    return static_cast<std::int64_t>(value);
}

std::optional<std::int64_t> parseBytes(std::string_view text, std::string* error)
{
    constexpr std::string_view expected = "expected a byte quantity such as 512Mi, 64Gi or 1G";
    using Result = std::int64_t;
    if (text.empty())
        return fail<Result>(error, expected, text);
    if (text.front() == '-')
        return fail<Result>(error, expected, text, "sizes cannot be negative");
    std::size_t pos = 0;
    Mantissa mantissa;
    switch (scanMantissa(text, pos, mantissa)) {
    case Scan::Ok: break;
    case Scan::NoDigits: return fail<Result>(error, expected, text);
    case Scan::IntegerTooLarge: return fail<Result>(error, expected, text, "too large");
    case Scan::TooManyDecimals: return fail<Result>(error, expected, text, "not a whole number of bytes");
    }
    const std::string_view suffix = text.substr(pos);
    std::uint64_t scale = 0;
    for (const auto& candidate : kByteSuffixes) {
        if (candidate.name == suffix)
            scale = candidate.scale;
    }
    if (scale == 0)
        return fail<Result>(error, expected, text, unknownByteSuffix(suffix));
    bool exact = true;
    const UInt128 value = scaled(mantissa, scale, exact);
    if (!exact)
        return fail<Result>(error, expected, text, "not a whole number of bytes");
    if (value > kInt64Max)
        return fail<Result>(error, expected, text, "too large");
    return static_cast<std::int64_t>(value);
}

std::optional<double> parseRatePerSecond(std::string_view text, std::string* error)
{
    constexpr std::string_view expected = "expected a rate such as 2/s, 30/min or 100/h";
    using Result = double;
    if (text.empty())
        return fail<Result>(error, expected, text);
    if (text.front() == '-')
        return fail<Result>(error, expected, text, "rates cannot be negative");
    const std::size_t slash = text.find('/');
    const std::string_view number = text.substr(0, slash);
    std::size_t pos = 0;
    Mantissa mantissa;
    const Scan scan = scanMantissa(number, pos, mantissa);
    if (scan == Scan::NoDigits || pos != number.size())
        return fail<Result>(error, expected, text);
    if (slash == std::string_view::npos)
        return fail<Result>(error, expected, text, "a time unit is required, e.g. 2/s");
    double count = 0.0;
    const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), count,
                                           std::chars_format::fixed);
    if (ec != std::errc() || end != number.data() + number.size() || !std::isfinite(count))
        return fail<Result>(error, expected, text, "too large");

    struct RateUnit {
        std::string_view name;
        double seconds;
    };
    static constexpr std::array<RateUnit, 5> kUnits = {{
        {"ms", 1e-3}, {"s", 1.0}, {"min", 60.0}, {"h", 3600.0}, {"d", 86400.0},
    }};
    const std::string_view unit = text.substr(slash + 1);
    for (const auto& candidate : kUnits) {
        if (candidate.name == unit)
            return count / candidate.seconds;
    }
    if (unit == "m")
        return fail<Result>(error, expected, text, "write /min for per minute");
    std::vector<std::string> names;
    for (const auto& candidate : kUnits)
        names.emplace_back(candidate.name);
    std::string detail = "unknown time unit '" + std::string(unit) + "'; use /ms, /s, /min, /h or /d";
    const std::string l = lower(unit);
    if (l == "sec" || l == "second")
        detail += " (did you mean 's'?)";
    else if (l == "hour" || l == "hr")
        detail += " (did you mean 'h'?)";
    else if (l == "day")
        detail += " (did you mean 'd'?)";
    else
        detail += didYouMean(unit, names);
    return fail<Result>(error, expected, text, detail);
}

std::string formatDuration(sim::SimTime duration)
{
    if (duration < 0) {
        std::string out = "-";
        out += formatUnsignedDuration(0 - static_cast<std::uint64_t>(duration));
        return out;
    }
    return formatUnsignedDuration(static_cast<std::uint64_t>(duration));
}

std::string formatBytes(std::int64_t bytes)
{
    if (bytes < 0) {
        std::string out = "-";
        out += formatUnsignedBytes(0 - static_cast<std::uint64_t>(bytes));
        return out;
    }
    return formatUnsignedBytes(static_cast<std::uint64_t>(bytes));
}

std::string formatMillicores(std::int64_t millicores)
{
    if (millicores % 1000 == 0)
        return std::to_string(millicores / 1000);
    return std::to_string(millicores) + "m";
}

} // namespace orrery::model
