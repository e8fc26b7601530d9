#pragma once
#include <cstdint>
#include <vector>

namespace orrery::trace {
struct Trace;
}
namespace orrery::analysis {
struct CriticalPath;
}

namespace orrery::widgets {

//! The rows of TraceTimeline for one trace: spans in depth-first order (children by start
//! time), each with its depth, self time and whether it is on the critical path.
struct TraceTimelineRows {
    std::vector<std::uint32_t> order;        //!< span index (into Trace::spans) of each row
    std::vector<std::uint16_t> depth;        //!< parallel to order; roots are 0
    std::vector<std::int64_t> selfNs;        //!< per span: duration minus the time covered by its children
    std::vector<std::uint8_t> onCriticalPath; //!< per span: 1 when on the critical path
    std::int64_t startNs = 0;                //!< earliest span start
    std::int64_t endNs = 0;                  //!< latest span end
};

//! Rows of `trace`. A span whose parent is absent is a root. With `path`, its spans are marked.
[[nodiscard]] TraceTimelineRows buildTimelineRows(const trace::Trace& trace, const analysis::CriticalPath* path);

} // namespace orrery::widgets
