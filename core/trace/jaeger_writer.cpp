#include "trace/jaeger_writer.h"

#include "trace/hex_id.h"
#include "trace/trace_root.h"

#include <nlohmann/json.hpp>

#include <map>
#include <utility>

namespace orrery::trace {
namespace {

using Json = nlohmann::ordered_json;

//! Nearest microsecond, halves away from zero.
std::int64_t roundToUs(std::int64_t ns)
{
    return ns >= 0 ? (ns + 500) / 1000 : -((-ns + 500) / 1000);
}

Json tag(const std::string& key, const std::string& value)
{
    return Json{{"key", key}, {"type", "string"}, {"value", value}};
}

Json traceJson(const Trace& trace, const NameTable& names)
{
    const std::string traceId = trace.id.hex();
    std::map<std::pair<NameId, NameId>, std::string> processIds;
    Json processes = Json::object();
    const auto root = rootSpanIndex(trace);
    Json spans = Json::array();
    for (std::size_t i = 0; i < trace.spans.size(); ++i) {
        const Span& span = trace.spans[i];
        const auto key = std::make_pair(span.service, span.instance);
        auto found = processIds.find(key);
        if (found == processIds.end()) {
            const std::string id = 'p' + std::to_string(processIds.size() + 1);
            found = processIds.emplace(key, id).first;
            processes[id] = Json{{"serviceName", names.name(span.service)},
                                 {"tags", Json::array({tag("hostname", names.name(span.instance))})}};
        }
        Json references = Json::array();
        if (span.relation != SpanRelation::Root && span.parent != 0) {
            references.push_back(Json{{"refType", span.relation == SpanRelation::FollowsFrom ? "FOLLOWS_FROM" : "CHILD_OF"},
                                      {"traceID", traceId},
                                      {"spanID", hexSpanId(span.parent)}});
        }
        Json tags = Json::array();
        if (root && *root == i && trace.requestType != span.operation)
            tags.push_back(tag("orrery.request_type", names.name(trace.requestType)));
        const std::int64_t startUs = roundToUs(span.startNs);
        spans.push_back(Json{{"traceID", traceId},
                             {"spanID", hexSpanId(span.id)},
                             {"flags", 1},
                             {"operationName", names.name(span.operation)},
                             {"references", std::move(references)},
                             {"startTime", startUs},
                             {"duration", roundToUs(span.endNs()) - startUs},
                             {"tags", std::move(tags)},
                             {"logs", Json::array()},
                             {"processID", found->second},
                             {"warnings", nullptr}});
    }
    return Json{{"traceID", traceId}, {"spans", std::move(spans)}, {"processes", std::move(processes)}, {"warnings", nullptr}};
}

} // namespace

std::string writeJaegerJson(const TraceSet& traces)
{
    Json data = Json::array();
    for (const Trace& trace : traces.traces)
        data.push_back(traceJson(trace, traces.names));
    return Json{{"data", std::move(data)}}.dump();
}

} // namespace orrery::trace
