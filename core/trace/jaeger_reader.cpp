// Jaeger JSON, one trace (an element of `data`, or of a bare top-level array) at a time.
#include "trace/jaeger_reader.h"

#include "trace/element_context.h"
#include "trace/hex_id.h"

#include <optional>
#include <vector>

namespace orrery::trace::detail {
namespace {

using Process = JaegerProcess;

struct Tag {
    std::string_view key;
    std::optional<std::string_view> text;
    bool isTrue = false;
};

constexpr std::uint32_t kInlineProcess = static_cast<std::uint32_t>(-1);

class JaegerTraceReader {
public:
    JaegerTraceReader(ElementContext& context, ImportState& state)
        : m_context(context)
        , m_state(state)
        , m_names(state.set.names)
        , m_processes(state.jaegerProcesses)
        , m_spanProcess(state.jaegerSpanProcess)
    {
        m_processes.clear();
        m_spanProcess.clear();
    }

    void read()
    {
        const Path root;
        od::object object = m_context.object(m_context.root("a trace object"), root, "a trace object");
        m_trace = m_state.builder.newTrace(TraceId{});
        bool haveId = false;
        bool haveSpans = false;
        m_context.members(object, root, [&](std::string_view key, od::value value, const Path& path) {
            if (key == "traceID") {
                m_traceId = m_context.traceId(value, path);
                m_state.set.traces[m_trace].id = m_traceId;
                haveId = true;
            } else if (key == "spans") {
                haveSpans = true;
                m_context.elements(m_context.array(value, path, "an array of spans"), path,
                                   [&](od::value span, const Path& at) { readSpan(span, at); });
            } else if (key == "processes") {
                m_context.members(m_context.object(value, path, "an object"), path,
                                  [&](std::string_view id, od::value process, const Path& at) {
                                      Process& entry = m_processes[processIndex(id)];
                                      readProcess(process, at, entry.service, entry.instance);
                                      entry.known = true;
                                  });
            }
        });
        if (!haveId)
            m_context.fail(root.member("traceID"), "missing required field");
        if (!haveSpans)
            m_context.fail(root.member("spans"), "missing required field");
        // A trace of no spans has no root to analyse (found by fuzz_trace; OTLP and Zipkin group
        // spans into traces, so only Jaeger can write one).
        if (m_state.set.traces[m_trace].spans.empty())
            m_context.fail(root.member("spans"), "expected at least one span");

        // Processes may follow the spans (Orrery's own export writes them last): resolve now.
        Trace& trace = m_state.set.traces[m_trace];
        const Path spans = root.member("spans");
        for (std::size_t j = 0; j < m_spanProcess.size(); ++j) {
            const std::uint32_t process = m_spanProcess[j];
            if (process == kInlineProcess)
                continue;
            if (!m_processes[process].known)
                m_context.fail(spans.at(j).member("processID"), "unknown processID '" + m_processes[process].key
                                                                      + "' (not in " + m_context.element().path() + ".processes)");
            trace.spans[j].service = m_processes[process].service;
            trace.spans[j].instance = m_processes[process].instance;
        }
        const auto problem = m_state.builder.finish(m_trace, m_state.stats.orphanSpans);
        if (problem.kind == TraceBuilder::Problem::Kind::DuplicateId) {
            m_context.fail(spans.at(problem.span).member("spanID"),
                           "duplicate span id " + hexSpanId(trace.spans[problem.span].id) + " (also "
                               + m_context.element().path() + ".spans[" + std::to_string(problem.other) + "])");
        }
        if (problem.kind == TraceBuilder::Problem::Kind::Cycle) {
            m_context.fail(spans.at(problem.span).member("references"),
                           "reference cycle through span " + hexSpanId(trace.spans[problem.span].id) + ": no root above it");
        }
    }

private:
    std::uint32_t processIndex(std::string_view key)
    {
        for (std::size_t i = 0; i < m_processes.size(); ++i) {
            if (m_processes[i].key == key)
                return static_cast<std::uint32_t>(i);
        }
        m_processes.push_back(Process{std::string(key), 0, 0, false});
        return static_cast<std::uint32_t>(m_processes.size() - 1);
    }

    Tag readTag(od::value value, const Path& at)
    {
        Tag tag;
        m_context.members(m_context.object(value, at, "a tag object"), at,
                          [&](std::string_view key, od::value field, const Path& path) {
                              if (key == "key") {
                                  tag.key = m_context.string(field, path);
                              } else if (key == "value") {
                                  const od::json_type type = m_context.type(field, path);
                                  if (type == od::json_type::string)
                                      tag.text = m_context.string(field, path);
                                  else if (type == od::json_type::boolean)
                                      tag.isTrue = m_context.boolean(field, path);
                              }
                          });
        return tag;
    }

    void readProcess(od::value value, const Path& at, NameId& service, NameId& instance)
    {
        std::optional<std::string_view> name;
        std::optional<std::string_view> host;
        m_context.members(m_context.object(value, at, "a process object"), at,
                          [&](std::string_view key, od::value field, const Path& path) {
                              if (key == "serviceName") {
                                  name = m_context.string(field, path);
                              } else if (key == "tags") {
                                  if (m_context.type(field, path) != od::json_type::array)
                                      return;
                                  m_context.elements(m_context.array(field, path, "an array of tags"), path, [&](od::value tag, const Path& tagPath) {
                                      const Tag read = readTag(tag, tagPath);
                                      if (read.key == "hostname" && read.text)
                                          host = read.text;
                                  });
                              }
                          });
        if (!name)
            m_context.fail(at.member("serviceName"), "missing required field");
        service = m_names.intern(*name);
        instance = host ? m_names.intern(*host) : service;
    }

    void readSpan(od::value value, const Path& at)
    {
        Span span;
        span.relation = SpanRelation::Root;
        bool haveId = false;
        bool haveOperation = false;
        bool haveStart = false;
        bool haveDuration = false;
        std::uint32_t process = kInlineProcess;
        bool haveProcess = false;
        m_context.members(m_context.object(value, at, "a span object"), at, [&](std::string_view key, od::value field, const Path& path) {
            if (key == "spanID") {
                span.id = m_context.spanId(field, path);
                haveId = true;
            } else if (key == "operationName") {
                span.operation = m_names.intern(m_context.string(field, path));
                haveOperation = true;
            } else if (key == "startTime") {
                span.startNs = m_context.integer(field, path, "microseconds") * 1000;
                haveStart = true;
            } else if (key == "duration") {
                const std::int64_t duration = m_context.integer(field, path, "microseconds");
                if (duration < 0)
                    m_context.fail(path, "negative duration " + std::to_string(duration));
                span.durationNs = duration * 1000;
                haveDuration = true;
            } else if (key == "processID") {
                process = processIndex(m_context.string(field, path));
                haveProcess = true;
            } else if (key == "process") {
                readProcess(field, path, span.service, span.instance);
                haveProcess = true;
            } else if (key == "references") {
                if (m_context.type(field, path) == od::json_type::null)
                    return;
                m_context.elements(m_context.array(field, path, "an array"), path,
                                   [&](od::value reference, const Path& refPath) { readReference(reference, refPath, span); });
            } else if (key == "tags") {
                if (m_context.type(field, path) != od::json_type::array)
                    return;
                m_context.elements(m_context.array(field, path, "an array of tags"), path, [&](od::value tag, const Path& tagPath) {
                    const Tag read = readTag(tag, tagPath);
                    if (read.key == "orrery.request_type" && read.text)
                        m_requestType = m_names.intern(*read.text);
                    else if (read.key == "error" && (read.isTrue || read.text == "true"))
                        ++m_state.stats.errorSpans;
                });
            } else if (key == "logs") {
                if (m_context.type(field, path) == od::json_type::array) {
                    std::size_t count = 0;
                    // A malformed array is an error: simdjson abandons the document on it, and
                    // iterating on would dereference its null parser (found by fuzz_trace).
                    if (const auto error = field.count_elements().get(count))
                        m_context.jsonError(error, path);
                    m_state.stats.events += count;
                }
            }
        });
        if (!haveId)
            m_context.fail(at.member("spanID"), "missing required field");
        if (!haveOperation)
            m_context.fail(at.member("operationName"), "missing required field");
        if (!haveStart)
            m_context.fail(at.member("startTime"), "missing required field");
        if (!haveDuration)
            m_context.fail(at.member("duration"), "missing required field");
        if (!haveProcess)
            m_context.fail(at.member("processID"), "missing required field (or a \"process\" object)");
        if (span.relation != SpanRelation::Root && span.parent == span.id)
            m_context.fail(at.member("references").at(m_parentReference).member("spanID"),
                           "span " + hexSpanId(span.id) + " is its own parent");
        if (m_requestType) {
            m_state.builder.setRequestType(m_trace, span.id, *m_requestType);
            m_requestType.reset();
        }
        m_state.builder.add(m_trace, span);
        m_spanProcess.push_back(process);
    }

    void readReference(od::value value, const Path& at, Span& span)
    {
        std::optional<std::string_view> type;
        std::optional<SpanId> parent;
        bool otherTrace = false;
        m_context.members(m_context.object(value, at, "a reference object"), at, [&](std::string_view key, od::value field, const Path& path) {
            if (key == "refType") {
                type = m_context.string(field, path);
                if (*type != "CHILD_OF" && *type != "FOLLOWS_FROM")
                    m_context.fail(path, "unknown refType '" + std::string(*type) + "' (expected CHILD_OF or FOLLOWS_FROM)");
            } else if (key == "spanID") {
                parent = m_context.spanId(field, path);
            } else if (key == "traceID") {
                otherTrace = m_context.traceId(field, path) != m_traceId && m_traceId != TraceId{};
            }
        });
        if (!type)
            m_context.fail(at.member("refType"), "missing required field");
        if (!parent)
            m_context.fail(at.member("spanID"), "missing required field");
        if (otherTrace) {
            ++m_state.stats.links;  // a link to another trace, not a parent
            return;
        }
        const SpanRelation relation = *type == "FOLLOWS_FROM" ? SpanRelation::FollowsFrom : SpanRelation::ChildOf;
        // The first reference within the trace is the parent; a CHILD_OF beats a FOLLOWS_FROM.
        if (span.relation == SpanRelation::Root || (span.relation == SpanRelation::FollowsFrom && relation == SpanRelation::ChildOf)) {
            if (span.relation != SpanRelation::Root)
                ++m_state.stats.links;
            span.parent = *parent;
            span.relation = relation;
            m_parentReference = at.index;
        } else {
            ++m_state.stats.links;
        }
    }

    ElementContext& m_context;
    ImportState& m_state;
    NameTable& m_names;
    std::size_t m_trace = 0;
    TraceId m_traceId;
    std::vector<Process>& m_processes;
    std::vector<std::uint32_t>& m_spanProcess;
    std::optional<NameId> m_requestType;
    std::size_t m_parentReference = 0;  // which reference of the span being read is its parent
};

} // namespace

void readJaegerElement(ElementContext& context, ImportState& state)
{
    JaegerTraceReader(context, state).read();
}

} // namespace orrery::trace::detail
