// OTLP JSON (OpenTelemetry protocol, JSON encoding), one `resourceSpans` entry at a time:
// resource attributes name the service and instance; `scopeSpans` (or the older
// `instrumentationLibrarySpans`) hold the spans.
#include "trace/element_context.h"

#include <optional>
#include <vector>

namespace orrery::trace::detail {
namespace {

struct Attribute {
    std::string_view key;
    std::optional<std::string_view> text;
};

//! A same-trace link marked as Jaeger's FOLLOWS_FROM (`opentracing.ref_type`), as the
//! Collector's Jaeger translator writes and Orrery's export does.
struct FollowsLink {
    std::optional<TraceId> trace;
    SpanId span = 0;
};

class OtlpResourceReader {
public:
    OtlpResourceReader(ElementContext& context, ImportState& state)
        : m_context(context)
        , m_state(state)
        , m_names(state.set.names)
    {
    }

    void read()
    {
        const Path root;
        std::optional<std::string_view> service;
        std::optional<std::string_view> instanceId;
        std::optional<std::string_view> host;
        std::optional<std::string_view> pod;
        m_context.members(m_context.object(m_context.root("a resourceSpans object"), root, "a resourceSpans object"), root,
                          [&](std::string_view key, od::value value, const Path& path) {
            if (key == "resource") {
                m_context.members(m_context.object(value, path, "a resource object"), path,
                                  [&](std::string_view field, od::value attributes, const Path& at) {
                    if (field != "attributes")
                        return;
                    readAttributes(attributes, at, [&](const Attribute& attribute) {
                        if (!attribute.text)
                            return;
                        if (attribute.key == "service.name")
                            service = attribute.text;
                        else if (attribute.key == "service.instance.id")
                            instanceId = attribute.text;
                        else if (attribute.key == "host.name")
                            host = attribute.text;
                        else if (attribute.key == "k8s.pod.name")
                            pod = attribute.text;
                    });
                });
            } else if (key == "scopeSpans" || key == "instrumentationLibrarySpans") {
                m_context.elements(m_context.array(value, path, "an array of scope spans"), path, [&](od::value scope, const Path& at) {
                    m_context.members(m_context.object(scope, at, "a scopeSpans object"), at,
                                      [&](std::string_view field, od::value spans, const Path& spansPath) {
                        if (field != "spans")
                            return;
                        m_context.elements(m_context.array(spans, spansPath, "an array of spans"), spansPath,
                                           [&](od::value span, const Path& spanPath) { readSpan(span, spanPath); });
                    });
                });
            }
        });
        // The resource may follow its spans: name their service now.
        const NameId serviceId = m_names.intern(service.value_or("unknown_service"));
        const std::optional<std::string_view> instance = instanceId ? instanceId : host ? host : pod;
        const NameId instanceName = instance ? m_names.intern(*instance) : serviceId;
        for (const auto& [trace, index] : m_added) {
            Span& span = m_state.set.traces[trace].spans[index];
            span.service = serviceId;
            span.instance = instanceName;
        }
    }

private:
    template <typename Visit>
    void readAttributes(od::value value, const Path& at, Visit visit)
    {
        m_context.elements(m_context.array(value, at, "an array of attributes"), at, [&](od::value item, const Path& itemPath) {
            Attribute attribute;
            m_context.members(m_context.object(item, itemPath, "an attribute object"), itemPath,
                              [&](std::string_view key, od::value field, const Path& path) {
                if (key == "key") {
                    attribute.key = m_context.string(field, path);
                } else if (key == "value" && m_context.type(field, path) == od::json_type::object) {
                    m_context.members(m_context.object(field, path, "a value object"), path, [&](std::string_view kind, od::value any, const Path& anyPath) {
                        if (kind == "stringValue")
                            attribute.text = m_context.string(any, anyPath);
                    });
                }
            });
            visit(attribute);
        });
    }

    void readSpan(od::value value, const Path& at)
    {
        Span span;
        std::optional<TraceId> traceId;
        SpanId parent = 0;
        bool haveId = false;
        bool haveName = false;
        std::optional<std::int64_t> start;
        std::optional<std::int64_t> end;
        std::optional<NameId> requestType;
        m_follows.clear();
        m_context.members(m_context.object(value, at, "a span object"), at, [&](std::string_view key, od::value field, const Path& path) {
            if (key == "traceId") {
                traceId = m_context.traceId(field, path);
            } else if (key == "spanId") {
                span.id = m_context.spanId(field, path);
                haveId = true;
            } else if (key == "parentSpanId") {
                if (!m_context.string(field, path).empty())
                    parent = m_context.spanId(field, path);
            } else if (key == "name") {
                span.operation = m_names.intern(m_context.string(field, path));
                haveName = true;
            } else if (key == "startTimeUnixNano") {
                start = m_context.nanos(field, path);
            } else if (key == "endTimeUnixNano") {
                end = m_context.nanos(field, path);
            } else if (key == "attributes") {
                readAttributes(field, path, [&](const Attribute& attribute) {
                    if (attribute.key == "orrery.request_type" && attribute.text)
                        requestType = m_names.intern(*attribute.text);
                });
            } else if (key == "events") {
                std::size_t count = 0;
                // A malformed array is an error (simdjson abandons the document on it; found by fuzz_trace).
                od::array events = m_context.array(field, path, "an array of events");
                if (const auto error = events.count_elements().get(count))
                    m_context.jsonError(error, path);
                m_state.stats.events += count;
            } else if (key == "links") {
                m_context.elements(m_context.array(field, path, "an array of links"), path,
                                   [&](od::value link, const Path& linkPath) { readLink(link, linkPath); });
            } else if (key == "status") {
                m_context.members(m_context.object(field, path, "a status object"), path,
                                  [&](std::string_view name, od::value code, const Path& codePath) {
                    if (name != "code")
                        return;
                    const od::json_type type = m_context.type(code, codePath);
                    std::int64_t number = 0;
                    if ((type == od::json_type::string && m_context.string(code, codePath) == "STATUS_CODE_ERROR")
                        || (type == od::json_type::number && !code.get_int64().get(number) && number == 2))
                        ++m_state.stats.errorSpans;
                });
            }
        });
        if (!traceId)
            m_context.fail(at.member("traceId"), "missing required field");
        if (!haveId)
            m_context.fail(at.member("spanId"), "missing required field");
        if (!haveName)
            m_context.fail(at.member("name"), "missing required field");
        if (!start)
            m_context.fail(at.member("startTimeUnixNano"), "missing required field");
        if (!end)
            m_context.fail(at.member("endTimeUnixNano"), "missing required field");
        if (*end < *start)
            m_context.fail(at.member("endTimeUnixNano"), "ends before it starts (" + std::to_string(*end) + " < "
                                                              + std::to_string(*start) + ')');
        span.startNs = *start;
        span.durationNs = *end - *start;

        SpanId followsFrom = 0;
        for (const FollowsLink& link : m_follows) {
            if (!link.trace || *link.trace == *traceId) {
                if (followsFrom == 0 && (parent == 0 || parent == link.span))
                    followsFrom = link.span;
            } else {
                ++m_state.stats.links;
            }
        }
        if (parent != 0) {
            span.parent = parent;
            span.relation = followsFrom == parent ? SpanRelation::FollowsFrom : SpanRelation::ChildOf;
        } else if (followsFrom != 0) {
            span.parent = followsFrom;
            span.relation = SpanRelation::FollowsFrom;
        }
        if (span.parent == span.id && span.parent != 0)
            m_context.fail(at.member("parentSpanId"), "span is its own parent");
        const std::size_t trace = m_state.builder.traceFor(*traceId);
        if (requestType)
            m_state.builder.setRequestType(trace, span.id, *requestType);
        m_state.builder.add(trace, span);
        m_added.emplace_back(trace, m_state.set.traces[trace].spans.size() - 1);
    }

    void readLink(od::value value, const Path& at)
    {
        FollowsLink link;
        bool followsFrom = false;
        m_context.members(m_context.object(value, at, "a link object"), at, [&](std::string_view key, od::value field, const Path& path) {
            if (key == "traceId")
                link.trace = m_context.traceId(field, path);
            else if (key == "spanId")
                link.span = m_context.spanId(field, path);
            else if (key == "attributes")
                readAttributes(field, path, [&](const Attribute& attribute) {
                    if (attribute.key == "opentracing.ref_type" && attribute.text == "follows_from")
                        followsFrom = true;
                });
        });
        if (link.span == 0)
            m_context.fail(at.member("spanId"), "missing required field");
        if (followsFrom)
            m_follows.push_back(link);
        else
            ++m_state.stats.links;
    }

    ElementContext& m_context;
    ImportState& m_state;
    NameTable& m_names;
    std::vector<std::pair<std::size_t, std::size_t>> m_added;  // (trace, span index) of this resource
    std::vector<FollowsLink> m_follows;
};

} // namespace

void readOtlpElement(ElementContext& context, ImportState& state)
{
    OtlpResourceReader(context, state).read();
}

} // namespace orrery::trace::detail
