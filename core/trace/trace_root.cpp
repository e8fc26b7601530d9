#include "trace/trace_root.h"

namespace orrery::trace {

std::optional<std::size_t> rootSpanIndex(const Trace& trace)
{
    std::optional<std::size_t> best;
    for (std::size_t i = 0; i < trace.spans.size(); ++i) {
        const Span& span = trace.spans[i];
        if (span.relation != SpanRelation::Root)
            continue;
        if (!best) {
            best = i;
            continue;
        }
        const Span& current = trace.spans[*best];
        if (span.startNs < current.startNs || (span.startNs == current.startNs && span.durationNs > current.durationNs))
            best = i;
    }
    return best;
}

} // namespace orrery::trace
