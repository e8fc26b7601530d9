#pragma once
#include <cstdint>
#include <limits>
#include <vector>

namespace orrery::analysis {

//! How a bootstrap confidence interval is drawn.
struct BootstrapOptions {
    int resamples = 2000;      //!< bootstrap replicates
    double confidence = 0.95;  //!< two-sided coverage of the percentile interval
    std::uint64_t seed = 0;    //!< the same seed and samples give the same interval, bit for bit
};

//! A point estimate with a two-sided confidence interval; all NaN when there is nothing to estimate.
struct ConfidenceInterval {
    double estimate = std::numeric_limits<double>::quiet_NaN();
    double low = std::numeric_limits<double>::quiet_NaN();
    double high = std::numeric_limits<double>::quiet_NaN();
};

//! a / b for ratios of medians: 1 when both are 0 (no difference), ±infinity when only b is 0.
double ratioOf(double a, double b);

//! median(treatment) / median(baseline) with a percentile-bootstrap confidence interval: each
//! replicate resamples both samples with replacement, independently (so it ignores any pairing
//! of the samples and is conservative for paired data), and the interval is the
//! (1 - confidence)/2 and (1 + confidence)/2 quantiles of the replicate ratios (Efron &
//! Tibshirani 1993, ch. 13). Medians and quantiles are type 7, as summarize(). Resampling draws
//! from a 64-bit Mersenne Twister (fully specified by the C++ standard) with rejection sampling,
//! so results do not depend on the standard library. All NaN when either sample is empty.
ConfidenceInterval bootstrapRatioOfMedians(const std::vector<double>& baseline, const std::vector<double>& treatment,
                                           const BootstrapOptions& options = {});

} // namespace orrery::analysis
