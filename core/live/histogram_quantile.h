#pragma once
#include <optional>
#include <utility>
#include <vector>

namespace orrery::live {

//! The q-quantile (0 ≤ q ≤ 1) of a Prometheus histogram given as (upper bound `le`, cumulative
//! count or rate) pairs, interpolated linearly inside a bucket as PromQL's histogram_quantile()
//! does. Unset when there is no +Inf bucket or no observation.
std::optional<double> histogramQuantile(double q, std::vector<std::pair<double, double>> buckets);

} // namespace orrery::live
