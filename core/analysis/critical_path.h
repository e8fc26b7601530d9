#pragma once
#include "trace/trace.h"

#include <cstdint>
#include <vector>

namespace orrery::analysis {

//! The critical path of one trace (seed 001 Alg. 3.1): the chain of spans that determines the
//! request's end-to-end latency, found as the longest path under happens-before over parallel,
//! sequential and background (FOLLOWS_FROM, never on the path) workflows.
struct CriticalPath {
    //! Indices into Trace::spans, root first, in the order the algorithm visits them.
    std::vector<std::uint32_t> spans;
    //! Exclusive time each path span contributes (its duration minus the time covered by its
    //! path children), parallel to `spans`; the sum is the root's duration.
    std::vector<std::int64_t> selfNs;
};

//! Critical path of `trace`. Tolerates clock skew (a child that appears to start before its
//! parent or end after it is clamped into the parent's interval). An empty trace gives an empty path.
[[nodiscard]] CriticalPath criticalPath(const trace::Trace& trace);

} // namespace orrery::analysis
