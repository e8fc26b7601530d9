#include "analysis/mann_whitney.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace orrery::analysis {
namespace {

//! Largest C(n₁+n₂, n₁) for which counting arrangements in doubles stays exact.
constexpr double kMaxExactArrangements = 4503599627370496.0; // 2^52

double binomial(std::size_t n, std::size_t k)
{
    k = std::min(k, n - k);
    double result = 1.0;
    for (std::size_t i = 1; i <= k; ++i)
        result = result * static_cast<double>(n - k + i) / static_cast<double>(i);
    return result;
}

//! P(U ≥ u) under the null hypothesis for samples of sizes m and n (no ties): the coefficients
//! of [m+n choose m]_q = ∏_{k=1..m} (1 − q^{n+k}) / (1 − q^k) count the arrangements by U.
double exactUpperTail(std::size_t m, std::size_t n, double u)
{
    const std::size_t degree = m * n;
    std::vector<double> counts(degree + 1, 0.0);
    counts[0] = 1.0;
    for (std::size_t k = 1; k <= m; ++k) {
        const std::size_t shift = n + k;
        for (std::size_t j = degree; j >= shift; --j)
            counts[j] -= counts[j - shift];
        for (std::size_t j = k; j <= degree; ++j)
            counts[j] += counts[j - k];
    }
    double total = 0.0;
    double tail = 0.0;
    for (std::size_t j = 0; j <= degree; ++j) {
        total += counts[j];
        if (static_cast<double>(j) >= u)
            tail += counts[j];
    }
    return tail / total;
}

} // namespace

MannWhitneyResult mannWhitneyU(const std::vector<double>& first, const std::vector<double>& second,
                               MannWhitneyMethod method)
{
    MannWhitneyResult result;
    const std::size_t m = first.size();
    const std::size_t n = second.size();
    if (m == 0 || n == 0)
        return result;

    // Pool the samples (value, from second?), sort, and give tied runs their mid-rank.
    std::vector<std::pair<double, bool>> pooled;
    pooled.reserve(m + n);
    for (const double value : first)
        pooled.emplace_back(value, false);
    for (const double value : second)
        pooled.emplace_back(value, true);
    std::sort(pooled.begin(), pooled.end());
    const std::size_t total = m + n;
    double rankSumSecond = 0.0;
    double tieTerm = 0.0; // Σ (t³ − t) over tied runs
    for (std::size_t start = 0; start < total;) {
        std::size_t end = start + 1;
        while (end < total && pooled[end].first == pooled[start].first)
            ++end;
        const double midRank = (static_cast<double>(start + 1) + static_cast<double>(end)) / 2.0;
        for (std::size_t i = start; i < end; ++i) {
            if (pooled[i].second)
                rankSumSecond += midRank;
        }
        const auto tied = static_cast<double>(end - start);
        tieTerm += tied * tied * tied - tied;
        start = end;
    }
    const double dm = static_cast<double>(m);
    const double dn = static_cast<double>(n);
    result.u = rankSumSecond - dn * (dn + 1.0) / 2.0;
    const double uLarger = std::max(result.u, dm * dn - result.u);

    if (method != MannWhitneyMethod::Asymptotic && tieTerm == 0.0 && binomial(total, m) <= kMaxExactArrangements) {
        result.exact = true;
        result.pValue = std::min(1.0, 2.0 * exactUpperTail(std::min(m, n), std::max(m, n), uLarger));
        return result;
    }
    const double dTotal = static_cast<double>(total);
    const double variance = dm * dn / 12.0 * ((dTotal + 1.0) - tieTerm / (dTotal * (dTotal - 1.0)));
    if (!(variance > 0.0)) {
        result.pValue = 1.0; // every value tied: no evidence either way
        return result;
    }
    const double z = (uLarger - dm * dn / 2.0 - 0.5) / std::sqrt(variance);
    result.pValue = std::min(1.0, std::erfc(z / std::sqrt(2.0)));
    return result;
}

} // namespace orrery::analysis
