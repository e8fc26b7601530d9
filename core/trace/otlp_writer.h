#pragma once
#include "trace/trace.h"

#include <string>

namespace orrery::trace {

//! `traces` as an OTLP JSON document (`{"resourceSpans": […]}`, the OpenTelemetry Collector's
//! file-exporter shape), which Jaeger (≥ 1.35 with OTLP), the Collector and other OTLP tools
//! read, and which readTraceText reads back to the same traces without loss: times are exact
//! nanoseconds. One resource per (service, instance) pair (`service.name`,
//! `service.instance.id`); trace ids 32 hex digits; a FOLLOWS_FROM span keeps its parent and a
//! link to it with `opentracing.ref_type: follows_from` (the Collector's Jaeger convention); a
//! root whose operation is not the trace's requestType carries it in `orrery.request_type`.
[[nodiscard]] std::string writeOtlpJson(const TraceSet& traces);

} // namespace orrery::trace
