#include "sizing/bootstrap_mean.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <random>

namespace orrery::sizing {
namespace {

double quantile7(const std::vector<double>& sorted, double q)
{
    const double h = (static_cast<double>(sorted.size()) - 1.0) * q;
    const auto lo = static_cast<std::size_t>(std::floor(h));
    const std::size_t hi = std::min(lo + 1, sorted.size() - 1);
    return sorted[lo] + (h - static_cast<double>(lo)) * (sorted[hi] - sorted[lo]);
}

double mean(const std::vector<double>& values)
{
    return std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(values.size());
}

} // namespace

analysis::ConfidenceInterval bootstrapMean(const std::vector<double>& values, const analysis::BootstrapOptions& options)
{
    analysis::ConfidenceInterval out;
    if (values.empty())
        return out;
    out.estimate = mean(values);
    std::mt19937_64 engine(options.seed);
    const std::uint64_t n = values.size();
    const std::uint64_t limit = std::numeric_limits<std::uint64_t>::max() - std::numeric_limits<std::uint64_t>::max() % n;
    std::vector<double> replicates;
    replicates.reserve(static_cast<std::size_t>(std::max(1, options.resamples)));
    for (int r = 0; r < std::max(1, options.resamples); ++r) {
        double sum = 0.0;
        for (std::uint64_t i = 0; i < n; ++i) {
            std::uint64_t draw = engine();
            while (draw >= limit)
                draw = engine();
            sum += values[static_cast<std::size_t>(draw % n)];
        }
        replicates.push_back(sum / static_cast<double>(n));
    }
    std::sort(replicates.begin(), replicates.end());
    out.low = quantile7(replicates, (1.0 - options.confidence) / 2.0);
    out.high = quantile7(replicates, (1.0 + options.confidence) / 2.0);
    return out;
}

} // namespace orrery::sizing
