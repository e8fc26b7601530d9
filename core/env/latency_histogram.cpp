#include "env/latency_histogram.h"

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
    ++m_counts[static_cast<std::size_t>(bucketOf(value))];
    ++m_count;
    m_sumNs += static_cast<double>(value);
}

void LatencyHistogram::clear()
{
    if (m_count == 0)
        return;
    m_counts.fill(0);
    m_count = 0;
    m_sumNs = 0.0;
}

double LatencyHistogram::quantileNs(double q) const
{
    if (m_count == 0)
        return 0.0;
    const auto rank = static_cast<std::uint64_t>(q * static_cast<double>(m_count - 1)) + 1;
    std::uint64_t seen = 0;
    for (int b = 0; b < kBuckets; ++b) {
        seen += m_counts[static_cast<std::size_t>(b)];
        if (seen >= rank)
            return static_cast<double>(bucketLow(b)) + (bucketWidth(b) - 1) / 2.0;
    }
    return 0.0;
}

std::uint64_t LatencyHistogram::countAbove(sim::SimTime threshold) const
{
    std::uint64_t above = 0;
    for (int b = bucketOf(threshold) + 1; b < kBuckets; ++b)
        above += m_counts[static_cast<std::size_t>(b)];
    return above;
}

} // namespace orrery::env
