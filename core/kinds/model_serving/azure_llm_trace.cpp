#include "kinds/model_serving/azure_llm_trace.h"

#include "model/bounded_file_read.h"

#include <charconv>
#include <fstream>
#include <limits>
#include <optional>
#include <sstream>
#include <stdexcept>

namespace orrery::kinds::model_serving {

namespace {

constexpr std::string_view kHeader = "TIMESTAMP,ContextTokens,GeneratedTokens";

[[noreturn]] void fail(const std::string& source, std::size_t line, std::string_view field, const std::string& what)
{
    throw std::runtime_error(source + ":" + std::to_string(line) + ": " + std::string(field) + ": " + what);
}

//! Days from 1970-01-01 to the civil date (H. Hinnant's days_from_civil, proleptic Gregorian).
std::int64_t daysFromCivil(std::int64_t year, unsigned month, unsigned day)
{
    year -= month <= 2 ? 1 : 0;
    const std::int64_t era = (year >= 0 ? year : year - 399) / 400;
    const auto yearOfEra = static_cast<unsigned>(year - era * 400);
    const unsigned dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1;
    const unsigned dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear;
    return era * 146097 + static_cast<std::int64_t>(dayOfEra) - 719468;
}

//! `text` in single quotes (built by appending: GCC 12 at -O3 warns falsely on "'" + std::string).
std::string quoted(std::string_view text)
{
    std::string out;
    out.reserve(text.size() + 2);
    out += '\'';
    out.append(text);
    out += '\'';
    return out;
}

bool isLeap(std::int64_t year) { return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0; }

//! Parses exactly `digits` decimal digits at `text[at]`, or nullopt.
std::optional<unsigned> digitsAt(std::string_view text, std::size_t at, std::size_t digits)
{
    if (at + digits > text.size())
        return std::nullopt;
    unsigned value = 0;
    for (std::size_t i = at; i < at + digits; ++i) {
        if (text[i] < '0' || text[i] > '9')
            return std::nullopt;
        value = value * 10 + static_cast<unsigned>(text[i] - '0');
    }
    return value;
}

//! `YYYY-MM-DD hh:mm:ss[.f…]` → nanoseconds since 1970-01-01 UTC, or an explanation.
std::optional<std::int64_t> parseTimestampNanoseconds(std::string_view text, std::string& error)
{
    const auto year = digitsAt(text, 0, 4);
    const auto month = digitsAt(text, 5, 2);
    const auto day = digitsAt(text, 8, 2);
    const auto hour = digitsAt(text, 11, 2);
    const auto minute = digitsAt(text, 14, 2);
    const auto second = digitsAt(text, 17, 2);
    if (text.size() < 19 || !year || !month || !day || !hour || !minute || !second || text[4] != '-'
        || text[7] != '-' || (text[10] != ' ' && text[10] != 'T') || text[13] != ':' || text[16] != ':') {
        error = quoted(text) + " is not a timestamp YYYY-MM-DD hh:mm:ss[.fffffff]";
        return std::nullopt;
    }
    // Nanoseconds since 1970 fit a signed 64-bit integer until 2262: keep well inside.
    if (*year < 1970 || *year > 2200) {
        error = "year " + std::to_string(*year) + " is outside 1970-2200";
        return std::nullopt;
    }
    static constexpr unsigned kDaysInMonth[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (*month < 1 || *month > 12) {
        error = "month " + std::to_string(*month) + " is outside 1-12";
        return std::nullopt;
    }
    const unsigned monthDays = kDaysInMonth[*month - 1] + (*month == 2 && isLeap(*year) ? 1 : 0);
    if (*day < 1 || *day > monthDays) {
        error = "day " + std::to_string(*day) + " is outside 1-" + std::to_string(monthDays);
        return std::nullopt;
    }
    if (*hour > 23 || *minute > 59 || *second > 60) {
        error = "time of day " + std::string(text.substr(11, 8)) + " is out of range";
        return std::nullopt;
    }
    std::int64_t fractionNanoseconds = 0;
    if (text.size() > 19) {
        const std::string_view fraction = text.substr(20);
        if (text[19] != '.' || fraction.empty() || fraction.size() > 9
            || !digitsAt(fraction, 0, fraction.size())) {
            error = quoted(text) + " has a malformed fraction of a second (1-9 digits after '.')";
            return std::nullopt;
        }
        fractionNanoseconds = *digitsAt(fraction, 0, fraction.size());
        for (std::size_t i = fraction.size(); i < 9; ++i)
            fractionNanoseconds *= 10;
    }
    const std::int64_t seconds = daysFromCivil(*year, *month, *day) * 86400 + *hour * 3600 + *minute * 60 + *second;
    return seconds * 1'000'000'000 + fractionNanoseconds;
}

std::uint32_t parseTokens(std::string_view text, const std::string& source, std::size_t line, std::string_view field)
{
    if (text.empty())
        fail(source, line, field, "is empty");
    std::uint64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec == std::errc::result_out_of_range
        || (ec == std::errc() && end == text.data() + text.size() && value > std::numeric_limits<std::uint32_t>::max()))
        fail(source, line, field, quoted(text) + " is too large for a token count");
    if (ec != std::errc() || end != text.data() + text.size())
        fail(source, line, field, quoted(text) + " is not a non-negative integer");
    return static_cast<std::uint32_t>(value);
}

} // namespace

LlmRequestTrace parseAzureLlmTrace(std::string_view text, const std::string& source)
{
    LlmRequestTrace trace;
    trace.source = source;
    if (text.substr(0, 3) == "\xEF\xBB\xBF")
        text.remove_prefix(3);
    std::size_t lineNumber = 0;
    bool headerSeen = false;
    std::int64_t firstNanoseconds = 0;
    std::int64_t previousNanoseconds = 0;
    while (!text.empty()) {
        const std::size_t newline = text.find('\n');
        std::string_view line = text.substr(0, newline);
        text.remove_prefix(newline == std::string_view::npos ? text.size() : newline + 1);
        ++lineNumber;
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (line.find_first_not_of(" \t") == std::string_view::npos)
            continue;
        if (!headerSeen) {
            if (line != kHeader)
                fail(source, lineNumber, "header", "expected " + quoted(kHeader) + ", found " + quoted(line));
            headerSeen = true;
            continue;
        }
        const std::size_t firstComma = line.find(',');
        const std::size_t secondComma = firstComma == std::string_view::npos ? firstComma : line.find(',', firstComma + 1);
        if (secondComma == std::string_view::npos || line.find(',', secondComma + 1) != std::string_view::npos) {
            std::size_t commas = 0;
            for (const char c : line)
                commas += c == ',' ? 1 : 0;
            fail(source, lineNumber, "row", "expected 3 comma-separated fields, found " + std::to_string(commas + 1));
        }
        std::string error;
        const auto nanoseconds = parseTimestampNanoseconds(line.substr(0, firstComma), error);
        if (!nanoseconds)
            fail(source, lineNumber, "TIMESTAMP", error);
        LlmRequestRecord record;
        record.contextTokens = parseTokens(line.substr(firstComma + 1, secondComma - firstComma - 1), source, lineNumber,
                                           "ContextTokens");
        record.generatedTokens = parseTokens(line.substr(secondComma + 1), source, lineNumber, "GeneratedTokens");
        if (trace.requests.empty())
            firstNanoseconds = *nanoseconds;
        else if (*nanoseconds < previousNanoseconds)
            fail(source, lineNumber, "TIMESTAMP", quoted(line.substr(0, firstComma))
                                                      + " is earlier than the previous row (rows must be in time order)");
        previousNanoseconds = *nanoseconds;
        record.arrivalSeconds = static_cast<double>(*nanoseconds - firstNanoseconds) * 1e-9;
        trace.requests.push_back(record);
    }
    if (!headerSeen)
        fail(source, lineNumber == 0 ? 1 : lineNumber, "header", "the file is empty; expected " + quoted(kHeader));
    return trace;
}

LlmRequestTrace readAzureLlmTrace(const std::string& path)
{
    const model::BoundedFileRead read = model::readFileAtMost(path, kMaxLlmTraceFileBytes);
    if (read.status == model::BoundedFileRead::Status::TooLarge)
        throw std::runtime_error(path + ": " + read.error + " for an LLM request trace (docs/reliability.md, Limits)");
    if (read.status == model::BoundedFileRead::Status::CannotOpen)
        throw std::runtime_error(path + ": cannot open the trace file");
    if (read.status != model::BoundedFileRead::Status::Ok)
        throw std::runtime_error(path + ": " + read.error);
    return parseAzureLlmTrace(read.text, path);
}

} // namespace orrery::kinds::model_serving
