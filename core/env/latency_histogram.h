#pragma once
#include "sim/sim_time.h"

#include <array>
#include <cstdint>

namespace orrery::env {

//! Log-linear histogram of non-negative durations (32 sub-buckets per power of two, so a
//! quantile is within ±1.6 % of the exact one): O(1) recording with no allocation, for
//! per-request and per-span latency statistics over millions of samples.
class LatencyHistogram {
public:
    static constexpr int kBuckets = 64 + (62 - 6 + 1) * 32;

    void record(sim::SimTime value);
    void clear();
    [[nodiscard]] std::uint64_t count() const { return m_count; }
    [[nodiscard]] double meanNs() const { return m_count ? m_sumNs / static_cast<double>(m_count) : 0.0; }
    //! The q-quantile (0 ≤ q ≤ 1) in ns: the midpoint of the bucket holding it; 0 when empty.
    [[nodiscard]] double quantileNs(double q) const;
    //! Samples above `threshold` (exact for thresholds on bucket bounds, else the bucket counts whole).
    [[nodiscard]] std::uint64_t countAbove(sim::SimTime threshold) const;

    static int bucketOf(sim::SimTime value);
    static sim::SimTime bucketLow(int bucket);
    static sim::SimTime bucketWidth(int bucket);

private:
    std::array<std::uint32_t, kBuckets> m_counts{};
    // The buckets ever touched since the last clear(): clear() and the scans cover only these
    // (a histogram per control period is mostly empty; its 7.5 KB need not be swept).
    int m_low = kBuckets;
    int m_high = -1;
    std::uint64_t m_count = 0;
    double m_sumNs = 0.0;
};

} // namespace orrery::env
