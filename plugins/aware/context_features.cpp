#include "context_features.h"

#include <algorithm>
#include <cmath>

namespace orrery::plugins::aware {
namespace {

double logRate(double rate)
{
    return std::log2(std::max(rate, 1e-3)); // idle periods: a floor, not −∞
}

int bucket(double position, int buckets)
{
    const double unit = (std::clamp(position, -1.0, 1.0) + 1.0) / 2.0;
    return std::min(buckets - 1, static_cast<int>(unit * buckets));
}

} // namespace

double arimaNextDifference(const std::deque<double>& series)
{
    if (series.size() < 3)
        return 0.0;
    double numerator = 0;
    double denominator = 0;
    for (std::size_t i = 2; i < series.size(); ++i) {
        const double previous = series[i - 1] - series[i - 2];
        numerator += (series[i] - series[i - 1]) * previous;
        denominator += previous * previous;
    }
    if (denominator <= 1e-12)
        return 0.0;
    const double phi = std::clamp(numerator / denominator, -1.0, 1.0);
    return phi * (series.back() - series[series.size() - 2]);
}

ContextFeatures::Cell ContextFeatures::cellOf(const policy::TargetObservation& target, double cpuPosition,
                                              const ActionScale& scale)
{
    const double replicas = encodeReplicas(target.replicas + target.pendingReplicas, scale);
    return {target.name, bucket(cpuPosition, kBuckets), bucket(replicas, kBuckets)};
}

std::array<float, ContextFeatures::kSize> ContextFeatures::features(const policy::TargetObservation& target,
                                                                    double cpuPosition, const ActionScale& scale) const
{
    std::deque<double> series;
    if (const auto found = m_series.find(target.name); found != m_series.end())
        series = found->second;
    series.push_back(logRate(target.arrivalRate));
    while (series.size() > kForecastWindow + 1)
        series.pop_front();
    const double forecast = std::clamp(arimaNextDifference(series), -2.0, 2.0) / 2.0;

    double performance = 0.0;
    if (const auto found = m_table.find(cellOf(target, cpuPosition, scale)); found != m_table.end())
        performance = 2.0 * found->second.sum / found->second.count - 1.0;
    return {static_cast<float>(forecast), static_cast<float>(std::clamp(performance, -1.0, 1.0))};
}

void ContextFeatures::record(const policy::TargetObservation& target, double cpuPosition, const ActionScale& scale)
{
    auto& series = m_series[target.name];
    series.push_back(logRate(target.arrivalRate));
    while (series.size() > kForecastWindow + 1)
        series.pop_front();
    Mean& cell = m_table[cellOf(target, cpuPosition, scale)];
    cell.sum += std::clamp(target.sloMaintenance, 0.0, 1.0);
    cell.count += 1;
}

} // namespace orrery::plugins::aware
