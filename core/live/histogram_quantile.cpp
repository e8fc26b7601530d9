#include "live/histogram_quantile.h"

#include <algorithm>
#include <cmath>

namespace orrery::live {

std::optional<double> histogramQuantile(double q, std::vector<std::pair<double, double>> buckets)
{
    std::sort(buckets.begin(), buckets.end());
    if (buckets.size() < 2 || !std::isinf(buckets.back().first))
        return std::nullopt;
    // Counts of a sum of rates may dip by rounding; keep them monotonic as Prometheus does.
    for (std::size_t i = 1; i < buckets.size(); ++i)
        buckets[i].second = std::max(buckets[i].second, buckets[i - 1].second);
    const double total = buckets.back().second;
    if (!(total > 0))
        return std::nullopt;
    const double rank = std::clamp(q, 0.0, 1.0) * total;
    std::size_t b = 0;
    while (b + 1 < buckets.size() && buckets[b].second < rank)
        ++b;
    if (b + 1 == buckets.size())
        return buckets[buckets.size() - 2].first; // in the +Inf bucket: the highest finite bound
    const double end = buckets[b].first;
    double start = 0;
    double below = 0;
    if (b > 0) {
        start = buckets[b - 1].first;
        below = buckets[b - 1].second;
    } else if (end <= 0) {
        return end;
    }
    const double inBucket = buckets[b].second - below;
    return inBucket > 0 ? start + (end - start) * ((rank - below) / inBucket) : end;
}

} // namespace orrery::live
