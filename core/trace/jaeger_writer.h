#pragma once
#include "trace/trace.h"

#include <string>

namespace orrery::trace {

//! `traces` as a Jaeger query-API document (`{"data":[{traceID, spans, processes}]}`), which
//! readJaegerText reads back to the same traces, with two documented losses: times are written
//! in whole microseconds (start and end rounded to the nearest µs, duration their difference),
//! and an orphan's dangling parent id is not kept. One process per (service, instance) pair
//! of a trace, its instance in a `hostname` tag; a root whose operation is not the trace's
//! requestType carries it in an `orrery.request_type` tag.
[[nodiscard]] std::string writeJaegerJson(const TraceSet& traces);

} // namespace orrery::trace
