#pragma once
#include "analysis/bootstrap.h"

#include <vector>

namespace orrery::sizing {

//! The mean of `values` with a percentile-bootstrap confidence interval (resampling the values
//! with replacement; Efron & Tibshirani 1993, ch. 13). Used over applications: one value per
//! held-out application (its MAPE), so the interval is over applications. Draws from a 64-bit
//! Mersenne Twister with rejection sampling, so results do not depend on the standard library;
//! quantiles are type 7. All NaN when `values` is empty.
analysis::ConfidenceInterval bootstrapMean(const std::vector<double>& values, const analysis::BootstrapOptions& options = {});

} // namespace orrery::sizing
