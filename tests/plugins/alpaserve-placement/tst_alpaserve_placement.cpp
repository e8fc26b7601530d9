#include "orrery_plugin_alpaserve_placement.h"
#include "policy/plugin_registry.h"

#include <QtTest>

#include <algorithm>
#include <map>

using namespace orrery;

namespace {

constexpr std::int64_t kGiB = std::int64_t{1} << 30;

model::Cluster gpuPool(int devices, std::int64_t memoryGi = 16)
{
    model::NodePoolSpec pool;
    pool.name = "gpu";
    pool.count = devices;
    pool.millicores = 8000;
    pool.memoryBytes = memoryGi * kGiB;
    pool.devices = {{model::DeviceKind::Gpu, "V100", 1}};
    return model::Cluster(model::ClusterSpec{{pool}});
}

policy::PendingUnit replica(const std::string& model, std::int64_t memoryGi, double requestRate, double latencySeconds)
{
    policy::PendingUnit unit;
    unit.service = model;
    unit.request.memoryBytes = memoryGi * kGiB;
    unit.features = {{"sensitivityPerMhz", 1e-3}, {"latencySeconds", latencySeconds}, {"requestRate", requestRate}};
    return unit;
}

//! "m<i>" (built by appending: GCC 12 warns falsely (-Wrestrict) on "m" + std::to_string(i)).
std::string modelName(int i)
{
    std::string name = "m";
    name += std::to_string(i);
    return name;
}

} // namespace

//! alpaserve-placement: least expected load among devices with memory for the replica.
class TestAlpaservePlacement : public QObject {
    Q_OBJECT

private:
    policy::PluginRegistry m_registry;

    policy::PlacementPolicyPtr create()
    {
        model::PolicyChoice choice;
        choice.plugin = "alpaserve-placement";
        policy::PolicyContext context;
        return m_registry.createPlacement(choice, context);
    }

    static int placeOn(policy::PlacementPolicy& policy, const policy::PendingUnit& unit, const policy::ClusterView& view)
    {
        const auto decision = policy.place(unit, view);
        return decision.deferred ? -1 : static_cast<int>(decision.node);
    }

private slots:
    void initTestCase() { m_registry.registerStatic(orrery_alpaserve_placement_descriptor()); }

    void greedyLeastLoad_data()
    {
        QTest::addColumn<int>("devices");
        QTest::addColumn<QList<double>>("loads"); // requestRate × latencySeconds per replica, in arrival order
        QTest::addColumn<QList<int>>("expected");
        QTest::newRow("alternates") << 2 << QList<double>{0.5, 0.4, 0.3, 0.2} << QList<int>{0, 1, 1, 0};
        QTest::newRow("fillsEmptyFirst") << 3 << QList<double>{0.1, 0.1, 0.1, 0.1} << QList<int>{0, 1, 2, 0};
        QTest::newRow("heavyStaysAlone") << 2 << QList<double>{0.9, 0.1, 0.1, 0.1} << QList<int>{0, 1, 1, 1};
    }

    void greedyLeastLoad()
    {
        QFETCH(int, devices);
        QFETCH(QList<double>, loads);
        QFETCH(QList<int>, expected);
        const model::Cluster cluster = gpuPool(devices);
        const policy::ClusterView view(cluster);
        auto policy = create();
        for (qsizetype i = 0; i < loads.size(); ++i)
            QCOMPARE(placeOn(*policy, replica(modelName(i), 1, loads[i] * 2, 0.5), view), expected[i]);
    }

    void balancesExpectedLoad()
    {
        const model::Cluster cluster = gpuPool(4, 64);
        const policy::ClusterView view(cluster);
        auto policy = create();
        std::map<int, double> load;
        double largest = 0;
        for (int i = 0; i < 40; ++i) {
            const double rate = 0.2 + 0.1 * (i % 7);
            const double latency = 0.05 + 0.3 * (i % 3);
            const int node = placeOn(*policy, replica(modelName(i), 1, rate, latency), view);
            QVERIFY(node >= 0);
            load[node] += rate * latency;
            largest = std::max(largest, rate * latency);
        }
        QCOMPARE(load.size(), std::size_t{4});
        const auto [lo, hi] = std::minmax_element(load.begin(), load.end(),
                                                  [](const auto& a, const auto& b) { return a.second < b.second; });
        // Greedy list scheduling keeps the spread within the largest single load.
        QVERIFY2(hi->second - lo->second <= largest + 1e-12,
                 qPrintable(QString("spread %1 > %2").arg(hi->second - lo->second).arg(largest)));
    }

    void memoryDecides()
    {
        const model::Cluster cluster = gpuPool(2);
        const policy::ClusterView view(cluster);
        auto policy = create();
        QCOMPARE(placeOn(*policy, replica("big", 12, 0.1, 0.1), view), 0);
        QCOMPARE(placeOn(*policy, replica("busy", 6, 10, 1), view), 1);
        // Device 0 is the less loaded but has 4 GiB left: a 6 GiB model must go to device 1.
        QCOMPARE(placeOn(*policy, replica("mid", 6, 0.1, 0.1), view), 1);
        QCOMPARE(placeOn(*policy, replica("huge", 6, 0.1, 0.1), view), -1);
    }

    void replicasOfOneModelSpread()
    {
        const model::Cluster cluster = gpuPool(3);
        const policy::ClusterView view(cluster);
        auto policy = create();
        QCOMPARE(placeOn(*policy, replica("hot", 1, 10, 1), view), 0);
        QCOMPARE(placeOn(*policy, replica("cold", 1, 0.1, 0.1), view), 1);
        // A second "hot" replica never joins the first: least load among the other devices.
        QCOMPARE(placeOn(*policy, replica("hot", 1, 10, 1), view), 2);
        QCOMPARE(placeOn(*policy, replica("hot", 1, 10, 1), view), 1);
        QCOMPARE(placeOn(*policy, replica("hot", 1, 10, 1), view), -1);
    }
};

QTEST_GUILESS_MAIN(TestAlpaservePlacement)
#include "tst_alpaserve_placement.moc"
