#pragma once
#include <cstdint>

namespace orrery::model {

//! What one instance of a service keeps in memory (docs/model.md, "Memory"). The working set a
//! cgroup limit is measured against is anonymous + file + perCall × calls in service, as
//! cAdvisor's container_memory_working_set_bytes counts it (usage minus inactive file pages).
//! - anonymous pages (heap, stacks) cannot be reclaimed: Kubernetes nodes run without swap, so a
//!   limit below them is an OOM kill;
//! - hot file-backed pages (the mapped binary and libraries, the page cache of its files) can be
//!   reclaimed, at the price of reading them back (refaults) when they are touched again: a limit
//!   between anonymous and the whole working set slows the instance (PageReclaimCurve);
//! - each call in service holds perCall bytes of anonymous memory (request buffers, stacks), so a
//!   burst of calls can push an instance over its limit.
struct MemoryFootprint {
    std::int64_t anonymousBytes = 0;
    std::int64_t fileBytes = 0;
    std::int64_t perCallBytes = 0;

    [[nodiscard]] bool any() const { return anonymousBytes > 0 || fileBytes > 0 || perCallBytes > 0; }
    //! Anonymous memory with `calls` calls in service: what must fit under the limit.
    [[nodiscard]] double anonymousWith(double calls) const
    {
        return static_cast<double>(anonymousBytes) + calls * static_cast<double>(perCallBytes);
    }
    //! The whole working set with `calls` calls in service.
    [[nodiscard]] double workingSetWith(double calls) const { return anonymousWith(calls) + static_cast<double>(fileBytes); }
};

} // namespace orrery::model
