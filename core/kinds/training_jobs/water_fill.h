#pragma once
#include <span>
#include <vector>

namespace orrery::kinds::training_jobs {

//! Max-min fair division of `capacity` among claimants each capped at `caps[i]` (progressive
//! filling): the CPU a Linux CFS scheduler gives busy containers of equal weight under quotas.
[[nodiscard]] std::vector<double> waterFill(double capacity, std::span<const double> caps);

} // namespace orrery::kinds::training_jobs
