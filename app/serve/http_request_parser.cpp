#include "serve/http_request_parser.h"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace orrery::app {
namespace {

std::string lower(std::string text)
{
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return text;
}

std::string_view trimmed(std::string_view text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r'))
        text.remove_suffix(1);
    return text;
}

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

HttpRequestParser::Result failed(int code, std::string message) { return {std::nullopt, code, std::move(message)}; }

} // namespace

std::string HttpRequestParser::decoded(std::string_view text, bool plus)
{
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '%' && i + 2 < text.size() && hexValue(text[i + 1]) >= 0 && hexValue(text[i + 2]) >= 0) {
            out.push_back(static_cast<char>(hexValue(text[i + 1]) * 16 + hexValue(text[i + 2])));
            i += 2;
        } else if (plus && text[i] == '+') {
            out.push_back(' ');
        } else {
            out.push_back(text[i]);
        }
    }
    return out;
}

HttpRequestParser::Result HttpRequestParser::next(std::string& buffer)
{
    const std::size_t headEnd = buffer.find("\r\n\r\n");
    if (headEnd == std::string::npos) {
        if (buffer.size() > kMaxHeadBytes)
            return failed(431, "request header fields too large");
        return {};
    }
    const std::string_view head(buffer.data(), headEnd);
    const std::size_t lineEnd = head.find("\r\n");
    const std::string_view requestLine = head.substr(0, lineEnd);
    const std::size_t sp1 = requestLine.find(' ');
    const std::size_t sp2 = requestLine.rfind(' ');
    if (sp1 == std::string_view::npos || sp2 == sp1)
        return failed(400, "malformed request line");
    Parsed parsed;
    parsed.request.method = std::string(requestLine.substr(0, sp1));
    const std::string_view target = requestLine.substr(sp1 + 1, sp2 - sp1 - 1);
    const std::string_view version = requestLine.substr(sp2 + 1);
    if (version != "HTTP/1.1" && version != "HTTP/1.0")
        return failed(505, "HTTP version not supported");
    parsed.keepAlive = version == "HTTP/1.1";
    std::size_t contentLength = 0;
    std::size_t at = lineEnd == std::string_view::npos ? head.size() : lineEnd + 2;
    while (at < head.size()) {
        const std::size_t end = std::min(head.find("\r\n", at), head.size());
        const std::string_view line = head.substr(at, end - at);
        at = end + 2;
        const std::size_t colon = line.find(':');
        if (colon == std::string_view::npos)
            return failed(400, "malformed header line");
        const std::string name = lower(std::string(trimmed(line.substr(0, colon))));
        const std::string_view value = trimmed(line.substr(colon + 1));
        if (name == "content-length") {
            const auto result = std::from_chars(value.data(), value.data() + value.size(), contentLength);
            if (result.ec != std::errc() || result.ptr != value.data() + value.size())
                return failed(400, "malformed Content-Length");
        } else if (name == "transfer-encoding" && lower(std::string(value)) != "identity") {
            return failed(411, "chunked request bodies are not supported: send a Content-Length");
        } else if (name == "content-type") {
            parsed.request.contentType = std::string(value);
        } else if (name == "accept") {
            parsed.request.accept = std::string(value);
        } else if (name == "connection") {
            const std::string connection = lower(std::string(value));
            if (connection == "close")
                parsed.keepAlive = false;
            else if (connection == "keep-alive")
                parsed.keepAlive = true;
        }
    }
    if (contentLength > kMaxBodyBytes)
        return failed(413, "request body too large");
    const std::size_t total = headEnd + 4 + contentLength;
    if (buffer.size() < total)
        return {};
    parsed.request.body = buffer.substr(headEnd + 4, contentLength);
    const std::size_t question = target.find('?');
    parsed.request.path = decoded(target.substr(0, question), false);
    if (question != std::string_view::npos) {
        std::string_view query = target.substr(question + 1);
        while (!query.empty()) {
            const std::size_t amp = query.find('&');
            const std::string_view pair = query.substr(0, amp);
            query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
            if (pair.empty())
                continue;
            const std::size_t eq = pair.find('=');
            parsed.request.query[decoded(pair.substr(0, eq), true)] =
                eq == std::string_view::npos ? std::string() : decoded(pair.substr(eq + 1), true);
        }
    }
    buffer.erase(0, total);
    return {std::move(parsed), 0, {}};
}

} // namespace orrery::app
