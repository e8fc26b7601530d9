#pragma once
#include <vector>

namespace orrery::analysis {

//! Pearson correlation coefficient of two samples (the first min(size) values of each);
//! 0 when either is constant or there are fewer than two values.
[[nodiscard]] double pearson(const std::vector<double>& x, const std::vector<double>& y);

} // namespace orrery::analysis
