#pragma once
#include <cstddef>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

namespace orrery::trace {

//! One element of a trace document's top-level array, as JSON text.
struct JsonElement {
    std::string_view text;      //!< the element's JSON; at least kJsonPadding readable bytes follow it
    std::string_view container; //!< "data", "resourceSpans", or "" for a top-level array
    std::size_t index = 0;      //!< position in that array
    std::size_t document = 0;   //!< 0-based number of the top-level document (JSON lines hold several)

    //! Field path of the element, e.g. `data[3]` or `[3]`.
    [[nodiscard]] std::string path() const;
};

//! Bytes readable after every JsonElement::text (simdjson's SIMDJSON_PADDING, or more).
inline constexpr std::size_t kJsonPadding = 64;

//! Streams a trace document element by element without holding the file: reads it in chunks,
//! finds where each element of its top-level array ends (strings and nesting only; the
//! element's own syntax is its parser's business) and keeps just the element being read. The
//! top level is an object whose `data` (Jaeger) or `resourceSpans` (OTLP) member is that array
//! (other members are skipped), or an array (Zipkin); several documents may follow each other
//! (JSON lines, as the OpenTelemetry Collector's file exporter writes). Structural problems
//! (truncation, a missing array) throw TraceReadError with file, line and field path.
class JsonElementStream {
public:
    //! Reads `path`; throws TraceReadError when it cannot be opened or is a directory.
    static JsonElementStream openFile(const std::string& path);
    //! Reads `text` (not copied whole: chunks of it, as from a file); `text` must outlive the stream.
    static JsonElementStream fromText(std::string_view text, std::string sourceName);

    JsonElementStream(JsonElementStream&&) noexcept = default;
    JsonElementStream& operator=(JsonElementStream&&) noexcept = default;
    ~JsonElementStream() = default;

    //! The next element, or false at the end of the input. The previous element's text becomes
    //! invalid.
    bool next(JsonElement& element);
    //! 1-based line of `at`, a pointer into the current element's text (or the buffer).
    [[nodiscard]] std::size_t lineOf(const char* at) const;
    [[nodiscard]] const std::string& sourceName() const { return m_source; }
    //! Bytes read so far.
    [[nodiscard]] std::size_t bytesRead() const { return m_bytesRead; }
    //! Largest buffer used (the longest element plus a chunk), for memory checks.
    [[nodiscard]] std::size_t bufferCapacity() const { return m_capacity; }

    //! Chunk size (bytes read per call); the buffer grows beyond it only for longer elements, up
    //! to kMaxTraceElementBytes (trace_limits.h), past which reading fails with TraceReadError.
    static constexpr std::size_t kChunkBytes = std::size_t{4} << 20;

private:
    JsonElementStream(std::string source, std::FILE* file, std::string_view text);

    enum class State { Start, ObjectFirst, ObjectNext, ArrayFirst, ArrayNext, End };

    bool refill();                              // false at end of input
    void compact(std::size_t keepFrom);         // drop bytes before keepFrom
    int peek();                                 // next non-space byte (not consumed), -1 at end
    std::string readKey(const std::string& path);
    void scanValue(const std::string& path);    // from m_keep to m_pos, past the value's end
    [[noreturn]] void fail(std::size_t offset, const std::string& path, const std::string& message) const;
    [[noreturn]] void truncated(std::size_t from, const std::string& path) const;

    std::string m_source;
    struct Closer {
        void operator()(std::FILE* file) const { std::fclose(file); }
    };
    std::unique_ptr<std::FILE, Closer> m_file;
    std::string_view m_text;       // when reading from memory
    std::size_t m_textOffset = 0;
    std::unique_ptr<char[]> m_buffer;
    std::size_t m_capacity = 0;    // bytes in m_buffer, padding excluded
    std::size_t m_length = 0;      // valid bytes
    std::size_t m_pos = 0;         // next unread byte
    std::size_t m_keep = 0;        // first byte a refill keeps (the value being scanned)
    std::size_t m_stringStart = 0; // first byte of the string being scanned
    std::size_t m_documentStart = 0;
    std::size_t m_discardedLines = 0;
    std::size_t m_bytesRead = 0;
    bool m_eof = false;
    State m_state = State::Start;
    std::string m_container;
    std::string m_valuePath;       // of the value being scanned, for the element-size cap
    std::size_t m_index = 0;
    std::size_t m_document = 0;
    bool m_sawArray = false;
};

} // namespace orrery::trace
