#include "trace/trace_builder.h"

#include "trace/trace_root.h"

#include <algorithm>

namespace orrery::trace {
namespace {

constexpr std::size_t kNone = static_cast<std::size_t>(-1);

//! A fresh id for the server half of a shared Zipkin span (splitmix64 of the client's id).
SpanId derivedId(SpanId id)
{
    std::uint64_t z = id + 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z ^= z >> 31;
    return z == 0 ? 1 : z;
}

} // namespace

std::size_t TraceBuilder::traceFor(const TraceId& id)
{
    if (m_last < m_set.traces.size() && m_set.traces[m_last].id == id)
        return m_last;
    const auto [found, added] = m_byId.try_emplace(id, m_set.traces.size());
    if (added)
        m_set.traces.push_back(Trace{id, 0, {}});
    m_last = found->second;
    return m_last;
}

std::size_t TraceBuilder::newTrace(const TraceId& id)
{
    m_set.traces.push_back(Trace{id, 0, {}});
    return m_set.traces.size() - 1;
}

void TraceBuilder::setRequestType(std::size_t trace, SpanId span, NameId requestType)
{
    m_requestTypes[trace].emplace_back(span, requestType);
}

void TraceBuilder::markShared(std::size_t trace, std::size_t index)
{
    m_shared[trace].push_back(index);
}

TraceBuilder::Problem TraceBuilder::finish(std::size_t traceIndex, std::size_t& orphans)
{
    Trace& trace = m_set.traces[traceIndex];
    std::vector<Span>& spans = trace.spans;
    spans.shrink_to_fit();  // the span store holds what was read, not what push_back reserved
    const std::size_t n = spans.size();

    // Zipkin's shared RPC spans: the server half gets its own id under the client half, and
    // what hung off the shared id hangs off the server half.
    if (const auto shared = m_shared.find(traceIndex); shared != m_shared.end()) {
        for (const std::size_t index : shared->second) {
            const SpanId id = spans[index].id;
            const bool hasClient = std::any_of(spans.begin(), spans.end(), [&](const Span& s) { return s.id == id && &s != &spans[index]; });
            if (!hasClient)
                continue;
            const SpanId serverId = derivedId(id);
            for (std::size_t i = 0; i < n; ++i) {
                if (i != index && spans[i].parent == id && spans[i].relation != SpanRelation::Root)
                    spans[i].parent = serverId;
            }
            spans[index].id = serverId;
            spans[index].parent = id;
            spans[index].relation = SpanRelation::ChildOf;
        }
        m_shared.erase(shared);
    }

    m_sorted.clear();
    for (std::size_t i = 0; i < n; ++i)
        m_sorted.emplace_back(spans[i].id, i);
    std::sort(m_sorted.begin(), m_sorted.end());
    for (std::size_t i = 1; i < n; ++i) {
        if (m_sorted[i].first == m_sorted[i - 1].first)
            return Problem{Problem::Kind::DuplicateId, std::max(m_sorted[i].second, m_sorted[i - 1].second),
                           std::min(m_sorted[i].second, m_sorted[i - 1].second)};
    }
    auto indexOf = [&](SpanId id) {
        const auto found = std::lower_bound(m_sorted.begin(), m_sorted.end(), std::make_pair(id, std::size_t{0}));
        return found != m_sorted.end() && found->first == id ? found->second : kNone;
    };

    m_parentIndex.assign(n, kNone);
    for (std::size_t i = 0; i < n; ++i) {
        Span& span = spans[i];
        if (span.parent == 0 || span.relation == SpanRelation::Root) {
            span.parent = 0;
            span.relation = SpanRelation::Root;
            continue;
        }
        const std::size_t parent = indexOf(span.parent);
        if (parent == kNone) {
            span.parent = 0;
            span.relation = SpanRelation::Root;  // its parent was not collected: an orphan
            ++orphans;
        } else {
            m_parentIndex[i] = parent;
        }
    }

    // Every span must hang off a root; one that does not sits in a reference cycle.
    m_state.assign(n, 0);  // 0 unknown, 1 on the walk, 2 reaches a root
    std::vector<std::size_t>& walk = m_walk;
    for (std::size_t start = 0; start < n; ++start) {
        walk.clear();
        std::size_t at = start;
        while (m_state[at] == 0 && m_parentIndex[at] != kNone) {
            m_state[at] = 1;
            walk.push_back(at);
            at = m_parentIndex[at];
        }
        if (m_state[at] == 1)
            return Problem{Problem::Kind::Cycle, at, 0};
        for (const std::size_t index : walk)
            m_state[index] = 2;
        m_state[at] = 2;
    }

    const auto root = rootSpanIndex(trace);
    if (!root) {
        trace.requestType = m_set.names.intern("");
    } else {
        trace.requestType = spans[*root].operation;
        if (const auto tags = m_requestTypes.find(traceIndex); tags != m_requestTypes.end()) {
            for (const auto& [span, type] : tags->second) {
                if (span == spans[*root].id)
                    trace.requestType = type;
            }
            m_requestTypes.erase(tags);
        }
    }
    return {};
}

} // namespace orrery::trace
