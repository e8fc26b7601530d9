#pragma once
// Internal to orrery_trace: the simdjson On-Demand side of the readers. Only the readers'
// .cpp files include it (simdjson.h is large).
#include "trace/json_element_stream.h"
#include "trace/trace_builder.h"
#include "trace/trace_import.h"

#include <simdjson.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace orrery::trace::detail {

namespace od = simdjson::ondemand;

//! A field path inside an element, built on the stack as a reader descends and rendered only
//! for an error message (`spans[7].processID`).
struct Path {
    const Path* parent = nullptr;
    std::string_view key;  //!< member name; empty for an array index (or the element itself)
    std::size_t index = 0;

    [[nodiscard]] Path member(std::string_view name) const { return Path{this, name, 0}; }
    [[nodiscard]] Path at(std::size_t position) const { return Path{this, {}, position}; }
    [[nodiscard]] std::string render() const;
};

//! One element being parsed: the simdjson document over its text plus what an error message
//! needs (file, the element's place, lines from the stream).
class ElementContext {
public:
    ElementContext(const JsonElementStream& stream, const JsonElement& element, od::parser& parser);

    od::document& document() { return m_document; }
    //! The element as a value (the document's root); a scalar is not `what` is expected.
    od::value root(const char* what);
    [[nodiscard]] const JsonElement& element() const { return m_element; }

    [[noreturn]] void fail(const Path& at, const std::string& message) const;
    //! A simdjson error while reading `at`: syntax errors say "invalid JSON".
    [[noreturn]] void jsonError(simdjson::error_code error, const Path& at);

    od::json_type type(od::value& value, const Path& at);
    od::object object(od::value value, const Path& at, const char* what);
    od::array array(od::value value, const Path& at, const char* what);
    std::string_view string(od::value value, const Path& at);
    //! An integer number within ±(2^63-1)/1000 (so that it fits as nanoseconds).
    std::int64_t integer(od::value value, const Path& at, const char* unit);
    //! OTLP's nanoseconds: a decimal string (as protobuf JSON writes 64-bit numbers) or a number.
    std::int64_t nanos(od::value value, const Path& at);
    bool boolean(od::value value, const Path& at);
    //! A span id: 1 to 16 hex digits, not zero.
    SpanId spanId(od::value value, const Path& at);
    TraceId traceId(od::value value, const Path& at);

    //! Iterates an object's members; `visit(key, value, path)`.
    template <typename Visit>
    void members(od::object object, const Path& at, Visit visit)
    {
        std::string_view key;
        for (auto member : object) {
            if (const auto error = member.unescaped_key().get(key))
                jsonError(error, key.empty() ? at : at.member(key));
            od::value value;
            const Path path = at.member(key);
            if (const auto error = member.value().get(value))
                jsonError(error, path);
            visit(key, value, path);
        }
    }
    //! Iterates an array's elements; `visit(value, path)`.
    template <typename Visit>
    void elements(od::array array, const Path& at, Visit visit)
    {
        std::size_t index = 0;
        for (auto item : array) {
            const Path path = at.at(index++);
            od::value value;
            if (const auto error = item.get(value))
                jsonError(error, path);
            visit(value, path);
        }
    }

private:
    std::size_t lineOfPath(const std::string& relative) const;

    const JsonElementStream& m_stream;
    const JsonElement& m_element;
    od::document m_document;
    bool m_iterating = false;  // m_document holds a parse (its location may be asked)
};

//! A Jaeger process of the trace being read (kept across elements to reuse the allocation).
struct JaegerProcess {
    std::string key;
    NameId service = 0;
    NameId instance = 0;
    bool known = false;
};

//! What every element reader shares during one import.
struct ImportState {
    ImportState(TraceSet& traces, TraceImportStats& counts)
        : set(traces)
        , builder(traces)
        , stats(counts)
    {
    }

    TraceSet& set;
    TraceBuilder builder;
    TraceImportStats& stats;
    std::vector<JaegerProcess> jaegerProcesses;    // scratch of the Jaeger reader
    std::vector<std::uint32_t> jaegerSpanProcess;  // scratch of the Jaeger reader
};

void readJaegerElement(ElementContext& context, ImportState& state);
void readOtlpElement(ElementContext& context, ImportState& state);
void readZipkinElement(ElementContext& context, ImportState& state);

[[nodiscard]] const char* typeName(od::json_type type);

} // namespace orrery::trace::detail
