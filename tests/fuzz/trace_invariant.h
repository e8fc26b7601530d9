#pragma once
// What must hold for readTraceText on any text (tests/fuzz/trace_fuzzer.cpp and the replay of
// tests/fixtures/fuzz-regressions/trace/ in tst_trace_formats).
#include "fuzz_check.h"
#include "trace/trace_import.h"

#include <algorithm>
#include <exception>
#include <unordered_set>

namespace orrery::fuzz {

//! The first problem of an imported TraceSet, or "": every trace has spans, with unique non-zero
//! ids, names (and the request type) in the name table, non-negative durations, none its own parent.
inline std::string traceSetProblem(const trace::TraceSet& set)
{
    const std::size_t names = set.names.size();
    for (const trace::Trace& one : set.traces) {
        if (one.spans.empty())
            return "a trace without spans: " + one.id.hex();
        if (one.requestType >= names)
            return "a request type outside the name table in trace " + one.id.hex();
        std::unordered_set<trace::SpanId> ids;
        for (const trace::Span& span : one.spans) {
            if (span.id == 0 || !ids.insert(span.id).second)
                return "a zero or duplicate span id in trace " + one.id.hex();
            if (span.parent == span.id)
                return "a span that is its own parent in trace " + one.id.hex();
            if (span.durationNs < 0)
                return "a negative duration in trace " + one.id.hex();
            if (span.service >= names || span.operation >= names || span.instance >= names)
                return "a span name outside the name table in trace " + one.id.hex();
        }
    }
    return {};
}

//! "" when readTraceText(text, source) keeps its promises: a valid TraceSet (traceSetProblem),
//! or a TraceReadError, the one documented failure, naming `source`, a field path, a message and
//! a line between 1 and the text's line count, or 0 only for the trace-level errors documented
//! with line 0 (field `trace <id>`: duplicate span id, reference cycle; docs/trace-analysis.md).
inline std::string traceProblem(std::string_view text, const std::string& source)
{
    const auto lineCount = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1;
    try {
        return traceSetProblem(trace::readTraceText(text, source));
    } catch (const trace::TraceReadError& error) {
        const std::string what = error.what();
        if (error.file() != source)
            return "error names another source: " + what;
        if (error.field().empty())
            return "error without a field path: " + what;
        if (error.message().empty())
            return "error without a message: " + what;
        if (error.line() > lineCount)
            return "error past the last line (" + std::to_string(lineCount) + "): " + what;
        if (error.line() == 0 && !error.field().starts_with("trace "))
            return "error without a line: " + what;
    } catch (const std::exception& error) {
        return std::string("undocumented exception: ") + error.what();
    } catch (...) {
        return "a non-std exception";
    }
    return {};
}

} // namespace orrery::fuzz
