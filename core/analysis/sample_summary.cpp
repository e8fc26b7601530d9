#include "analysis/sample_summary.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace orrery::analysis {

double quantileOfSorted(const std::vector<double>& sorted, double q)
{
    const double position = q * static_cast<double>(sorted.size() - 1);
    const auto lower = static_cast<std::size_t>(std::floor(position));
    const std::size_t upper = std::min(lower + 1, sorted.size() - 1);
    const double fraction = position - static_cast<double>(lower);
    return sorted[lower] + fraction * (sorted[upper] - sorted[lower]);
}

SampleSummary summarize(std::vector<double> values)
{
    SampleSummary summary;
    if (values.empty())
        return summary;
    std::sort(values.begin(), values.end());
    summary.count = values.size();
    // Summed in sorted order so the mean does not depend on arrival order.
    summary.mean = std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(values.size());
    summary.min = values.front();
    summary.max = values.back();
    summary.p50 = quantileOfSorted(values, 0.50);
    summary.p90 = quantileOfSorted(values, 0.90);
    summary.p99 = quantileOfSorted(values, 0.99);
    return summary;
}

} // namespace orrery::analysis
