#include "trace/zipkin_writer.h"

#include "trace/hex_id.h"
#include "trace/json_text.h"
#include "trace/trace_root.h"

namespace orrery::trace {
namespace {

//! Nearest microsecond, halves away from zero (as writeJaegerJson).
std::int64_t roundToUs(std::int64_t ns)
{
    return ns >= 0 ? (ns + 500) / 1000 : -((-ns + 500) / 1000);
}

} // namespace

std::string writeZipkinJson(const TraceSet& traces)
{
    std::string out = "[";
    bool first = true;
    for (const Trace& trace : traces.traces) {
        const std::string traceId = trace.id.hex();
        const auto root = rootSpanIndex(trace);
        for (std::size_t i = 0; i < trace.spans.size(); ++i) {
            const Span& span = trace.spans[i];
            if (!first)
                out += ',';
            first = false;
            out += "{\"traceId\":\"" + traceId + "\",\"id\":\"" + hexSpanId(span.id) + '"';
            const bool hasParent = span.relation != SpanRelation::Root && span.parent != 0;
            if (hasParent)
                out += ",\"parentId\":\"" + hexSpanId(span.parent) + '"';
            const std::int64_t startUs = roundToUs(span.startNs);
            out += ",\"name\":";
            appendJsonString(out, traces.names.name(span.operation));
            out += ",\"timestamp\":" + std::to_string(startUs) + ",\"duration\":"
                + std::to_string(roundToUs(span.endNs()) - startUs) + ",\"localEndpoint\":{\"serviceName\":";
            appendJsonString(out, traces.names.name(span.service));
            out += "},\"tags\":{\"orrery.instance\":";
            appendJsonString(out, traces.names.name(span.instance));
            if (hasParent && span.relation == SpanRelation::FollowsFrom)
                out += ",\"orrery.relation\":\"follows_from\"";
            if (root && *root == i && trace.requestType != span.operation) {
                out += ",\"orrery.request_type\":";
                appendJsonString(out, traces.names.name(trace.requestType));
            }
            out += "}}";
        }
    }
    out += ']';
    return out;
}

} // namespace orrery::trace
