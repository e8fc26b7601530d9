#include "trace/otlp_writer.h"

#include "trace/hex_id.h"
#include "trace/json_text.h"
#include "trace/trace_root.h"

#include <cstdio>
#include <map>
#include <optional>
#include <utility>
#include <vector>

namespace orrery::trace {
namespace {

std::string traceIdHex(const TraceId& id)
{
    return hexSpanId(id.high) + hexSpanId(id.low);  // OTLP trace ids are 16 bytes
}

void appendStringAttribute(std::string& out, std::string_view key, std::string_view value)
{
    out += "{\"key\":";
    appendJsonString(out, key);
    out += ",\"value\":{\"stringValue\":";
    appendJsonString(out, value);
    out += "}}";
}

void appendSpan(std::string& out, const Trace& trace, const Span& span, bool root, const NameTable& names)
{
    const std::string traceId = traceIdHex(trace.id);
    out += "{\"traceId\":\"" + traceId + "\",\"spanId\":\"" + hexSpanId(span.id) + '"';
    const bool hasParent = span.relation != SpanRelation::Root && span.parent != 0;
    if (hasParent)
        out += ",\"parentSpanId\":\"" + hexSpanId(span.parent) + '"';
    out += ",\"name\":";
    appendJsonString(out, names.name(span.operation));
    out += ",\"kind\":1,\"startTimeUnixNano\":\"" + std::to_string(span.startNs) + "\",\"endTimeUnixNano\":\""
        + std::to_string(span.endNs()) + "\",\"attributes\":[";
    if (root && trace.requestType != span.operation)
        appendStringAttribute(out, "orrery.request_type", names.name(trace.requestType));
    out += ']';
    if (hasParent && span.relation == SpanRelation::FollowsFrom) {
        out += ",\"links\":[{\"traceId\":\"" + traceId + "\",\"spanId\":\"" + hexSpanId(span.parent) + "\",\"attributes\":[";
        appendStringAttribute(out, "opentracing.ref_type", "follows_from");
        out += "]}]";
    }
    out += ",\"status\":{}}";
}

} // namespace

std::string writeOtlpJson(const TraceSet& traces)
{
    // Resources in order of first use; each lists its spans in trace order.
    std::map<std::pair<NameId, NameId>, std::size_t> resourceIndex;
    std::vector<std::pair<NameId, NameId>> resources;
    std::vector<std::vector<std::pair<std::size_t, std::size_t>>> spansOf;  // (trace, span)
    for (std::size_t t = 0; t < traces.traces.size(); ++t) {
        const auto& spans = traces.traces[t].spans;
        for (std::size_t s = 0; s < spans.size(); ++s) {
            const auto key = std::make_pair(spans[s].service, spans[s].instance);
            const auto [found, added] = resourceIndex.try_emplace(key, resources.size());
            if (added) {
                resources.push_back(key);
                spansOf.emplace_back();
            }
            spansOf[found->second].emplace_back(t, s);
        }
    }
    std::vector<std::optional<std::size_t>> roots;
    roots.reserve(traces.traces.size());
    for (const Trace& trace : traces.traces)
        roots.push_back(rootSpanIndex(trace));

    std::string out = "{\"resourceSpans\":[";
    for (std::size_t r = 0; r < resources.size(); ++r) {
        if (r > 0)
            out += ',';
        out += "{\"resource\":{\"attributes\":[";
        appendStringAttribute(out, "service.name", traces.names.name(resources[r].first));
        out += ',';
        appendStringAttribute(out, "service.instance.id", traces.names.name(resources[r].second));
        out += "]},\"scopeSpans\":[{\"scope\":{\"name\":\"orrery\"},\"spans\":[";
        bool first = true;
        for (const auto& [t, s] : spansOf[r]) {
            if (!first)
                out += ',';
            first = false;
            const Trace& trace = traces.traces[t];
            appendSpan(out, trace, trace.spans[s], roots[t] && *roots[t] == s, traces.names);
        }
        out += "]}]}";
    }
    out += "]}";
    return out;
}

} // namespace orrery::trace
