#include "trace/trace_merge.h"

#include <vector>

namespace orrery::trace {

void appendTraces(TraceSet& into, TraceSet&& from)
{
    std::vector<NameId> mapped;
    mapped.reserve(from.names.size());
    for (const std::string& name : from.names.names())
        mapped.push_back(into.names.intern(name));
    into.traces.reserve(into.traces.size() + from.traces.size());
    for (Trace& trace : from.traces) {
        trace.requestType = mapped[trace.requestType];
        for (Span& span : trace.spans) {
            span.service = mapped[span.service];
            span.operation = mapped[span.operation];
            span.instance = mapped[span.instance];
        }
        into.traces.push_back(std::move(trace));
    }
    from.traces.clear();
}

} // namespace orrery::trace
