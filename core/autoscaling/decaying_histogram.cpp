#include "autoscaling/decaying_histogram.h"

#include <algorithm>
#include <cmath>

namespace orrery::autoscaling {
namespace {

// VPA's histogram epsilon: less total weight than this is an empty histogram.
constexpr double kEpsilon = 1e-4;
// Past 2^100 the weights are rescaled to a later reference time (VPA's maxDecayExponent).
constexpr double kMaxDecayExponent = 100;

} // namespace

DecayingHistogram::DecayingHistogram(double maxValue, double firstBucketSize, double ratio, sim::SimTime halfLife)
    : m_firstBucketSize(firstBucketSize), m_ratio(ratio), m_halfLife(halfLife)
{
    const auto buckets = static_cast<std::size_t>(
        std::ceil(std::log(maxValue * (ratio - 1) / firstBucketSize + 1) / std::log(ratio)));
    m_weights.assign(buckets + 1, 0.0);
}

std::size_t DecayingHistogram::bucketOf(double value) const
{
    if (value < m_firstBucketSize)
        return 0;
    const auto bucket = static_cast<std::size_t>(
        std::floor(std::log(value * (m_ratio - 1) / m_firstBucketSize + 1) / std::log(m_ratio)));
    return std::min(bucket, m_weights.size() - 1);
}

double DecayingHistogram::bucketStart(std::size_t bucket) const
{
    return m_firstBucketSize * (std::pow(m_ratio, static_cast<double>(bucket)) - 1) / (m_ratio - 1);
}

double DecayingHistogram::decayFactor(sim::SimTime time)
{
    if (m_halfLife <= 0)
        return 1.0;
    if (!m_hasReference) {
        m_hasReference = true;
        m_reference = time;
    }
    double exponent = static_cast<double>(time - m_reference) / static_cast<double>(m_halfLife);
    if (exponent > kMaxDecayExponent) {
        // Shift the reference to `time`: every stored weight shrinks by 2^-exponent.
        const double scale = std::exp2(-exponent);
        for (double& weight : m_weights)
            weight *= scale;
        m_total *= scale;
        m_reference = time;
        exponent = 0;
    }
    return std::exp2(exponent);
}

void DecayingHistogram::addSample(double value, double weight, sim::SimTime time)
{
    const double w = weight * decayFactor(time);
    m_weights[bucketOf(std::max(value, 0.0))] += w;
    m_total += w;
}

void DecayingHistogram::subtractSample(double value, double weight, sim::SimTime time)
{
    const double w = weight * decayFactor(time);
    double& bucket = m_weights[bucketOf(std::max(value, 0.0))];
    const double removed = std::min(bucket, w);
    bucket -= removed;
    m_total -= removed;
}

bool DecayingHistogram::empty() const
{
    return m_total < kEpsilon;
}

double DecayingHistogram::percentile(double p) const
{
    if (empty())
        return 0.0;
    const double threshold = p * m_total;
    double partial = 0;
    std::size_t bucket = 0;
    for (; bucket < m_weights.size(); ++bucket) {
        partial += m_weights[bucket];
        if (partial >= threshold)
            break;
    }
    bucket = std::min(bucket, m_weights.size() - 1);
    return bucket + 1 < m_weights.size() ? bucketStart(bucket + 1) : bucketStart(bucket);
}

} // namespace orrery::autoscaling
