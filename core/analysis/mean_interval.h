#pragma once
#include "analysis/bootstrap.h"

#include <vector>

namespace orrery::analysis {

//! The mean of independent runs with its two-sided 95 % Student-t confidence interval
//! (mean ± t₀.₉₇₅,ₙ₋₁ · s/√n). NaN bounds for fewer than two values, all NaN for none.
[[nodiscard]] ConfidenceInterval meanWithInterval(const std::vector<double>& values);

} // namespace orrery::analysis
