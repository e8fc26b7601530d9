#include "live/watch_stream_decoder.h"

#include "live/kube_json.h"
#include "live/live_error.h"

#include <string>

namespace orrery::live {

WatchStreamDecoder::WatchStreamDecoder(std::string what, std::size_t maxLineBytes)
    : m_what(std::move(what)), m_maxLineBytes(maxLineBytes)
{
}

WatchEvent WatchStreamDecoder::parseEvent(std::string_view line, const std::string& what)
{
    const nlohmann::json event = detail::parseJson(line, what);
    if (!event.is_object())
        throw LiveError(LiveError::Kind::Protocol, what + ": a watch event must be a JSON object");
    const std::string type = detail::stringMember(event, "type");
    static const nlohmann::json kNoObject = nlohmann::json::object();
    const auto found = event.find("object");
    const nlohmann::json& object = found != event.end() ? *found : kNoObject; // a reference, not a copy
    WatchEvent parsed;
    parsed.type = type == "ADDED"      ? WatchEvent::Type::Added
                  : type == "MODIFIED" ? WatchEvent::Type::Modified
                  : type == "DELETED"  ? WatchEvent::Type::Deleted
                  : type == "BOOKMARK" ? WatchEvent::Type::Bookmark
                                       : WatchEvent::Type::Error;
    if (parsed.type == WatchEvent::Type::Error) {
        // Only an integer: value<long>() of a float like 1e300 is an overflowing conversion.
        const auto code = object.is_object() ? object.find("code") : object.end();
        if (object.is_object() && code != object.end() && code->is_number_integer())
            parsed.errorCode = code->get<long>();
        parsed.errorMessage = detail::stringMember(object, "message");
    } else if (object.is_object() && object.contains("metadata")) {
        const nlohmann::json& metadata = object["metadata"];
        parsed.resourceVersion = detail::stringMember(metadata, "resourceVersion");
        parsed.name = detail::stringMember(metadata, "name");
        parsed.nameSpace = detail::stringMember(metadata, "namespace");
    }
    parsed.objectJson = object.dump();
    return parsed;
}

bool WatchStreamDecoder::feed(std::string_view chunk, const std::function<bool(const WatchEvent&)>& onEvent)
{
    const auto tooLong = [&] {
        return LiveError(LiveError::Kind::Protocol,
                         m_what + ": an event line longer than " + std::to_string(m_maxLineBytes) + " bytes");
    };
    m_pending.append(chunk);
    std::size_t begin = 0;
    // Drops the lines consumed so far however feed() ends: returning, a bad line, or onEvent
    // throwing. One erase per chunk, not one per line (which is quadratic in a large chunk).
    const struct DropConsumed {
        std::string& pending;
        const std::size_t& begin;
        ~DropConsumed() { pending.erase(0, begin); }
    } dropConsumed{m_pending, begin};
    bool more = true;
    std::size_t newline = 0;
    while (more && (newline = m_pending.find('\n', begin)) != std::string::npos) {
        const std::string_view line = std::string_view(m_pending).substr(begin, newline - begin);
        begin = newline + 1;
        if (line.find_first_not_of(" \r\t") == std::string_view::npos)
            continue;
        if (line.size() > m_maxLineBytes)
            throw tooLong();
        more = onEvent(parseEvent(line, m_what));
    }
    if (m_pending.size() - begin > m_maxLineBytes)
        throw tooLong();
    return more;
}

} // namespace orrery::live
