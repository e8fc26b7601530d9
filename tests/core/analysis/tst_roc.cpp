// ROC curves, AUC and confusion counts on scores whose answers are known by hand.
#include "analysis/roc.h"

#include <QtTest>

#include <cmath>
#include <stdexcept>

using namespace orrery;

class TstRoc : public QObject {
    Q_OBJECT

private slots:
    void areaUnderCurve_data()
    {
        QTest::addColumn<std::vector<double>>("scores");
        QTest::addColumn<std::vector<int>>("labels");
        QTest::addColumn<double>("auc");
        QTest::addColumn<int>("points");
        QTest::newRow("perfect separation") << std::vector<double>{0.9, 0.8, 0.2, 0.1} << std::vector<int>{1, 1, 0, 0} << 1.0 << 5;
        QTest::newRow("reversed") << std::vector<double>{0.9, 0.8, 0.2, 0.1} << std::vector<int>{0, 0, 1, 1} << 0.0 << 5;
        QTest::newRow("all tied") << std::vector<double>{0.5, 0.5, 0.5, 0.5} << std::vector<int>{1, 0, 1, 0} << 0.5 << 2;
        // Pairs (positive, negative): 0.9>0.8, 0.9>0.1, 0.7<0.8, 0.7>0.1 → 3/4.
        QTest::newRow("one pair wrong") << std::vector<double>{0.9, 0.7, 0.8, 0.1} << std::vector<int>{1, 1, 0, 0} << 0.75 << 5;
        // A tie between a positive and a negative counts half: (½ + 1) / 2.
        QTest::newRow("partial tie") << std::vector<double>{0.5, 0.5, 0.1} << std::vector<int>{1, 0, 0} << 0.75 << 3;
        QTest::newRow("unsorted input, labels above one") << std::vector<double>{-3.0, 2.0, 0.0} << std::vector<int>{0, 7, -1} << 1.0 << 4;
    }

    void areaUnderCurve()
    {
        QFETCH(std::vector<double>, scores);
        QFETCH(std::vector<int>, labels);
        QFETCH(double, auc);
        QFETCH(int, points);
        const analysis::RocCurve curve = analysis::rocCurve(scores, labels);
        QVERIFY2(std::abs(curve.auc - auc) < 1e-12, qPrintable(QString::number(curve.auc)));
        QCOMPARE(static_cast<int>(curve.points.size()), points);
        QVERIFY(std::isinf(curve.points.front().threshold));
        QCOMPARE(curve.points.front().falsePositiveRate, 0.0);
        QCOMPARE(curve.points.front().truePositiveRate, 0.0);
        QCOMPARE(curve.points.back().falsePositiveRate, 1.0);
        QCOMPARE(curve.points.back().truePositiveRate, 1.0);
        for (std::size_t i = 1; i < curve.points.size(); ++i) {
            QVERIFY(curve.points[i].threshold < curve.points[i - 1].threshold);
            QVERIFY(curve.points[i].falsePositiveRate >= curve.points[i - 1].falsePositiveRate);
            QVERIFY(curve.points[i].truePositiveRate >= curve.points[i - 1].truePositiveRate);
        }
    }

    void intermediatePoints()
    {
        const std::vector<double> scores{0.9, 0.7, 0.8, 0.1};
        const std::vector<int> labels{1, 1, 0, 0};
        const auto curve = analysis::rocCurve(scores, labels);
        QCOMPARE(curve.positives, std::size_t{2});
        QCOMPARE(curve.negatives, std::size_t{2});
        QCOMPARE(curve.points[1].threshold, 0.9);
        QCOMPARE(curve.points[1].truePositiveRate, 0.5);
        QCOMPARE(curve.points[1].falsePositiveRate, 0.0);
        QCOMPARE(curve.points[2].threshold, 0.8);
        QCOMPARE(curve.points[2].falsePositiveRate, 0.5);
        QCOMPARE(curve.points[3].truePositiveRate, 1.0);
    }

    void oneClassHasNoArea()
    {
        QVERIFY(std::isnan(analysis::rocCurve(std::vector<double>{0.1, 0.2}, std::vector<int>{1, 1}).auc));
        QVERIFY(std::isnan(analysis::rocCurve(std::vector<double>{}, std::vector<int>{}).auc));
    }

    void badInputThrows()
    {
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 (void)analysis::rocCurve(std::vector<double>{0.1}, std::vector<int>{1, 0}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 (void)analysis::rocCurve(std::vector<double>{std::nan("")}, std::vector<int>{1}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 (void)analysis::confusionAt(std::vector<double>{0.1}, std::vector<int>{}, 0.0));
    }

    void confusionAtThreshold()
    {
        const std::vector<double> scores{0.9, 0.7, 0.8, 0.1, 0.0};
        const std::vector<int> labels{1, 1, 0, 0, 1};
        const auto counts = analysis::confusionAt(scores, labels, 0.0);  // 0.0 itself is negative
        QCOMPARE(counts.truePositives, std::size_t{2});
        QCOMPARE(counts.falsePositives, std::size_t{2});
        QCOMPARE(counts.trueNegatives, std::size_t{0});
        QCOMPARE(counts.falseNegatives, std::size_t{1});
        QCOMPARE(counts.precision(), 0.5);
        QCOMPARE(counts.recall(), 2.0 / 3.0);
        QCOMPARE(counts.accuracy(), 0.4);
        const auto strict = analysis::confusionAt(scores, labels, 0.85);
        QCOMPARE(strict.precision(), 1.0);
        QCOMPARE(strict.recall(), 1.0 / 3.0);
        QCOMPARE(analysis::confusionAt(scores, labels, 5.0).precision(), 0.0);  // nothing called
    }
};

QTEST_GUILESS_MAIN(TstRoc)
#include "tst_roc.moc"
