#include "orrery_plugin_utilization_dvfs.h"
#include "policy/plugin_registry.h"

#include <QtTest>

using namespace orrery;

namespace {

using Params = std::vector<std::pair<std::string, std::string>>;
constexpr auto kFrequency = policy::ControlResource::GpuFrequency;
constexpr double kMin = 200;
constexpr double kMax = 1380;

policy::Observation observe(double mhz, double busy)
{
    policy::TargetObservation t;
    t.name = "gpu-0";
    t.limit[policy::indexOf(kFrequency)] = mhz;
    t.features = {{"minMhz", kMin}, {"maxMhz", kMax}, {"stepMhz", 7.5}, {"busy", busy}};
    policy::Observation o;
    o.targets.push_back(std::move(t));
    return o;
}

double mhzSet(const std::vector<policy::ControlAction>& actions)
{
    for (const auto& a : actions)
        if (a.kind == policy::ControlAction::Kind::SetLimit && a.resource == kFrequency)
            return a.value;
    return -1;
}

} // namespace

//! utilization-dvfs: Linux ondemand's rule on a GPU's busy share.
class TestUtilizationDvfs : public QObject {
    Q_OBJECT

private:
    policy::PluginRegistry m_registry;

private slots:
    void initTestCase() { m_registry.registerStatic(orrery_utilization_dvfs_descriptor()); }

    void scriptedBusy_data()
    {
        QTest::addColumn<int>("samplingDownFactor");
        QTest::addColumn<double>("start");
        QTest::addColumn<QList<double>>("busy");
        QTest::addColumn<QList<double>>("expected"); // -1: unchanged
        // min + busy·(max − min) = 200 + busy·1180 below the 0.8 threshold; max above it.
        QTest::newRow("jumpThenProportional")
            << 1 << 500.0 << QList<double>{0.9, 0.5, 0.25, 0.0, 0.81}
            << QList<double>{1380, 790, 495, 200, 1380};
        QTest::newRow("atThresholdIsProportional") << 1 << 1380.0 << QList<double>{0.8} << QList<double>{1144};
        QTest::newRow("belowHalfAStepHolds") << 1 << 790.0 << QList<double>{0.502} << QList<double>{-1};
        QTest::newRow("samplingDownHoldsTheMaximum")
            << 3 << 500.0 << QList<double>{0.95, 0.1, 0.1, 0.1} << QList<double>{1380, -1, -1, 318};
        QTest::newRow("busyAgainRestartsTheHold")
            << 2 << 500.0 << QList<double>{0.95, 0.1, 0.95, 0.1, 0.0} << QList<double>{1380, -1, -1, -1, 200};
    }

    void scriptedBusy()
    {
        QFETCH(int, samplingDownFactor);
        QFETCH(double, start);
        QFETCH(QList<double>, busy);
        QFETCH(QList<double>, expected);
        auto governor = m_registry.createControl(
            "utilization-dvfs", Params{{"samplingDownFactor", std::to_string(samplingDownFactor)}});
        double mhz = start;
        for (qsizetype i = 0; i < busy.size(); ++i) {
            const double set = mhzSet(governor->decide(observe(mhz, busy[i])));
            QVERIFY2(std::abs(set - expected[i]) < 1e-9,
                     qPrintable(QString("period %1: set %2, expected %3").arg(i).arg(set).arg(expected[i])));
            if (set > 0)
                mhz = set;
        }
    }

    void staysWithinTheRange()
    {
        auto governor = m_registry.createControl("utilization-dvfs");
        for (const double busy : {-0.5, 0.0, 0.3, 0.79, 1.0, 2.0}) {
            const double set = mhzSet(governor->decide(observe(700, busy)));
            QVERIFY(set == -1 || (set >= kMin && set <= kMax));
        }
    }
};

QTEST_GUILESS_MAIN(TestUtilizationDvfs)
#include "tst_utilization_dvfs.moc"
