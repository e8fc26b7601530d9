#pragma once
#include "trace/trace.h"

#include <cstddef>
#include <optional>

namespace orrery::trace {

//! The index of the span a trace is rooted at: among its spans without a parent (relation
//! Root), the earliest to start; ties go to the longer, then to the first. Imports may leave
//! several roots (orphans whose parent was not collected); this picks the request's entry.
[[nodiscard]] std::optional<std::size_t> rootSpanIndex(const Trace& trace);

} // namespace orrery::trace
