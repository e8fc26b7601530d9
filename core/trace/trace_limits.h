#pragma once
#include <cstddef>

namespace orrery::trace {

// Caps of a trace import (docs/reliability.md, "Limits"). Files are streamed, so a file's size
// never decides memory; what is kept does: about 64 bytes a span, and one element of the top-level
// array at a time. These caps keep both bounded, so a hostile or mistaken file ends in a clear
// error instead of an out-of-memory kill.

//! Spans one import keeps (all the files of one `orrery analyze`): about 1.2 GiB of span store,
//! 5.5 times the largest trace set measured (docs/performance.md: 1 GiB of Jaeger, 3.67 M spans).
inline constexpr std::size_t kMaxImportSpans = 20'000'000;
//! Spans of one trace: critical-path analysis walks a trace whole; the shipped fixtures' traces
//! have at most 33 spans.
inline constexpr std::size_t kMaxTraceSpans = 1'000'000;
//! Bytes of one element of the top-level array (a Jaeger trace, an OTLP resourceSpans entry, a
//! Zipkin span or trace): the stream holds one element whole, so this bounds its buffer.
inline constexpr std::size_t kMaxTraceElementBytes = std::size_t{128} << 20;

//! The span caps one import applies; tests lower them to exercise the checks cheaply.
struct TraceImportLimits {
    std::size_t maxSpans = kMaxImportSpans;
    std::size_t maxSpansPerTrace = kMaxTraceSpans;
    //! Spans earlier files of the same import already hold; they count against maxSpans.
    std::size_t spansAlreadyRead = 0;
};

} // namespace orrery::trace
