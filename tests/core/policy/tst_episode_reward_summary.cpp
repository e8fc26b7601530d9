#include "policy/episode_reward_summary.h"

#include <QtTest>

using namespace orrery;

//! The episode-reward metrics every control trainer reports.
class TestEpisodeRewardSummary : public QObject {
    Q_OBJECT

private slots:
    void summarises_data()
    {
        QTest::addColumn<std::vector<double>>("rewards");
        QTest::addColumn<double>("best");
        QTest::addColumn<double>("tailMean");
        QTest::addColumn<int>("tail");
        QTest::newRow("one") << std::vector<double>{4.0} << 4.0 << 4.0 << 1;
        QTest::newRow("three") << std::vector<double>{1.0, 5.0, 3.0} << 5.0 << 3.0 << 3;
        // Twelve episodes: the mean of the last ten (3 … 9, 13, 11, 12) is 7.8; the best is not the last.
        QTest::newRow("twelve") << std::vector<double>{1, 2, 3, 4, 5, 6, 7, 8, 9, 13, 11, 12} << 13.0 << 7.8 << 10;
    }

    void summarises()
    {
        QFETCH(std::vector<double>, rewards);
        QFETCH(double, best);
        QFETCH(double, tailMean);
        QFETCH(int, tail);
        const auto summary = policy::EpisodeRewardSummary::of(rewards);
        QCOMPARE(summary.first, rewards.front());
        QCOMPARE(summary.last, rewards.back());
        QCOMPARE(summary.best, best);
        QCOMPARE(summary.tail, static_cast<std::size_t>(tail));
        QVERIFY(std::abs(summary.tailMean - tailMean) < 1e-12);

        std::vector<std::pair<std::string, double>> metrics{{"episodes", 1.0}};
        summary.appendTo(metrics);
        QCOMPARE(metrics.size(), std::size_t{5});
        QCOMPARE(metrics[1].first, std::string("first_episode_reward"));
        QCOMPARE(metrics[4].first, std::string("mean_reward_last_10"));
        QCOMPARE(metrics[4].second, summary.tailMean);
    }

    void emptyIsZero()
    {
        const auto summary = policy::EpisodeRewardSummary::of({});
        QCOMPARE(summary.tail, std::size_t{0});
        QCOMPARE(summary.best, 0.0);
    }
};

QTEST_GUILESS_MAIN(TestEpisodeRewardSummary)
#include "tst_episode_reward_summary.moc"
