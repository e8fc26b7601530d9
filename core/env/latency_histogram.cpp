#include "env/latency_histogram.h"

#include <algorithm>
#include <bit>

namespace orrery::env {

int LatencyHistogram::bucketOf(sim::SimTime value)
{
    if (value < 64)
        return value < 0 ? 0 : static_cast<int>(value);
    const auto v = static_cast<std::uint64_t>(value);
    const int msb = 63 - std::countl_zero(v);
    const int shift = msb - 5;
    return 64 + (msb - 6) * 32 + static_cast<int>((v >> shift) - 32);
}

sim::SimTime LatencyHistogram::bucketLow(int bucket)
{
    if (bucket < 64)
        return bucket;
    const int octave = (bucket - 64) / 32;
    const int sub = (bucket - 64) % 32;
    return static_cast<sim::SimTime>(32 + sub) << (octave + 1);
}

sim::SimTime LatencyHistogram::bucketWidth(int bucket)
{
    return bucket < 64 ? 1 : sim::SimTime{1} << ((bucket - 64) / 32 + 1);
}

void LatencyHistogram::record(sim::SimTime value)
{
    const int bucket = bucketOf(value);
    ++m_counts[static_cast<std::size_t>(bucket)];
    m_low = bucket < m_low ? bucket : m_low;
    m_high = bucket > m_high ? bucket : m_high;
    ++m_count;
    m_sumNs += static_cast<double>(value);
}

void LatencyHistogram::clear()
{
    if (m_count == 0)
        return;
    std::fill(m_counts.begin() + m_low, m_counts.begin() + m_high + 1, 0U);
    m_low = kBuckets;
    m_high = -1;
    m_count = 0;
    m_sumNs = 0.0;
}

double LatencyHistogram::quantileNs(double q) const
{
    if (m_count == 0)
        return 0.0;
    const auto rank = static_cast<std::uint64_t>(q * static_cast<double>(m_count - 1)) + 1;
    std::uint64_t seen = 0;
    for (int b = m_low; b <= m_high; ++b) {
        seen += m_counts[static_cast<std::size_t>(b)];
        if (seen >= rank)
            return static_cast<double>(bucketLow(b)) + (bucketWidth(b) - 1) / 2.0;
    }
    return 0.0;
}

std::uint64_t LatencyHistogram::countAbove(sim::SimTime threshold) const
{
    std::uint64_t above = 0;
    for (int b = std::max(bucketOf(threshold) + 1, m_low); b <= m_high; ++b)
        above += m_counts[static_cast<std::size_t>(b)];
    return above;
}

} // namespace orrery::env
