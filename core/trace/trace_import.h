#pragma once
#include "trace/trace.h"
#include "trace/trace_limits.h"
#include "trace/trace_read_error.h"

#include <cstddef>
#include <string>
#include <string_view>

namespace orrery::trace {

//! The trace file formats Orrery reads; which one a file holds is read from its content.
enum class TraceFormat : std::uint8_t {
    Unknown,  //!< no element to tell (an empty array)
    Jaeger,   //!< Jaeger's query API `{"data": [trace…]}`, the UI's download, or a bare array of traces
    Otlp,     //!< OTLP JSON `{"resourceSpans": […]}`, one document or one per line (Collector file exporter)
    Zipkin    //!< Zipkin v2: an array of spans, or an array of traces (arrays of spans)
};

[[nodiscard]] const char* formatName(TraceFormat format);

//! What an import noticed besides the traces themselves.
struct TraceImportStats {
    TraceFormat format = TraceFormat::Unknown;  //!< of the last document read
    //! Spans whose referenced parent is absent from their trace; they are kept as roots.
    std::size_t orphanSpans = 0;
    std::size_t bytes = 0;       //!< bytes read
    std::size_t errorSpans = 0;  //!< OTLP status ERROR, Zipkin `error` tag, Jaeger `error=true` tag
    std::size_t events = 0;      //!< OTLP events, Zipkin annotations, Jaeger logs (counted, not kept)
    std::size_t links = 0;       //!< OTLP links and Jaeger references that are not the parent (not kept)
};

//! Traces of a trace file in any supported format, detected from its content (never from the
//! file name), streamed: the file is read in chunks and parsed element by element with
//! simdjson On-Demand, so memory grows with the spans kept, not with the file. Times become
//! nanoseconds; each trace's requestType is its root span's operation (or an
//! `orrery.request_type` tag/attribute on it). Throws TraceReadError (file, line, field path)
//! on a file that cannot be read, a directory, or malformed content (docs/trace-analysis.md),
//! and on one over `limits` (trace_limits.h) as soon as an element takes it over: the error
//! names the element and the cap, and memory never grows past the cap by more than an element.
[[nodiscard]] TraceSet readTraceFile(const std::string& path, TraceImportStats* stats = nullptr,
                                     const TraceImportLimits& limits = {});

//! readTraceFile on `text`, named `sourceName` in errors.
[[nodiscard]] TraceSet readTraceText(std::string_view text, const std::string& sourceName,
                                     TraceImportStats* stats = nullptr, const TraceImportLimits& limits = {});

} // namespace orrery::trace
