#pragma once
#include "widgets/service_graph_data.h"

#include <cstdint>
#include <vector>

namespace orrery::trace {
struct TraceSet;
}
namespace orrery::analysis {
struct CriticalPath;
struct CriticalPathReport;
}

namespace orrery::widgets {

//! How many of a request type's on-path services with the highest relative importance are
//! marked as critical components.
inline constexpr int kCriticalComponentCount = 3;

//! The services and calls seen in `traces` (a call is a span whose parent span belongs to another
//! service), with each service's p99 span duration and each call's rate over the set's time span.
//! With `report`, services get RI and CI of the request type of trace `chosen`, and the
//! kCriticalComponentCount on-path services of highest RI are marked critical components.
//! Trace `chosen`'s critical path is applied (applyCriticalPath) when `path` is given.
[[nodiscard]] ServiceGraphData serviceGraphFromTraces(const trace::TraceSet& traces, int chosen,
                                                      const analysis::CriticalPath* path,
                                                      const analysis::CriticalPathReport* report);

//! Sets data.criticalPath to the services of `path` (spans of trace `chosen`) and
//! data.criticalCalls to the calls between a path span and its parent on the path.
void applyCriticalPath(ServiceGraphData& data, const trace::TraceSet& traces, int chosen,
                       const analysis::CriticalPath& path);

//! Applies RI and CI of trace `chosen`'s request type from `report` (see serviceGraphFromTraces).
void applyCriticalComponents(ServiceGraphData& data, const trace::TraceSet& traces, int chosen,
                             const analysis::CriticalPathReport& report);

} // namespace orrery::widgets
