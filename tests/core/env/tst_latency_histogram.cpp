// env::LatencyHistogram: quantiles within its stated ±1.6 %, and clear() leaving a histogram that
// answers exactly as a fresh one (it clears and scans only the buckets it used).
#include "env/latency_histogram.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

using orrery::env::LatencyHistogram;

namespace {

//! A deterministic spread of durations from 1 ns to about 10 s (log-uniform).
std::vector<std::int64_t> samples(std::uint64_t seed, int n)
{
    std::vector<std::int64_t> out;
    std::uint64_t state = seed;
    for (int i = 0; i < n; ++i) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        const double u = static_cast<double>(state >> 11) / static_cast<double>(1ULL << 53);
        out.push_back(static_cast<std::int64_t>(std::exp(u * std::log(1e10))));
    }
    return out;
}

} // namespace

class TestLatencyHistogram : public QObject {
    Q_OBJECT

private slots:
    void quantilesWithinTheBucketWidth()
    {
        auto values = samples(7, 20000);
        LatencyHistogram histogram;
        for (const auto v : values)
            histogram.record(v);
        std::sort(values.begin(), values.end());
        for (const double q : {0.01, 0.5, 0.9, 0.99, 0.999}) {
            const auto exact = static_cast<double>(values[static_cast<std::size_t>(q * static_cast<double>(values.size() - 1))]);
            const double estimate = histogram.quantileNs(q);
            QVERIFY2(std::abs(estimate - exact) <= 0.016 * exact + 1, qPrintable(QStringLiteral("q %1: %2 vs %3").arg(q).arg(estimate).arg(exact)));
        }
        QCOMPARE(histogram.count(), std::uint64_t{20000});
    }

    void clearedAnswersAsFresh()
    {
        LatencyHistogram reused;
        for (const auto v : samples(1, 500))
            reused.record(v * 1000); // a wide range first: microseconds to hours
        reused.clear();
        QCOMPARE(reused.count(), std::uint64_t{0});
        QCOMPARE(reused.quantileNs(0.99), 0.0);
        QCOMPARE(reused.countAbove(0), std::uint64_t{0});
        LatencyHistogram fresh;
        for (const auto v : samples(2, 300)) {
            reused.record(v);
            fresh.record(v);
        }
        for (const double q : {0.0, 0.25, 0.5, 0.99, 1.0})
            QCOMPARE(reused.quantileNs(q), fresh.quantileNs(q));
        for (const std::int64_t threshold : {std::int64_t{0}, std::int64_t{63}, std::int64_t{1000}, std::int64_t{1'000'000'000}})
            QCOMPARE(reused.countAbove(threshold), fresh.countAbove(threshold));
        QCOMPARE(reused.meanNs(), fresh.meanNs());
    }

    void countAboveIsExactOnBucketBounds()
    {
        LatencyHistogram histogram;
        for (std::int64_t v = 0; v < 200; ++v)
            histogram.record(v);
        QCOMPARE(histogram.countAbove(63), std::uint64_t{136});
        QCOMPARE(histogram.countAbove(1000), std::uint64_t{0});
        QCOMPARE(histogram.quantileNs(0.0), 0.0);
    }
};

QTEST_GUILESS_MAIN(TestLatencyHistogram)
#include "tst_latency_histogram.moc"
