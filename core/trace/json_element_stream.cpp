#include "trace/json_element_stream.h"

#include "trace/json_locator.h"
#include "trace/trace_limits.h"
#include "trace/trace_read_error.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <filesystem>

namespace orrery::trace {
namespace {

constexpr std::size_t kInitialBytes = std::size_t{64} << 10;

//! Byte classes outside strings: 1 quote, 2 opening bracket, 3 closing bracket.
constexpr std::array<std::uint8_t, 256> makeClasses()
{
    std::array<std::uint8_t, 256> classes{};
    classes[static_cast<unsigned char>('"')] = 1;
    classes[static_cast<unsigned char>('{')] = 2;
    classes[static_cast<unsigned char>('[')] = 2;
    classes[static_cast<unsigned char>('}')] = 3;
    classes[static_cast<unsigned char>(']')] = 3;
    return classes;
}
constexpr std::array<std::uint8_t, 256> kClasses = makeClasses();

bool isSpace(int c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

std::string describe(int c)
{
    if (c < 0)
        return "the end of the input";
    if (c == '"')
        return "a string";
    if (c == '{')
        return "an object";
    if (c == '[')
        return "an array";
    if (c == '-' || (c >= '0' && c <= '9'))
        return "a number";
    return std::string("'") + static_cast<char>(c) + '\'';
}

//! Newlines in [begin, end): memchr hops, fast where lines are long (compact JSON).
std::size_t countLines(const char* begin, const char* end)
{
    std::size_t lines = 0;
    while (begin < end) {
        const void* found = std::memchr(begin, '\n', static_cast<std::size_t>(end - begin));
        if (!found)
            break;
        ++lines;
        begin = static_cast<const char*>(found) + 1;
    }
    return lines;
}

std::string joinPath(const std::string& prefix, const std::string& relative)
{
    if (relative.empty())
        return prefix.empty() ? "(document)" : prefix;
    if (prefix.empty() || relative.front() == '[')
        return prefix + relative;
    return prefix + '.' + relative;
}

} // namespace

std::string JsonElement::path() const
{
    return std::string(container) + '[' + std::to_string(index) + ']';
}

JsonElementStream::JsonElementStream(std::string source, std::FILE* file, std::string_view text)
    : m_source(std::move(source))
    , m_file(file)
    , m_text(text)
    , m_buffer(new char[kInitialBytes + kJsonPadding]())
    , m_capacity(kInitialBytes)
{
}

JsonElementStream JsonElementStream::openFile(const std::string& path)
{
    std::error_code error;
    if (std::filesystem::is_directory(path, error))
        throw TraceReadError(path, 0, "", "is a directory, not a trace file (orrery analyze reads every trace file of a directory)");
    std::FILE* file = std::fopen(path.c_str(), "rb");
    if (!file)
        throw TraceReadError(path, 0, "", std::string("cannot open: ") + std::strerror(errno));
    return JsonElementStream(path, file, {});
}

JsonElementStream JsonElementStream::fromText(std::string_view text, std::string sourceName)
{
    return JsonElementStream(std::move(sourceName), nullptr, text);
}

void JsonElementStream::compact(std::size_t keepFrom)
{
    if (keepFrom == 0)
        return;
    m_discardedLines += countLines(m_buffer.get(), m_buffer.get() + keepFrom);
    std::memmove(m_buffer.get(), m_buffer.get() + keepFrom, m_length - keepFrom);
    m_length -= keepFrom;
    m_pos -= keepFrom;
    m_keep -= keepFrom;
    m_stringStart = m_stringStart >= keepFrom ? m_stringStart - keepFrom : 0;
}

bool JsonElementStream::refill()
{
    if (m_eof)
        return false;
    compact(m_keep);
    if (m_length == m_capacity) {
        // One element longer than the buffer: grow, keeping it whole, up to the cap.
        if (m_length >= kMaxTraceElementBytes)
            fail(0, m_valuePath,
                 "one element is longer than " + std::to_string(kMaxTraceElementBytes >> 20)
                     + " MiB, the cap that keeps memory bounded (docs/reliability.md, Limits); is the file truncated, "
                       "padded, or one enormous trace?");
        const std::size_t grown = std::max(m_capacity * 2, kChunkBytes);
        std::unique_ptr<char[]> buffer(new char[grown + kJsonPadding]());
        std::memcpy(buffer.get(), m_buffer.get(), m_length);
        m_buffer = std::move(buffer);
        m_capacity = grown;
    } else if (m_capacity < kChunkBytes && m_bytesRead >= m_capacity) {
        // A file longer than the first buffer: read in full chunks from now on.
        std::unique_ptr<char[]> buffer(new char[kChunkBytes + kJsonPadding]());
        std::memcpy(buffer.get(), m_buffer.get(), m_length);
        m_buffer = std::move(buffer);
        m_capacity = kChunkBytes;
    }
    const std::size_t room = m_capacity - m_length;
    std::size_t got = 0;
    if (m_file) {
        got = std::fread(m_buffer.get() + m_length, 1, room, m_file.get());
        if (got == 0 && std::ferror(m_file.get()))
            throw TraceReadError(m_source, 0, "", std::string("cannot read: ") + std::strerror(errno));
    } else {
        got = std::min(room, m_text.size() - m_textOffset);
        std::memcpy(m_buffer.get() + m_length, m_text.data() + m_textOffset, got);
        m_textOffset += got;
    }
    if (got == 0) {
        m_eof = true;
        return false;
    }
    m_length += got;
    m_bytesRead += got;
    std::memset(m_buffer.get() + m_length, 0, kJsonPadding);
    return true;
}

int JsonElementStream::peek()
{
    for (;;) {
        while (m_pos < m_length && isSpace(m_buffer[m_pos]))
            ++m_pos;
        if (m_pos < m_length)
            return static_cast<unsigned char>(m_buffer[m_pos]);
        m_keep = m_pos;
        if (!refill())
            return -1;
    }
}

std::size_t JsonElementStream::lineOf(const char* at) const
{
    const char* begin = m_buffer.get();
    const char* end = std::clamp(at, begin, begin + m_length);
    return m_discardedLines + 1 + countLines(begin, end);
}

void JsonElementStream::fail(std::size_t offset, const std::string& path, const std::string& message) const
{
    throw TraceReadError(m_source, lineOf(m_buffer.get() + offset), path, message);
}

void JsonElementStream::truncated(std::size_t from, const std::string& path) const
{
    // Name the innermost value the input stopped in.
    const std::string_view partial(m_buffer.get() + from, m_length - from);
    const std::string relative = JsonLocator(partial).pathAt(partial.size());
    fail(m_length, joinPath(path, relative), "invalid JSON: unexpected end of input (is the file truncated?)");
}

void JsonElementStream::scanValue(const std::string& path)
{
    // m_keep is the value's first byte; on return m_pos is one past its last.
    m_valuePath = path;
    int depth = 0;
    bool inString = false;
    bool started = false;
    bool scalar = false;
    for (;;) {
        char* const buffer = m_buffer.get();
        while (m_pos < m_length) {
            if (scalar) {
                // A number, true, false or null: up to the next delimiter.
                while (m_pos < m_length && std::strchr(",]} \n\r\t", buffer[m_pos]) == nullptr)
                    ++m_pos;
                if (m_pos < m_length)
                    return;
                break;
            }
            if (inString) {
                const void* quote = std::memchr(buffer + m_pos, '"', m_length - m_pos);
                if (!quote) {
                    m_pos = m_length;
                    break;
                }
                const auto at = static_cast<std::size_t>(static_cast<const char*>(quote) - buffer);
                std::size_t slashes = 0;
                while (at - slashes > m_stringStart && buffer[at - slashes - 1] == '\\')
                    ++slashes;
                m_pos = at + 1;
                if (slashes % 2 == 0) {
                    inString = false;
                    if (depth == 0)
                        return;  // a string element
                }
                continue;
            }
            const char c = buffer[m_pos];
            if (!started) {
                started = true;
                if (c != '"' && c != '{' && c != '[') {
                    scalar = true;
                    continue;
                }
            }
            switch (kClasses[static_cast<unsigned char>(c)]) {
            case 1:
                inString = true;
                m_stringStart = m_pos + 1;
                break;
            case 2:
                ++depth;
                break;
            case 3:
                if (--depth <= 0) {
                    ++m_pos;
                    return;
                }
                break;
            default:
                break;
            }
            ++m_pos;
        }
        if (!refill()) {
            if (scalar)
                return;
            if (!started)
                fail(m_pos, path, "invalid JSON: unexpected end of input (is the file truncated?)");
            truncated(m_keep, path);
        }
    }
}

std::string JsonElementStream::readKey(const std::string& path)
{
    m_keep = m_pos;
    scanValue(path);
    std::string_view key(m_buffer.get() + m_keep + 1, m_pos - m_keep - 2);
    return std::string(key);
}

bool JsonElementStream::next(JsonElement& element)
{
    for (;;) {
        switch (m_state) {
        case State::End:
            return false;
        case State::Start: {
            m_keep = m_pos;
            const int c = peek();
            if (c < 0) {
                if (m_document == 0)
                    fail(m_pos, "(document)", "empty input: no JSON document");
                m_state = State::End;
                return false;
            }
            if (c == 0xEF && m_pos + 2 < m_length && m_buffer[m_pos + 1] == '\xBB' && m_buffer[m_pos + 2] == '\xBF') {
                m_pos += 3;  // a UTF-8 byte-order mark, as some Windows tools write
                break;
            }
            m_documentStart = m_pos;
            if (c == '{') {
                m_state = State::ObjectFirst;
                m_sawArray = false;
            } else if (c == '[') {
                m_state = State::ArrayFirst;
                m_container.clear();
                m_index = 0;
            } else {
                fail(m_pos, "(document)",
                     "expected an object (Jaeger's {\"data\": […]} or OTLP's {\"resourceSpans\": […]}) or an array "
                     "(Zipkin v2 spans), found " + describe(c));
            }
            ++m_pos;
            break;
        }
        case State::ObjectFirst:
        case State::ObjectNext: {
            int c = peek();
            if (c == '}') {
                ++m_pos;
                if (!m_sawArray)
                    fail(m_documentStart, "data", "missing required field (Jaeger's \"data\" or OTLP's \"resourceSpans\" array)");
                ++m_document;
                m_state = State::Start;
                break;
            }
            if (m_state == State::ObjectNext) {
                if (c != ',')
                    fail(m_pos, "(document)", "invalid JSON: expected ',' or '}', found " + describe(c));
                ++m_pos;
                c = peek();
            }
            if (c != '"')
                fail(m_pos, "(document)", "invalid JSON: expected a member name, found " + describe(c));
            const std::string key = readKey("(document)");
            // The member's field path in errors; an empty name ("") must still name a field.
            const std::string keyPath = key.empty() ? std::string("(document).\"\"") : key;
            if (peek() != ':')
                fail(m_pos, keyPath, "invalid JSON: expected ':' after the member name");
            ++m_pos;
            c = peek();
            m_state = State::ObjectNext;
            if (key == "data" || key == "resourceSpans") {
                if (c != '[')
                    fail(m_pos, key, "expected an array of traces, found " + describe(c));
                ++m_pos;
                m_container = key;
                m_index = 0;
                m_sawArray = true;
                m_state = State::ArrayFirst;
            } else {
                m_keep = m_pos;
                scanValue(keyPath);
            }
            break;
        }
        case State::ArrayFirst:
        case State::ArrayNext: {
            const std::string arrayPath = m_container.empty() ? std::string("(document)") : m_container;
            int c = peek();
            if (c < 0)
                fail(m_pos, arrayPath, "invalid JSON: unexpected end of input (is the file truncated?)");
            if (c == ']') {
                ++m_pos;
                if (m_container.empty()) {
                    ++m_document;
                    m_state = State::Start;
                } else {
                    m_state = State::ObjectNext;
                }
                break;
            }
            if (m_state == State::ArrayNext) {
                if (c != ',')
                    fail(m_pos, m_container + '[' + std::to_string(m_index - 1) + ']',
                         "invalid JSON: expected ',' or ']' after this element, found " + describe(c));
                ++m_pos;
                c = peek();
                if (c < 0)
                    fail(m_pos, arrayPath, "invalid JSON: unexpected end of input (is the file truncated?)");
            }
            m_keep = m_pos;
            scanValue(m_container + '[' + std::to_string(m_index) + ']');
            element.text = std::string_view(m_buffer.get() + m_keep, m_pos - m_keep);
            element.container = m_container;
            element.index = m_index++;
            element.document = m_document;
            m_state = State::ArrayNext;
            return true;
        }
        }
    }
}

} // namespace orrery::trace
