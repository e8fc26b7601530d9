// The parts of a live experiment that decide what happens when: the randomized block schedule
// of windows, the SLO guard's trip rule, and the PromQL templates the windows are measured with.
#include "live/promql_template.h"
#include "live_experiment/slo_guard.h"
#include "live_experiment/window_schedule.h"

#include "sim/sim_time.h"

#include <QtTest>

#include <map>
#include <set>

using namespace orrery;
using live_experiment::LiveWindow;

class TestLiveExperimentPlan : public QObject {
    Q_OBJECT

private slots:
    void everyBlockHoldsEveryArmOnce_data()
    {
        QTest::addColumn<int>("arms");
        QTest::addColumn<int>("windowsPerArm");
        QTest::newRow("2 arms x 1") << 2 << 1;
        QTest::newRow("2 arms x 6") << 2 << 6;
        QTest::newRow("3 arms x 5") << 3 << 5;
        QTest::newRow("7 arms x 3") << 7 << 3;
    }
    void everyBlockHoldsEveryArmOnce()
    {
        QFETCH(int, arms);
        QFETCH(int, windowsPerArm);
        const auto windows = live_experiment::planWindows(static_cast<std::size_t>(arms), windowsPerArm, 42);
        QCOMPARE(windows.size(), static_cast<std::size_t>(arms * windowsPerArm));
        for (int block = 0; block < windowsPerArm; ++block) {
            std::set<std::size_t> seen;
            for (int i = 0; i < arms; ++i) {
                const LiveWindow& window = windows[static_cast<std::size_t>(block * arms + i)];
                QCOMPARE(window.order, static_cast<std::size_t>(block * arms + i));
                QCOMPARE(window.armWindow, static_cast<std::uint64_t>(block + 1));
                seen.insert(window.arm);
            }
            QCOMPARE(seen.size(), static_cast<std::size_t>(arms));
            QVERIFY(*seen.rbegin() < static_cast<std::size_t>(arms));
        }
    }

    void theOrderIsSeededAndRandomized()
    {
        const auto a = live_experiment::planWindows(2, 200, 7);
        const auto b = live_experiment::planWindows(2, 200, 7);
        const auto c = live_experiment::planWindows(2, 200, 8);
        std::vector<std::size_t> armsA, armsB, armsC;
        for (std::size_t i = 0; i < a.size(); ++i) {
            armsA.push_back(a[i].arm);
            armsB.push_back(b[i].arm);
            armsC.push_back(c[i].arm);
        }
        QCOMPARE(armsA, armsB);
        QVERIFY(armsA != armsC);
        // Each arm leads its block about half the time (a fixed order would make it 0 or 200).
        int firstLeads = 0;
        for (std::size_t block = 0; block < 200; ++block)
            firstLeads += a[2 * block].arm == 0 ? 1 : 0;
        QVERIFY2(firstLeads > 70 && firstLeads < 130, qPrintable(QString::number(firstLeads)));
    }

    void theGuardTripsOnConsecutiveBreachesOnly()
    {
        live_experiment::SloGuard guard(100.0, 3);
        QVERIFY(!guard.check(150));
        QVERIFY(!guard.check(160));
        QVERIFY(!guard.check(90)); // a value within the SLO starts the count again
        QVERIFY(!guard.check(std::nullopt));
        QVERIFY(!guard.check(101));
        QVERIFY(!guard.check(std::numeric_limits<double>::quiet_NaN()));
        QVERIFY(!guard.check(120));
        QVERIFY(!guard.check(130));
        QVERIFY(guard.check(140));
        QVERIFY(guard.tripped());
        QVERIFY(guard.check(10)); // stays tripped
        QCOMPARE(guard.lastValue(), 140.0);
        QVERIFY2(guard.reason().find("140 > 100 for 3 checks in a row") != std::string::npos, guard.reason().c_str());
        live_experiment::SloGuard atOnce(5.0, 1);
        QVERIFY(!atOnce.check(5.0)); // at the threshold is not above it
        QVERIFY(atOnce.check(5.5));
    }

    void promqlTemplatesExpandTheirVariables_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("namespace and window") << R"(rate(x{namespace="$namespace"}[$window]))"
                                              << R"(rate(x{namespace="social-network"}[30s]))";
        QTest::newRow("longest name first") << "$windowed $window" << "W 30s";
        QTest::newRow("unknown variables stay") << "$other $" << "$other $";
        QTest::newRow("regex anchors stay") << R"(x{pod=~"web-.*$"})" << R"(x{pod=~"web-.*$"})";
    }
    void promqlTemplatesExpandTheirVariables()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        const std::map<std::string, std::string> values{{"namespace", "social-network"}, {"window", "30s"}, {"windowed", "W"}};
        QCOMPARE(QString::fromStdString(live::expandPromql(text.toStdString(), values)), expected);
    }

    void rangesAreWholeSecondsOrMilliseconds()
    {
        QCOMPARE(live::promqlRange(30 * sim::kSecond), std::string("30s"));
        QCOMPARE(live::promqlRange(1500 * sim::kMillisecond), std::string("1500ms"));
        QCOMPARE(live::promqlRange(1), std::string("1ms"));
    }
};

QTEST_GUILESS_MAIN(TestLiveExperimentPlan)
#include "tst_live_experiment_plan.moc"
