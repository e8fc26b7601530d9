#pragma once
#include "trace/trace_import.h"

#include <string>
#include <string_view>

namespace orrery::trace {

using JaegerImportStats = TraceImportStats;

//! Traces of a Jaeger JSON document: the query API's `{"data":[…]}` or the UI's download
//! (spans may carry a `process` object, references a nested `span`; both are ignored). Times
//! become nanoseconds (µs × 1000). The same entry point as readTraceText: OTLP and Zipkin
//! content is read too (the format comes from the content).
[[nodiscard]] inline TraceSet readJaegerText(std::string_view text, const std::string& sourceName,
                                             JaegerImportStats* stats = nullptr)
{
    return readTraceText(text, sourceName, stats);
}

//! readTraceFile under its older name.
[[nodiscard]] inline TraceSet readJaegerFile(const std::string& path, JaegerImportStats* stats = nullptr)
{
    return readTraceFile(path, stats);
}

} // namespace orrery::trace
