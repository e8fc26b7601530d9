// Zipkin v2 JSON: an array of spans (`/api/v2/trace/{id}`) or of traces (`/api/v2/traces`),
// one element (a span, or a trace's array of spans) at a time.
#include "trace/element_context.h"

#include <optional>
#include <string>

namespace orrery::trace::detail {
namespace {

class ZipkinReader {
public:
    ZipkinReader(ElementContext& context, ImportState& state)
        : m_context(context)
        , m_state(state)
        , m_names(state.set.names)
    {
    }

    void read()
    {
        const Path root;
        od::value value = m_context.root("a span object");
        if (m_context.type(value, root) == od::json_type::array) {
            m_context.elements(m_context.array(value, root, "an array of spans"), root, [&](od::value span, const Path& at) { readSpan(span, at); });
            return;
        }
        readSpan(value, root);
    }

private:
    void readEndpoint(od::value value, const Path& at, std::optional<std::string_view>& service, std::string& address)
    {
        std::string_view ip;
        std::int64_t port = 0;
        m_context.members(m_context.object(value, at, "an endpoint object"), at, [&](std::string_view key, od::value field, const Path& path) {
            if (key == "serviceName")
                service = m_context.string(field, path);
            else if (key == "ipv4" || (key == "ipv6" && ip.empty()))
                ip = m_context.string(field, path);
            else if (key == "port")
                port = m_context.integer(field, path, "a port");
        });
        if (!ip.empty())
            address = port > 0 ? std::string(ip) + ':' + std::to_string(port) : std::string(ip);
    }

    void readSpan(od::value value, const Path& at)
    {
        Span span;
        std::optional<TraceId> traceId;
        bool haveId = false;
        bool shared = false;
        std::optional<std::int64_t> start;
        std::int64_t duration = 0;
        std::optional<std::string_view> service;
        std::string address;
        std::optional<NameId> requestType;
        bool followsFrom = false;
        std::optional<std::string_view> instance;
        m_context.members(m_context.object(value, at, "a span object"), at, [&](std::string_view key, od::value field, const Path& path) {
            if (key == "traceId") {
                traceId = m_context.traceId(field, path);
            } else if (key == "id") {
                span.id = m_context.spanId(field, path);
                haveId = true;
            } else if (key == "parentId") {
                if (m_context.type(field, path) != od::json_type::null) {
                    span.parent = m_context.spanId(field, path);
                    span.relation = SpanRelation::ChildOf;
                }
            } else if (key == "name") {
                span.operation = m_names.intern(m_context.string(field, path));
            } else if (key == "timestamp") {
                start = m_context.integer(field, path, "microseconds") * 1000;
            } else if (key == "duration") {
                duration = m_context.integer(field, path, "microseconds");
                if (duration < 0)
                    m_context.fail(path, "negative duration " + std::to_string(duration));
            } else if (key == "localEndpoint") {
                readEndpoint(field, path, service, address);
            } else if (key == "shared") {
                shared = m_context.boolean(field, path);
            } else if (key == "annotations") {
                std::size_t count = 0;
                // A malformed array is an error (simdjson abandons the document on it; found by fuzz_trace).
                od::array annotations = m_context.array(field, path, "an array of annotations");
                if (const auto error = annotations.count_elements().get(count))
                    m_context.jsonError(error, path);
                m_state.stats.events += count;
            } else if (key == "tags") {
                m_context.members(m_context.object(field, path, "an object of tags"), path,
                                  [&](std::string_view tag, od::value text, const Path& tagPath) {
                    if (tag == "orrery.request_type")
                        requestType = m_names.intern(m_context.string(text, tagPath));
                    else if (tag == "orrery.instance")
                        instance = m_context.string(text, tagPath);
                    else if (tag == "orrery.relation")
                        followsFrom = m_context.string(text, tagPath) == "follows_from";
                    else if (tag == "error")
                        ++m_state.stats.errorSpans;
                });
            }
        });
        if (!traceId)
            m_context.fail(at.member("traceId"), "missing required field");
        if (!haveId)
            m_context.fail(at.member("id"), "missing required field");
        if (!start)
            m_context.fail(at.member("timestamp"), "missing required field");
        if (span.parent == span.id && span.parent != 0)
            m_context.fail(at.member("parentId"), "span is its own parent");
        if (followsFrom && span.relation == SpanRelation::ChildOf)
            span.relation = SpanRelation::FollowsFrom;
        span.startNs = *start;
        span.durationNs = duration * 1000;
        span.service = m_names.intern(service.value_or("unknown_service"));
        span.instance = instance ? m_names.intern(*instance) : address.empty() ? span.service : m_names.intern(address);
        const std::size_t trace = m_state.builder.traceFor(*traceId);
        if (requestType)
            m_state.builder.setRequestType(trace, span.id, *requestType);
        m_state.builder.add(trace, span);
        if (shared)
            m_state.builder.markShared(trace, m_state.set.traces[trace].spans.size() - 1);
    }

    ElementContext& m_context;
    ImportState& m_state;
    NameTable& m_names;
};

} // namespace

void readZipkinElement(ElementContext& context, ImportState& state)
{
    ZipkinReader(context, state).read();
}

} // namespace orrery::trace::detail
