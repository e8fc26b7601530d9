#include "trace/element_context.h"

#include "trace/hex_id.h"
#include "trace/json_locator.h"

#include <limits>
#include <vector>

namespace orrery::trace::detail {
namespace {

constexpr std::int64_t kMaxMicros = std::numeric_limits<std::int64_t>::max() / 1000;

std::string joinPath(const std::string& prefix, const std::string& relative)
{
    if (relative.empty())
        return prefix.empty() ? "(document)" : prefix;
    if (prefix.empty() || relative.front() == '[')
        return prefix + relative;
    return prefix + '.' + relative;
}

//! `'text' suffix` (built step by step: GCC 12 at -O3 warns falsely on `"'" + string + "'…"`).
std::string quoted(std::string_view text, const char* suffix)
{
    std::string message(1, '\'');
    message.append(text);
    message += '\'';
    message += suffix;
    return message;
}

static_assert(kJsonPadding >= simdjson::SIMDJSON_PADDING, "the element stream must leave simdjson its padding");

} // namespace

const char* typeName(od::json_type type)
{
    switch (type) {
    case od::json_type::array: return "array";
    case od::json_type::object: return "object";
    case od::json_type::number: return "number";
    case od::json_type::string: return "string";
    case od::json_type::boolean: return "boolean";
    case od::json_type::null: return "null";
    }
    return "value";
}

std::string Path::render() const
{
    std::vector<const Path*> chain;
    for (const Path* at = this; at && at->parent; at = at->parent)
        chain.push_back(at);
    std::string text;
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
        if ((*it)->key.empty()) {
            text += '[';
            text += std::to_string((*it)->index);
            text += ']';
        } else {
            if (!text.empty())
                text += '.';
            text += (*it)->key;
        }
    }
    return text;
}

ElementContext::ElementContext(const JsonElementStream& stream, const JsonElement& element, od::parser& parser)
    : m_stream(stream)
    , m_element(element)
{
    const auto error = parser.iterate(element.text.data(), element.text.size(), element.text.size() + kJsonPadding).get(m_document);
    if (error)
        jsonError(error, Path{});
    m_iterating = true;
}

od::value ElementContext::root(const char* what)
{
    od::json_type type;
    if (const auto error = m_document.type().get(type))
        jsonError(error, Path{});
    if (type != od::json_type::object && type != od::json_type::array)
        fail(Path{}, std::string("expected ") + what + ", found " + typeName(type));
    od::value value;
    if (const auto error = m_document.get_value().get(value))
        jsonError(error, Path{});
    return value;
}

std::size_t ElementContext::lineOfPath(const std::string& relative) const
{
    // A missing field has no position of its own: fall back to the object that lacks it.
    const JsonLocator locator(m_element.text);
    std::string at = relative;
    std::size_t offset = locator.offsetOf(at);
    while (offset == std::string_view::npos && !at.empty()) {
        const std::size_t cut = at.find_last_of(".[");
        at = cut == std::string::npos ? std::string() : at.substr(0, cut);
        offset = locator.offsetOf(at);
    }
    if (offset == std::string_view::npos)
        offset = 0;
    return m_stream.lineOf(m_element.text.data() + offset);
}

void ElementContext::fail(const Path& at, const std::string& message) const
{
    const std::string relative = at.render();
    throw TraceReadError(m_stream.sourceName(), lineOfPath(relative), joinPath(m_element.path(), relative), message);
}

void ElementContext::jsonError(simdjson::error_code error, const Path& at)
{
    std::string relative = at.render();
    std::size_t line = 0;
    const char* location = nullptr;
    if (m_iterating && !m_document.current_location().get(location) && location >= m_element.text.data()
        && location < m_element.text.data() + m_element.text.size()) {
        // Where the parser stopped says more than what the reader was after.
        line = m_stream.lineOf(location);
        relative = JsonLocator(m_element.text).pathAt(static_cast<std::size_t>(location - m_element.text.data()));
    } else {
        line = lineOfPath(relative);
    }
    std::string message = simdjson::error_message(error);
    if (error == simdjson::NUMBER_ERROR || error == simdjson::NUMBER_OUT_OF_RANGE)
        message = "invalid number: " + message;
    else
        message = "invalid JSON: " + message;
    throw TraceReadError(m_stream.sourceName(), line, joinPath(m_element.path(), relative), message);
}

od::json_type ElementContext::type(od::value& value, const Path& at)
{
    od::json_type result;
    if (const auto error = value.type().get(result))
        jsonError(error, at);
    return result;
}

od::object ElementContext::object(od::value value, const Path& at, const char* what)
{
    const od::json_type found = type(value, at);
    if (found != od::json_type::object)
        fail(at, std::string("expected ") + what + ", found " + typeName(found));
    od::object result;
    if (const auto error = value.get_object().get(result))
        jsonError(error, at);
    return result;
}

od::array ElementContext::array(od::value value, const Path& at, const char* what)
{
    const od::json_type found = type(value, at);
    if (found != od::json_type::array)
        fail(at, std::string("expected ") + what + ", found " + typeName(found));
    od::array result;
    if (const auto error = value.get_array().get(result))
        jsonError(error, at);
    return result;
}

std::string_view ElementContext::string(od::value value, const Path& at)
{
    std::string_view text;
    if (const auto error = value.get_string().get(text)) {
        // Only now ask what it is, for the message.
        const od::json_type found = type(value, at);
        if (found != od::json_type::string)
            fail(at, std::string("expected a string, found ") + typeName(found));
        jsonError(error, at);
    }
    return text;
}

std::int64_t ElementContext::integer(od::value value, const Path& at, const char* unit)
{
    std::int64_t number = 0;
    if (value.get_int64().get(number)) {
        // The error path: say what the value is instead.
        const od::json_type found = type(value, at);
        if (found != od::json_type::number)
            fail(at, std::string("expected an integer (") + unit + "), found " + typeName(found));
        od::number_type kind;
        if (const auto error = value.get_number_type().get(kind))
            jsonError(error, at);
        if (kind == od::number_type::floating_point_number)
            fail(at, std::string("expected an integer (") + unit + "), found a fractional number");
        fail(at, "integer out of range");
    }
    if (number > kMaxMicros || number < -kMaxMicros)
        fail(at, "integer out of range");
    return number;
}

std::int64_t ElementContext::nanos(od::value value, const Path& at)
{
    const od::json_type found = type(value, at);
    if (found == od::json_type::number) {
        std::uint64_t number = 0;
        if (const auto error = value.get_uint64().get(number))
            fail(at, "expected a whole, non-negative number of nanoseconds");
        if (number > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
            fail(at, "nanoseconds out of range");
        return static_cast<std::int64_t>(number);
    }
    if (found != od::json_type::string)
        fail(at, std::string("expected nanoseconds as a decimal string, found ") + typeName(found));
    std::string_view text;
    if (const auto error = value.get_string().get(text))
        jsonError(error, at);
    if (text.empty() || text.size() > 19)
        fail(at, quoted(text, " is not a decimal number of nanoseconds"));
    std::uint64_t number = 0;
    for (const char c : text) {
        if (c < '0' || c > '9')
            fail(at, quoted(text, " is not a decimal number of nanoseconds"));
        number = number * 10 + static_cast<std::uint64_t>(c - '0');
    }
    if (number > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
        fail(at, "nanoseconds out of range");
    return static_cast<std::int64_t>(number);
}

bool ElementContext::boolean(od::value value, const Path& at)
{
    const od::json_type found = type(value, at);
    if (found != od::json_type::boolean)
        fail(at, std::string("expected true or false, found ") + typeName(found));
    bool result = false;
    if (const auto error = value.get_bool().get(result))
        jsonError(error, at);
    return result;
}

SpanId ElementContext::spanId(od::value value, const Path& at)
{
    const std::string_view text = string(value, at);
    const auto id = parseHexId(text);
    if (!id || *id == 0)
        fail(at, "span id " + quoted(text, " is not 1 to 16 hex digits (and not zero)"));
    return *id;
}

TraceId ElementContext::traceId(od::value value, const Path& at)
{
    const std::string_view text = string(value, at);
    const auto id = parseTraceId(text);
    if (!id)
        fail(at, "trace id " + quoted(text, " is not 16 or 32 hex digits"));
    return *id;
}

} // namespace orrery::trace::detail
