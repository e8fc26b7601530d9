#pragma once
#include "trace/trace.h"

#include <cstddef>
#include <unordered_map>
#include <utility>
#include <vector>

namespace orrery::trace {

//! Gathers imported spans into the traces of a TraceSet and resolves them once complete: a
//! span's `parent` holds the id it references (0: none) until finish() turns a reference
//! to an absent span into a root (an orphan), and each trace gets its requestType. Formats that
//! list spans rather than traces (OTLP, Zipkin) may spread a trace over the file, so those
//! finish every trace at the end; Jaeger finishes each as it is read.
class TraceBuilder {
public:
    explicit TraceBuilder(TraceSet& set)
        : m_set(set)
    {
    }

    //! Index (in the set's traces) of the trace with `id`, added when new.
    std::size_t traceFor(const TraceId& id);
    //! A new trace with `id`, even if one was seen before (Jaeger: one per element).
    std::size_t newTrace(const TraceId& id);
    void add(std::size_t trace, const Span& span)
    {
        std::vector<Span>& spans = m_set.traces[trace].spans;
        spans.push_back(span);
        ++m_spanCount;
        if (spans.size() > m_largestSize) {
            m_largestSize = spans.size();
            m_largest = trace;
        }
    }
    //! Spans added so far (the import's caps are checked against it).
    [[nodiscard]] std::size_t spanCount() const { return m_spanCount; }
    //! The trace with the most spans so far, and how many it has.
    [[nodiscard]] std::size_t largestTrace() const { return m_largest; }
    [[nodiscard]] std::size_t largestTraceSize() const { return m_largestSize; }
    //! The span `span` of `trace` names the trace's request type (`orrery.request_type`).
    void setRequestType(std::size_t trace, SpanId span, NameId requestType);
    //! Span `index` of `trace` is the server half of a Zipkin RPC sharing its client's id.
    void markShared(std::size_t trace, std::size_t index);

    //! What keeps a trace from being finished, for the reader to name its place.
    struct Problem {
        enum class Kind { None, DuplicateId, Cycle } kind = Kind::None;
        std::size_t span = 0;   //!< index in the trace's spans
        std::size_t other = 0;  //!< DuplicateId: the earlier span with that id
    };
    //! Resolves parents of `trace`, counting orphans, checks that every span reaches a root,
    //! and sets the request type (the root's operation, or its `orrery.request_type`).
    [[nodiscard]] Problem finish(std::size_t trace, std::size_t& orphans);
    [[nodiscard]] std::size_t traceCount() const { return m_set.traces.size(); }

private:
    struct IdHash {
        std::size_t operator()(const TraceId& id) const { return std::hash<std::uint64_t>{}(id.low ^ (id.high * 0x9e3779b97f4a7c15ULL)); }
    };
    TraceSet& m_set;
    std::unordered_map<TraceId, std::size_t, IdHash> m_byId;
    std::size_t m_last = static_cast<std::size_t>(-1);
    std::size_t m_spanCount = 0;
    std::size_t m_largest = 0;
    std::size_t m_largestSize = 0;
    std::unordered_map<std::size_t, std::vector<std::pair<SpanId, NameId>>> m_requestTypes;
    std::unordered_map<std::size_t, std::vector<std::size_t>> m_shared;
    std::vector<std::pair<SpanId, std::size_t>> m_sorted;  // scratch: (id, index)
    std::vector<std::size_t> m_parentIndex;                // scratch
    std::vector<std::uint8_t> m_state;                     // scratch
    std::vector<std::size_t> m_walk;                       // scratch
};

} // namespace orrery::trace
