#include "analysis/critical_path.h"

#include "trace/trace_root.h"

#include <algorithm>
#include <utility>

namespace orrery::analysis {
namespace {

using trace::Span;
using trace::SpanId;
using trace::SpanRelation;

//! A path span to expand, with its interval after clamping into its (clamped) parent's.
struct Visit {
    std::uint32_t index = 0;
    std::int64_t startNs = 0;
    std::int64_t endNs = 0;
};

//! Per-thread buffers, reused from trace to trace so a trace costs no allocation per span.
struct Scratch {
    std::vector<std::pair<SpanId, std::uint32_t>> ids;  // sorted by span id
    std::vector<std::uint32_t> childBegin;               // CSR offsets, n + 1
    std::vector<std::uint32_t> children;                 // CSR, each run sorted latest end first
    std::vector<std::uint32_t> parentOf;
    std::vector<Visit> stack;
    std::vector<Visit> selected;
};

constexpr std::uint32_t kNone = ~std::uint32_t{0};

std::uint32_t findIndex(const std::vector<std::pair<SpanId, std::uint32_t>>& ids, SpanId id)
{
    const auto found = std::lower_bound(ids.begin(), ids.end(), id,
                                        [](const auto& entry, SpanId value) { return entry.first < value; });
    return found != ids.end() && found->first == id ? found->second : kNone;
}

//! Children (CHILD_OF only: background spans never return to the parent) indexed per parent.
void buildChildIndex(const std::vector<Span>& spans, Scratch& scratch)
{
    const auto n = static_cast<std::uint32_t>(spans.size());
    scratch.ids.clear();
    for (std::uint32_t i = 0; i < n; ++i)
        scratch.ids.emplace_back(spans[i].id, i);
    std::sort(scratch.ids.begin(), scratch.ids.end());

    scratch.parentOf.assign(n, kNone);
    scratch.childBegin.assign(n + 1, 0);
    for (std::uint32_t i = 0; i < n; ++i) {
        if (spans[i].relation != SpanRelation::ChildOf)
            continue;
        const std::uint32_t parent = findIndex(scratch.ids, spans[i].parent);
        if (parent == kNone || parent == i)
            continue;
        scratch.parentOf[i] = parent;
        ++scratch.childBegin[parent + 1];
    }
    for (std::uint32_t i = 0; i < n; ++i)
        scratch.childBegin[i + 1] += scratch.childBegin[i];
    scratch.children.resize(scratch.childBegin[n]);
    // Fill using childBegin[p] as a cursor, then shift the offsets back.
    for (std::uint32_t i = 0; i < n; ++i) {
        if (scratch.parentOf[i] != kNone)
            scratch.children[scratch.childBegin[scratch.parentOf[i]]++] = i;
    }
    for (std::uint32_t i = n; i > 0; --i)
        scratch.childBegin[i] = scratch.childBegin[i - 1];
    scratch.childBegin[0] = 0;
    // Clamping into the parent is monotone, so the order by raw end is the order by clamped end.
    const auto latestFirst = [&spans](std::uint32_t a, std::uint32_t b) {
        const Span& x = spans[a];
        const Span& y = spans[b];
        if (x.endNs() != y.endNs())
            return x.endNs() > y.endNs();
        if (x.startNs != y.startNs)
            return x.startNs < y.startNs;
        return a < b;
    };
    for (std::uint32_t p = 0; p < n; ++p) {
        auto begin = scratch.children.begin() + scratch.childBegin[p];
        auto end = scratch.children.begin() + scratch.childBegin[p + 1];
        if (end - begin > 1)
            std::sort(begin, end, latestFirst);
    }
}

} // namespace

CriticalPath criticalPath(const trace::Trace& trace)
{
    CriticalPath path;
    const auto root = trace::rootSpanIndex(trace);
    if (!root)
        return path;
    thread_local Scratch scratch;
    const std::vector<Span>& spans = trace.spans;
    buildChildIndex(spans, scratch);

    const Span& rootSpan = spans[*root];
    scratch.stack.clear();
    scratch.stack.push_back(Visit{static_cast<std::uint32_t>(*root), rootSpan.startNs, rootSpan.endNs()});
    while (!scratch.stack.empty()) {
        const Visit visit = scratch.stack.back();
        scratch.stack.pop_back();
        // Alg. 3.1: the last-returned child, then walking back, each child that returned before
        // the previously chosen one started (end ≤ its start).
        scratch.selected.clear();
        std::int64_t cursor = visit.endNs;
        std::int64_t coveredNs = 0;
        for (std::uint32_t c = scratch.childBegin[visit.index]; c < scratch.childBegin[visit.index + 1]; ++c) {
            const std::uint32_t child = scratch.children[c];
            const Span& span = spans[child];
            // Clock skew: clamp the child into the parent's interval.
            const std::int64_t start = std::clamp(span.startNs, visit.startNs, visit.endNs);
            const std::int64_t end = std::clamp(span.endNs(), visit.startNs, visit.endNs);
            if (end == start && span.durationNs > 0)
                continue;  // skewed wholly outside its parent: it cannot delay it
            if (end > cursor)
                continue;
            scratch.selected.push_back(Visit{child, start, end});
            coveredNs += end - start;
            cursor = start;
        }
        path.spans.push_back(visit.index);
        path.selfNs.push_back(visit.endNs - visit.startNs - coveredNs);
        for (auto it = scratch.selected.rbegin(); it != scratch.selected.rend(); ++it)
            scratch.stack.push_back(*it);
    }
    return path;
}

} // namespace orrery::analysis
