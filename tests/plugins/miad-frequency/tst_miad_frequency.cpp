#include "orrery_plugin_miad_frequency.h"
#include "policy/plugin_registry.h"

#include <QtTest>

#include <cstdint>

using namespace orrery;

namespace {

using Params = std::vector<std::pair<std::string, std::string>>;
constexpr auto kFrequency = policy::ControlResource::GpuFrequency;
constexpr double kMin = 200;
constexpr double kMax = 1380;

//! One V100-like device running at `mhz` whose requests finished at p99 = `ratio` × SLO.
policy::TargetObservation gpu(double mhz, double ratio, double sensitivity = 5e-4, double completed = 10)
{
    policy::TargetObservation t;
    t.name = "gpu-0";
    t.group = "V100";
    t.limit[policy::indexOf(kFrequency)] = mhz;
    t.features = {{"minMhz", kMin}, {"maxMhz", kMax}, {"stepMhz", 7.5}, {"defaultMhz", kMax},
                  {"busy", 0.5}, {"queued", 0}, {"completed", completed}, {"p99SloRatio", ratio}};
    if (sensitivity >= 0)
        t.features["sensitivityPerMhz"] = sensitivity;
    return t;
}

policy::Observation observe(policy::TargetObservation t)
{
    policy::Observation o;
    o.targets.push_back(std::move(t));
    return o;
}

//! The clock the actions set, or -1 when they leave it alone.
double mhzSet(const std::vector<policy::ControlAction>& actions)
{
    for (const auto& a : actions)
        if (a.kind == policy::ControlAction::Kind::SetLimit && a.resource == kFrequency)
            return a.value;
    return -1;
}

} // namespace

//! miad-frequency: seed 001 Alg. 6.3 — multiplicative increase, additive decrease, bounds.
class TestMiadFrequency : public QObject {
    Q_OBJECT

private:
    policy::PluginRegistry m_registry;

private slots:
    void initTestCase() { m_registry.registerStatic(orrery_miad_frequency_descriptor()); }

    void scriptedSlackSequence_data()
    {
        QTest::addColumn<QList<double>>("ratios");   // p99 / SLO per period
        QTest::addColumn<double>("start");
        QTest::addColumn<QList<double>>("expected"); // clock after each period (-1: unchanged)
        // Defaults: slack threshold 0.05, ×2 up, −30 MHz down; sensitivity 5e-4/MHz, so one step
        // costs ratio × 0.015 of the SLO.
        QTest::newRow("upTwiceThenDownAdditively")
            << QList<double>{0.99, 0.99, 0.5, 0.5, 0.5}
            << 300.0 << QList<double>{600, 1200, 1170, 1140, 1110};
        QTest::newRow("upIsCappedAtMax")
            << QList<double>{1.2, 1.2} << 900.0 << QList<double>{1380, -1};
        QTest::newRow("smallSlackHolds") // slack 0.06: 0.06 − 0.05 < 0.94·0.015
            << QList<double>{0.94, 0.94} << 1000.0 << QList<double>{-1, -1};
        QTest::newRow("slackJustAboveOneStep") // slack 0.07: 0.02 > 0.93·0.015 = 0.01395
            << QList<double>{0.93} << 1000.0 << QList<double>{970};
        QTest::newRow("downIsFlooredAtMin")
            << QList<double>{0.1, 0.1, 0.1} << 250.0 << QList<double>{220, 200, -1};
        QTest::newRow("violationAfterDescentDoubles")
            << QList<double>{0.2, 0.2, 1.05, 0.6} << 700.0 << QList<double>{670, 640, 1280, 1250};
    }

    void scriptedSlackSequence()
    {
        QFETCH(QList<double>, ratios);
        QFETCH(double, start);
        QFETCH(QList<double>, expected);
        auto miad = m_registry.createControl("miad-frequency");
        double mhz = start;
        for (qsizetype i = 0; i < ratios.size(); ++i) {
            const double set = mhzSet(miad->decide(observe(gpu(mhz, ratios[i]))));
            QVERIFY2(std::abs(set - expected[i]) < 1e-9,
                     qPrintable(QString("period %1: set %2, expected %3").arg(i).arg(set).arg(expected[i])));
            if (set > 0)
                mhz = set;
        }
    }

    void increaseIsMultiplicativeDecreaseAdditive_data()
    {
        QTest::addColumn<double>("factor");
        QTest::addColumn<double>("step");
        QTest::newRow("seed") << 2.0 << 30.0;
        QTest::newRow("gentle") << 1.5 << 10.0;
        QTest::newRow("coarse") << 3.0 << 100.0;
    }

    void increaseIsMultiplicativeDecreaseAdditive()
    {
        QFETCH(double, factor);
        QFETCH(double, step);
        auto miad = m_registry.createControl(
            "miad-frequency", Params{{"increaseFactor", QString::number(factor).toStdString()},
                                     {"decreaseStepMhz", QString::number(step).toStdString()}});
        for (const double mhz : {210.0, 400.0, 640.0, 900.0}) {
            QCOMPARE(mhzSet(miad->decide(observe(gpu(mhz, 1.5)))), std::min(kMax, mhz * factor));
            QCOMPARE(mhzSet(miad->decide(observe(gpu(mhz, 0.2, 1e-5)))), std::max(kMin, mhz - step));
        }
    }

    void neverLeavesTheRange()
    {
        auto miad = m_registry.createControl("miad-frequency");
        std::uint64_t state = 12345;
        double mhz = kMax;
        int ups = 0;
        int downs = 0;
        for (int period = 0; period < 5000; ++period) {
            state = state * 6364136223846793005ULL + 1442695040888963407ULL;
            const double ratio = static_cast<double>(state >> 11) / static_cast<double>(1ULL << 53) * 1.3;
            const double set = mhzSet(miad->decide(observe(gpu(mhz, ratio, 1e-4))));
            if (set > 0) {
                QVERIFY2(set >= kMin && set <= kMax, qPrintable(QString("period %1: %2 MHz").arg(period).arg(set)));
                (set > mhz ? ups : downs) += 1;
                mhz = set;
            }
        }
        QVERIFY(ups > 100);
        QVERIFY(downs > 100);
        // A clock the kind reports outside the range is pulled back in, even when holding.
        QCOMPARE(mhzSet(miad->decide(observe(gpu(1500, 0.94)))), kMax);
        QCOMPARE(mhzSet(miad->decide(observe(gpu(100, 0.94)))), kMin);
    }

    void withoutCompletedRequests()
    {
        auto miad = m_registry.createControl("miad-frequency");
        auto idle = gpu(800, 0, 5e-4, 0);
        idle.features["busy"] = 0;
        QCOMPARE(mhzSet(miad->decide(observe(idle))), 770.0); // idle: one step down
        auto running = gpu(800, 0, 5e-4, 0);                  // a long request still running
        QCOMPARE(mhzSet(miad->decide(observe(running))), -1.0);
        auto waiting = idle;
        waiting.features["queued"] = 3;
        QCOMPARE(mhzSet(miad->decide(observe(waiting))), -1.0);
        auto holdIdle = m_registry.createControl("miad-frequency", Params{{"idleDecrease", "false"}});
        QCOMPARE(mhzSet(holdIdle->decide(observe(idle))), -1.0);
    }

    void seedEstimateWithoutSensitivity()
    {
        // Without sensitivityPerMhz, Alg. 6.3 L16's linear estimate: ratio·STEP/f of the SLO.
        auto miad = m_registry.createControl("miad-frequency");
        QCOMPARE(mhzSet(miad->decide(observe(gpu(300, 0.9, -1)))), -1.0);   // 0.09 ≥ 0.1 − 0.05
        QCOMPARE(mhzSet(miad->decide(observe(gpu(1380, 0.9, -1)))), 1350.0); // 0.0196 < 0.05
    }

    void readsTheWindowedSignal()
    {
        // The period's p99 (one fast request) says slack; the window over the last 32 says the
        // SLO is at risk: the window decides, unless signal: period.
        auto device = gpu(800, 0.3, 5e-4, 1);
        device.features["p99SloRatioWindow"] = 0.99;
        device.features["windowCompleted"] = 32;
        auto miad = m_registry.createControl("miad-frequency");
        QCOMPARE(mhzSet(miad->decide(observe(device))), 1380.0);
        auto literal = m_registry.createControl("miad-frequency", Params{{"signal", "period"}, {"minRequests", "1"}});
        QCOMPARE(mhzSet(literal->decide(observe(device))), 770.0);
        // Too few requests behind the estimate: hold, whichever it says.
        auto early = device;
        early.features["windowCompleted"] = 5;
        QCOMPARE(mhzSet(miad->decide(observe(early))), -1.0);
        QCOMPARE(mhzSet(literal->decide(observe(gpu(800, 0.3, 5e-4, 1)))), 770.0);
        QCOMPARE(mhzSet(m_registry.createControl("miad-frequency", Params{{"signal", "period"}})->decide(observe(gpu(800, 0.3, 5e-4, 1)))), -1.0);
        // Nothing new completed: the old window is not read again (busy holds, idle steps down).
        auto stale = device;
        stale.features["completed"] = 0;
        QCOMPARE(mhzSet(miad->decide(observe(stale))), -1.0);
        stale.features["busy"] = 0;
        QCOMPARE(mhzSet(miad->decide(observe(stale))), 770.0);
    }

    void ignoresTargetsThatAreNotGpus()
    {
        auto miad = m_registry.createControl("miad-frequency");
        policy::TargetObservation service;
        service.name = "frontend";
        service.limit[policy::indexOf(policy::ControlResource::Cpu)] = 2;
        service.p99LatencyMs = 500;
        service.sloLatencyMs = 100;
        QVERIFY(miad->decide(observe(service)).empty());
    }

    void labelsEachDevice()
    {
        auto miad = m_registry.createControl("miad-frequency");
        policy::Observation o;
        o.targets = {gpu(600, 1.1), gpu(600, 0.3), gpu(600, 0.94)};
        o.targets[1].name = "gpu-1";
        o.targets[2].name = "gpu-2";
        QCOMPARE(miad->decide(o).size(), std::size_t{2});
        const auto labels = miad->targetLabels();
        QCOMPARE(labels.size(), std::size_t{3});
        QCOMPARE(labels[0].label, std::string("up"));
        QCOMPARE(labels[1].label, std::string("down"));
        QCOMPARE(labels[2].label, std::string("hold"));
    }
};

QTEST_GUILESS_MAIN(TestMiadFrequency)
#include "tst_miad_frequency.moc"
