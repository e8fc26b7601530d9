#pragma once
#include <limits>
#include <vector>

namespace orrery::analysis {

//! How mannWhitneyU computes its p-value.
enum class MannWhitneyMethod {
    Automatic,  //!< exact when there are no ties and C(n₁+n₂, n₁) ≤ 2⁵², otherwise asymptotic
    Exact,      //!< the exact null distribution (falls back to Asymptotic with ties or too many arrangements)
    Asymptotic, //!< the normal approximation with tie and continuity corrections
};

//! The outcome of a two-sided Mann–Whitney U (Wilcoxon rank-sum) test.
struct MannWhitneyResult {
    //! U of the second sample: the number of pairs (a from the first, b from the second) with
    //! b > a, a tie counting one half. 0 … n₁·n₂; n₁·n₂/2 when the samples look alike.
    double u = 0.0;
    //! Two-sided p-value; NaN when either sample is empty.
    double pValue = std::numeric_limits<double>::quiet_NaN();
    //! True when pValue comes from the exact null distribution of U rather than the normal
    //! approximation.
    bool exact = false;
};

//! Mann–Whitney U test of whether values of `second` tend to be larger or smaller than those of
//! `first` (two-sided). Ties get mid-ranks. Without ties and with C(n₁+n₂, n₁) ≤ 2⁵² the p-value
//! is exact: 2·P(U ≥ max(U₁, U₂)) from the distribution of U (the coefficients of the Gaussian
//! binomial [n₁+n₂ choose n₁]_q). Otherwise it is the normal approximation with the tie
//! correction of the variance, σ² = n₁n₂/12·((N+1) − Σ(t³−t)/(N(N−1))), and a continuity
//! correction of ½: z = (max(U₁, U₂) − n₁n₂/2 − ½)/σ, p = 2·(1 − Φ(z)) — what SciPy's
//! `mannwhitneyu(..., method="asymptotic")` and R's `wilcox.test(..., exact = FALSE)` compute.
//! p is capped at 1, and is 1 when every value is tied. NaN values are not allowed.
MannWhitneyResult mannWhitneyU(const std::vector<double>& first, const std::vector<double>& second,
                               MannWhitneyMethod method = MannWhitneyMethod::Automatic);

} // namespace orrery::analysis
