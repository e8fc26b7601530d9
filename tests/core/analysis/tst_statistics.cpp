// Statistics of the experiment comparison: Mann–Whitney U against hand-computed cases (with
// and without ties, exact and normal approximation) and the bootstrap interval of a ratio of
// medians against samples of known distributions.
#include "analysis/bootstrap.h"
#include "analysis/mann_whitney.h"

#include <QtTest>

#include <cmath>
#include <random>

using namespace orrery;

namespace {

using Values = std::vector<double>;

//! Exponential samples with the given mean, from a seeded generator (its own algorithm, so the
//! samples do not depend on the standard library's distributions).
Values exponentialSample(std::mt19937_64& generator, std::size_t count, double mean)
{
    Values values;
    for (std::size_t i = 0; i < count; ++i) {
        const double u = static_cast<double>(generator() >> 11) * 0x1.0p-53; // [0, 1)
        values.push_back(-mean * std::log1p(-u));
    }
    return values;
}

//! Log-normal samples with the given median and σ = 0.5 (Box–Muller).
Values logNormalSample(std::mt19937_64& generator, std::size_t count, double median)
{
    Values values;
    while (values.size() < count) {
        const double u1 = (static_cast<double>(generator() >> 11) + 1.0) * 0x1.0p-53; // (0, 1]
        const double u2 = static_cast<double>(generator() >> 11) * 0x1.0p-53;
        const double z = std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * M_PI * u2);
        values.push_back(median * std::exp(0.5 * z));
    }
    return values;
}

} // namespace

class TestStatistics : public QObject {
    Q_OBJECT

private slots:
    void mannWhitneyHandComputed_data()
    {
        QTest::addColumn<Values>("first");
        QTest::addColumn<Values>("second");
        QTest::addColumn<double>("u");
        QTest::addColumn<double>("p");
        QTest::addColumn<bool>("exact");
        // Fully separated 3 vs 3: U = 9 of 9; only 1 of C(6,3) = 20 arrangements is as extreme
        // in each direction, so p = 2/20.
        QTest::newRow("separated") << Values{1, 2, 3} << Values{4, 5, 6} << 9.0 << 0.1 << true;
        QTest::newRow("separated, reversed") << Values{4, 5, 6} << Values{1, 2, 3} << 0.0 << 0.1 << true;
        // 3 vs 4 interleaved: second beats first in 1 + 2 + 3 + 3 = 9 of 12 pairs; U ≥ 9 in as
        // many arrangements as U ≤ 3: the partitions of 0, 1, 2, 3 in a 3×4 box, 1 + 1 + 2 + 3 = 7
        // of C(7,3) = 35; p = 2·7/35.
        QTest::newRow("interleaved") << Values{1, 3, 5} << Values{2, 4, 6, 8} << 9.0 << 0.4 << true;
        // 6 vs 5 shuffled; p = 2·183/462 by enumerating all C(11,5) = 462 arrangements.
        QTest::newRow("enumerated") << Values{0.3, 1.7, 2.2, 5.0, 0.9, 3.3} << Values{1.1, 4.0, 6.5, 0.1, 2.9} << 17.0
                                    << 366.0 / 462.0 << true;
        // 10 vs 10 fully separated: p = 2 / C(20,10).
        QTest::newRow("separated 10 vs 10") << Values{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
                                            << Values{11, 12, 13, 14, 15, 16, 17, 18, 19, 20} << 100.0
                                            << 2.0 / 184756.0 << true;
        // Ties: 2 appears three times and 3 twice. U of the second = (1 + ½·2) + (3 + ½) + 4 + 4
        // = 13.5; μ = 8; σ² = 16/12 · (9 − (24 + 6)/(8·7)) = 11.2857142857; z = (13.5 − 8 − ½)/σ
        // = 1.48835139; p = erfc(z/√2) = 0.136658247738 (R: wilcox.test(exact = FALSE)).
        QTest::newRow("ties") << Values{1, 2, 2, 3} << Values{2, 3, 4, 5} << 13.5 << 0.13665824773814753 << false;
        QTest::newRow("all tied") << Values{1, 1} << Values{1, 1} << 2.0 << 1.0 << false;
        QTest::newRow("one each") << Values{1} << Values{2} << 1.0 << 1.0 << true;
    }

    void mannWhitneyHandComputed()
    {
        QFETCH(Values, first);
        QFETCH(Values, second);
        QFETCH(double, u);
        QFETCH(double, p);
        QFETCH(bool, exact);
        const analysis::MannWhitneyResult result = analysis::mannWhitneyU(first, second);
        QCOMPARE(result.u, u);
        QVERIFY2(std::fabs(result.pValue - p) <= 1e-12 * std::max(1.0, p), qPrintable(QString::number(result.pValue, 'g', 17)));
        QCOMPARE(result.exact, exact);
    }

    void mannWhitneyExactAgreesWithNormalForLargerSamples()
    {
        // 20 vs 20 without ties: the normal approximation is within about 0.01 of the exact p.
        std::mt19937_64 generator(7);
        for (const double shift : {1.0, 1.6, 2.5}) {
            const Values a = exponentialSample(generator, 20, 1.0);
            const Values b = exponentialSample(generator, 20, shift);
            const auto exact = analysis::mannWhitneyU(a, b, analysis::MannWhitneyMethod::Exact);
            const auto normal = analysis::mannWhitneyU(a, b, analysis::MannWhitneyMethod::Asymptotic);
            QVERIFY(exact.exact);
            QVERIFY(!normal.exact);
            QCOMPARE(exact.u, normal.u);
            QVERIFY2(std::fabs(exact.pValue - normal.pValue) < 0.01,
                     qPrintable(QString("%1 vs %2").arg(exact.pValue).arg(normal.pValue)));
        }
        // Ties force the approximation even when the exact method is asked for.
        QVERIFY(!analysis::mannWhitneyU({1, 2, 2, 3}, {2, 3, 4, 5}, analysis::MannWhitneyMethod::Exact).exact);
    }

    void mannWhitneyEmptySample()
    {
        QVERIFY(std::isnan(analysis::mannWhitneyU({}, {1.0}).pValue));
        QVERIFY(std::isnan(analysis::mannWhitneyU({1.0}, {}).pValue));
    }

    void mannWhitneyUsesExactDistributionSymmetrically()
    {
        // U of the second plus U of the first is n₁·n₂, and the p-value does not depend on order.
        const Values a{0.3, 1.7, 2.2, 5.0, 0.9};
        const Values b{1.1, 4.0, 6.5};
        const auto ab = analysis::mannWhitneyU(a, b);
        const auto ba = analysis::mannWhitneyU(b, a);
        QCOMPARE(ab.u + ba.u, 15.0);
        QCOMPARE(ab.pValue, ba.pValue);
    }

    void bootstrapCoversTheTrueRatio()
    {
        // Exponential medians are mean·ln 2, so the true ratio of medians is 2.
        std::mt19937_64 generator(2024);
        const Values baseline = exponentialSample(generator, 200, 1.0);
        const Values treatment = exponentialSample(generator, 200, 2.0);
        analysis::BootstrapOptions options;
        options.seed = 11;
        const analysis::ConfidenceInterval interval = analysis::bootstrapRatioOfMedians(baseline, treatment, options);
        QVERIFY2(interval.low < 2.0 && 2.0 < interval.high,
                 qPrintable(QString("[%1, %2]").arg(interval.low).arg(interval.high)));
        QVERIFY(interval.low <= interval.estimate && interval.estimate <= interval.high);
        QVERIFY2(interval.high - interval.low < 1.2, qPrintable(QString::number(interval.high - interval.low)));
    }

    void bootstrapCoverageIsNominal()
    {
        // 200 independent experiments of 40 log-normal values each, true ratio 1.5: a 95%
        // interval should miss about 10 times; a broken one misses far more (or never).
        std::mt19937_64 generator(99);
        int covered = 0;
        constexpr int kTrials = 200;
        for (int trial = 0; trial < kTrials; ++trial) {
            const Values baseline = logNormalSample(generator, 40, 1.0);
            const Values treatment = logNormalSample(generator, 40, 1.5);
            analysis::BootstrapOptions options;
            options.resamples = 1000;
            options.seed = static_cast<std::uint64_t>(trial);
            const auto interval = analysis::bootstrapRatioOfMedians(baseline, treatment, options);
            covered += interval.low <= 1.5 && 1.5 <= interval.high ? 1 : 0;
        }
        QVERIFY2(covered >= 176 && covered <= 199, qPrintable(QString("covered %1 of %2").arg(covered).arg(kTrials)));
    }

    void bootstrapIsSeeded()
    {
        std::mt19937_64 generator(5);
        const Values baseline = exponentialSample(generator, 30, 1.0);
        const Values treatment = exponentialSample(generator, 30, 1.0);
        analysis::BootstrapOptions options;
        options.seed = 3;
        const auto first = analysis::bootstrapRatioOfMedians(baseline, treatment, options);
        const auto again = analysis::bootstrapRatioOfMedians(baseline, treatment, options);
        QCOMPARE(first.low, again.low);
        QCOMPARE(first.high, again.high);
        options.seed = 4;
        const auto other = analysis::bootstrapRatioOfMedians(baseline, treatment, options);
        QCOMPARE(other.estimate, first.estimate);
        QVERIFY(other.low != first.low || other.high != first.high);
    }

    void bootstrapEdgeCases()
    {
        const auto empty = analysis::bootstrapRatioOfMedians({}, {1.0});
        QVERIFY(std::isnan(empty.estimate) && std::isnan(empty.low) && std::isnan(empty.high));
        const auto same = analysis::bootstrapRatioOfMedians({2.0, 2.0, 2.0}, {2.0, 2.0, 2.0});
        QCOMPARE(same.estimate, 1.0);
        QCOMPARE(same.low, 1.0);
        QCOMPARE(same.high, 1.0);
        // A zero baseline median: equal zeros are "no difference", anything else infinitely more.
        QCOMPARE(analysis::ratioOf(0.0, 0.0), 1.0);
        QVERIFY(std::isinf(analysis::ratioOf(3.0, 0.0)));
        const auto zeros = analysis::bootstrapRatioOfMedians({0.0, 0.0, 0.0}, {0.0, 1.0, 2.0});
        QVERIFY(std::isinf(zeros.estimate));
        QVERIFY(!std::isnan(zeros.low) && !std::isnan(zeros.high));
        // Odd and even sizes use the type-7 median (mean of the middle two).
        QCOMPARE(analysis::bootstrapRatioOfMedians({1.0, 3.0}, {4.0, 8.0}, {0, 0.95, 1}).estimate, 3.0);
    }
};

QTEST_GUILESS_MAIN(TestStatistics)
#include "tst_statistics.moc"
