#pragma once
#include "trace/trace.h"

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

namespace orrery::trace {

//! A Jaeger JSON file that cannot be read: names the file, the 1-based line (0 when unknown)
//! and the field path (e.g. `data[3].spans[7].processID`); what() is `FILE:LINE: FIELD: message`.
class TraceReadError : public std::runtime_error {
public:
    TraceReadError(std::string file, std::size_t line, std::string field, const std::string& message);

    [[nodiscard]] const std::string& file() const { return m_file; }
    [[nodiscard]] std::size_t line() const { return m_line; }
    [[nodiscard]] const std::string& field() const { return m_field; }
    //! The message without the location prefix.
    [[nodiscard]] const std::string& message() const { return m_message; }

private:
    std::string m_file;
    std::size_t m_line = 0;
    std::string m_field;
    std::string m_message;
};

//! What an import noticed besides the traces themselves.
struct JaegerImportStats {
    //! Spans whose referenced parent is absent from their trace; they are kept as roots.
    std::size_t orphanSpans = 0;
};

//! Traces of a Jaeger JSON document: the query API's `{"data":[…]}` or the UI's download
//! (spans may carry a `process` object, references a nested `span`; both are ignored). Times
//! become nanoseconds (µs × 1000); each trace's requestType is its root span's operation.
//! Throws TraceReadError on malformed input (see docs/trace-analysis.md for the classes).
[[nodiscard]] TraceSet readJaegerText(std::string_view text, const std::string& sourceName,
                                      JaegerImportStats* stats = nullptr);

//! readJaegerText on the contents of `path` (which names the file in errors).
[[nodiscard]] TraceSet readJaegerFile(const std::string& path, JaegerImportStats* stats = nullptr);

} // namespace orrery::trace
