#pragma once
#include "trace/trace.h"

#include <string>

namespace orrery::trace {

//! `traces` as a Zipkin v2 JSON array of spans, which readTraceText reads back to the same
//! traces with the losses of Jaeger's export (times in whole microseconds). Zipkin has no
//! FOLLOWS_FROM nor instance names: those travel in the tags `orrery.relation` and
//! `orrery.instance`; a root whose operation is not the trace's requestType carries it in
//! `orrery.request_type`.
[[nodiscard]] std::string writeZipkinJson(const TraceSet& traces);

} // namespace orrery::trace
