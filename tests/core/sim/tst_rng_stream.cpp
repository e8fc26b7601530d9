#include "sim/rng_stream.h"

#include <QtTest>

#include <cmath>
#include <set>

using orrery::sim::RngStream;

//! Random streams: reproducible, independent by name, and the right distributions.
class TestRngStream : public QObject {
    Q_OBJECT

private slots:
    void sameSeedAndNameRepeat()
    {
        RngStream a(42, "arrivals");
        RngStream b(42, "arrivals");
        for (int i = 0; i < 1000; ++i)
            QCOMPARE(a.nextU64(), b.nextU64());
    }

    void knownFirstValuesPinTheAlgorithm()
    {
        // Pins xoshiro256** + splitmix64 seeding: a change here changes every stored run.
        // Expected values come from an independent Python transcription of the algorithm.
        RngStream stream(0, "");
        QCOMPARE(stream.nextU64(), std::uint64_t{0x1fee05d66a7f02d7ULL});
        QCOMPARE(stream.nextU64(), std::uint64_t{0x9f0d6aa55e2ad5dcULL});
        RngStream named(42, "arrivals");
        QCOMPARE(named.nextU64(), std::uint64_t{0xe9f31690c453b92cULL});
        QCOMPARE(RngStream::hashName(""), std::uint64_t{0xCBF29CE484222325ULL});
        QCOMPARE(RngStream::hashName("a"), std::uint64_t{0xAF63DC4C8601EC8CULL});
    }

    void namesAndSeedsGiveDifferentStreams()
    {
        RngStream a(42, "arrivals");
        RngStream b(42, "service");
        RngStream c(43, "arrivals");
        int equalAB = 0;
        int equalAC = 0;
        for (int i = 0; i < 100; ++i) {
            const auto x = a.nextU64();
            equalAB += x == b.nextU64();
            equalAC += x == c.nextU64();
        }
        QCOMPARE(equalAB, 0);
        QCOMPARE(equalAC, 0);
    }

    void momentsMatch_data()
    {
        QTest::addColumn<QString>("distribution");
        QTest::addColumn<double>("expectedMean");
        QTest::addColumn<double>("expectedVariance");
        QTest::newRow("uniform") << "uniform" << 0.5 << 1.0 / 12.0;
        QTest::newRow("exponential mean 3") << "exponential" << 3.0 << 9.0;
        QTest::newRow("normal") << "normal" << 0.0 << 1.0;
        QTest::newRow("lognormal median 2 sigma 0.5") << "lognormal" << 2.0 * std::exp(0.125)
                                                      << 4.0 * std::exp(0.25) * (std::exp(0.25) - 1.0);
    }

    void momentsMatch()
    {
        QFETCH(QString, distribution);
        QFETCH(double, expectedMean);
        QFETCH(double, expectedVariance);
        RngStream rng(2024, "moments");
        const int n = 400'000;
        double sum = 0.0;
        double sumSquares = 0.0;
        for (int i = 0; i < n; ++i) {
            double x = 0.0;
            if (distribution == "uniform")
                x = rng.uniform();
            else if (distribution == "exponential")
                x = rng.exponential(3.0);
            else if (distribution == "normal")
                x = rng.normal();
            else
                x = rng.logNormal(2.0, 0.5);
            sum += x;
            sumSquares += x * x;
        }
        const double mean = sum / n;
        const double variance = sumSquares / n - mean * mean;
        const double meanTolerance = 5.0 * std::sqrt(expectedVariance / n) + 1e-12;
        QVERIFY2(std::abs(mean - expectedMean) < meanTolerance, qPrintable(QString::number(mean)));
        QVERIFY2(std::abs(variance - expectedVariance) < 0.03 * expectedVariance + 1e-3, qPrintable(QString::number(variance)));
    }

    void belowIsUnbiasedAndInRange()
    {
        RngStream rng(9, "below");
        int counts[7] = {};
        for (int i = 0; i < 70'000; ++i) {
            const auto v = rng.below(7);
            QVERIFY(v < 7);
            ++counts[v];
        }
        for (const int count : counts)
            QVERIFY(std::abs(count - 10'000) < 500);
    }
};

QTEST_GUILESS_MAIN(TestRngStream)
#include "tst_rng_stream.moc"
