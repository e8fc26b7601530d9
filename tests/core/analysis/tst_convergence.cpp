// Table 4.4's convergence rule (analysis/convergence.h).
#include "analysis/convergence.h"

#include <QtTest>

#include <vector>

using namespace orrery;

class TestConvergence : public QObject {
    Q_OBJECT

private slots:
    void flatSeriesConvergesRisingDoesNot()
    {
        const std::vector<double> flat(40, 1.0);
        QVERIFY(analysis::hasConverged(flat, 20, 0.02));
        std::vector<double> rising;
        for (int e = 0; e < 40; ++e)
            rising.push_back(1.0 + 0.01 * e); // window means 1.095 and 1.295: +18 %
        QVERIFY(!analysis::hasConverged(rising, 20, 0.02));
        QVERIFY(!analysis::hasConverged(std::vector<double>(39, 1.0), 20, 0.02)); // too short
    }

    void convergenceEpisodeAfterAChange()
    {
        // 30 episodes rising, then flat at 2.0: the rule first holds once both windows are flat.
        std::vector<double> rewards;
        for (int e = 0; e < 30; ++e)
            rewards.push_back(1.0 + e / 30.0);
        for (int e = 0; e < 50; ++e)
            rewards.push_back(2.0);
        const auto at = analysis::convergenceEpisode(rewards, 0, 10, 0.02);
        QVERIFY(at.has_value());
        QVERIFY2(*at >= 31 && *at <= 50, qPrintable(QString::number(*at)));
        // Counting from episode 30 (a churn event there), the flat part converges at 30 + 20.
        QCOMPARE(analysis::convergenceEpisode(rewards, 30, 10, 0.02), std::optional<std::size_t>(50));
        QVERIFY(!analysis::convergenceEpisode(rewards, 75, 10, 0.02).has_value());
    }
};

QTEST_APPLESS_MAIN(TestConvergence)
#include "tst_convergence.moc"
