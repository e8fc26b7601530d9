#include "widgets/trace_timeline_rows.h"

#include "analysis/critical_path.h"
#include "trace/trace.h"

#include <algorithm>
#include <limits>
#include <unordered_map>
#include <utility>

namespace orrery::widgets {

TraceTimelineRows buildTimelineRows(const trace::Trace& trace, const analysis::CriticalPath* path)
{
    TraceTimelineRows rows;
    const auto& spans = trace.spans;
    const auto count = static_cast<std::uint32_t>(spans.size());
    rows.selfNs.resize(count);
    rows.onCriticalPath.assign(count, 0);
    if (count == 0)
        return rows;

    std::unordered_map<trace::SpanId, std::uint32_t> byId;
    byId.reserve(count);
    for (std::uint32_t i = 0; i < count; ++i)
        byId.emplace(spans[i].id, i);
    // Children lists as one CSR array: parent of each span (or none), then bucketed.
    constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
    std::vector<std::uint32_t> parentOf(count, kNone);
    std::vector<std::uint32_t> childCount(count + 1, 0);
    std::vector<std::uint32_t> roots;
    rows.startNs = std::numeric_limits<std::int64_t>::max();
    rows.endNs = std::numeric_limits<std::int64_t>::min();
    for (std::uint32_t i = 0; i < count; ++i) {
        rows.startNs = std::min(rows.startNs, spans[i].startNs);
        rows.endNs = std::max(rows.endNs, spans[i].endNs());
        const auto parent = spans[i].parent != 0 ? byId.find(spans[i].parent) : byId.end();
        if (parent == byId.end() || parent->second == i) {
            roots.push_back(i);
        } else {
            parentOf[i] = parent->second;
            ++childCount[parent->second + 1];
        }
    }
    for (std::uint32_t i = 0; i < count; ++i)
        childCount[i + 1] += childCount[i];
    std::vector<std::uint32_t> children(count);
    std::vector<std::uint32_t> fill(childCount.begin(), childCount.end() - 1);
    for (std::uint32_t i = 0; i < count; ++i) {
        if (parentOf[i] != kNone)
            children[fill[parentOf[i]]++] = i;
    }
    const auto byStart = [&spans](std::uint32_t a, std::uint32_t b) {
        return std::pair(spans[a].startNs, a) < std::pair(spans[b].startNs, b);
    };
    for (std::uint32_t i = 0; i < count; ++i)
        std::sort(children.begin() + childCount[i], children.begin() + childCount[i + 1], byStart);
    std::sort(roots.begin(), roots.end(), byStart);

    // Self time: the span's duration minus the union of its children's intervals within it.
    for (std::uint32_t i = 0; i < count; ++i) {
        const std::int64_t begin = spans[i].startNs;
        const std::int64_t end = spans[i].endNs();
        std::int64_t covered = 0;
        std::int64_t reach = begin;
        for (std::uint32_t c = childCount[i]; c < childCount[i + 1]; ++c) { // sorted by start
            const std::int64_t from = std::max(reach, spans[children[c]].startNs);
            const std::int64_t to = std::min(end, spans[children[c]].endNs());
            if (to > from) {
                covered += to - from;
                reach = to;
            }
        }
        rows.selfNs[i] = std::max<std::int64_t>(0, spans[i].durationNs - covered);
    }

    // Depth-first order with an explicit stack (traces can be deep); cycles cannot occur since
    // every non-root has exactly one parent and each span is pushed once from it.
    rows.order.reserve(count);
    rows.depth.reserve(count);
    std::vector<std::pair<std::uint32_t, std::uint16_t>> stack;
    std::vector<std::uint8_t> seen(count, 0);
    const auto visitFrom = [&](std::uint32_t root) {
        stack.emplace_back(root, 0);
        while (!stack.empty()) {
            const auto [span, depth] = stack.back();
            stack.pop_back();
            if (seen[span])
                continue;
            seen[span] = 1;
            rows.order.push_back(span);
            rows.depth.push_back(depth);
            const auto next = static_cast<std::uint16_t>(std::min<int>(depth + 1, std::numeric_limits<std::uint16_t>::max()));
            for (std::uint32_t c = childCount[span + 1]; c > childCount[span]; --c)
                stack.emplace_back(children[c - 1], next);
        }
    };
    for (const std::uint32_t root : roots)
        visitFrom(root);
    for (std::uint32_t i = 0; i < count; ++i) { // spans in a parent cycle (bad input) still get a row
        if (!seen[i])
            visitFrom(i);
    }
    if (path) {
        for (const std::uint32_t index : path->spans) {
            if (index < count)
                rows.onCriticalPath[index] = 1;
        }
    }
    return rows;
}

} // namespace orrery::widgets
