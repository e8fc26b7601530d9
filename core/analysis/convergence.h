#pragma once
#include <cstddef>
#include <optional>
#include <span>

namespace orrery::analysis {

//! Table 4.4's convergence rule (seed 001 §4.8.4: "until the per-episode reward converges to a
//! stable value, not changing by more than 2 %"), made precise: a reward series has converged at
//! episode e when the mean of episodes (e − window, e] differs from the mean of the window before
//! by less than `tolerance` of the latter's magnitude.
[[nodiscard]] bool hasConverged(std::span<const double> rewards, std::size_t window = 20, double tolerance = 0.02);

//! The first episode (1-based index into `rewards`, counted from `from`) at which the rule holds,
//! looking only at rewards from index `from` on (e.g. after a churn event); nullopt if never.
[[nodiscard]] std::optional<std::size_t> convergenceEpisode(std::span<const double> rewards, std::size_t from = 0,
                                                            std::size_t window = 20, double tolerance = 0.02);

} // namespace orrery::analysis
