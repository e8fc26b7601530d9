#pragma once
#include <cstddef>
#include <vector>

namespace orrery::sizing {

//! One k-shot prediction of the resource-configuration search: the latency of application
//! `application` at configuration `target`, from its measurements at the k configurations
//! `bases` (indices into the dataset's cpuLimits, ascending, `target` not among them).
struct SizingQuery {
    std::size_t application = 0;
    std::vector<std::size_t> bases;
    std::size_t target = 0;
};

} // namespace orrery::sizing
