#include "first_fit_policy.h"

#include "orrery_plugin_first_fit.h"
#include "policy/plugin_registry.h"

#include "plugin_test_cluster.h"

#include <QtTest>

using namespace orrery;
using plugins::FirstFitPolicy;
using policy::ClusterView;
using policy::PendingUnit;

namespace {

using testing::heterogeneousCluster;
using testing::unitOf;
constexpr std::int64_t kGi = testing::kGiB;

} // namespace

//! First-Fit (seed 000 §II-A): the first node in index order that fits, else defer.
class TestFirstFit : public QObject {
    Q_OBJECT

private slots:
    void choosesTheFirstFittingNode_data()
    {
        QTest::addColumn<qint64>("millicores");
        QTest::addColumn<qint64>("memoryGi");
        QTest::addColumn<int>("gpus");
        QTest::addColumn<QString>("deviceModel");
        QTest::addColumn<QList<int>>("fullNodes");
        QTest::addColumn<int>("expected"); // -1: deferred

        QTest::newRow("emptyClusterTakesNode0") << 1000LL << 1LL << 0 << "" << QList<int>{} << 0;
        QTest::newRow("skipsFullNodes") << 1000LL << 1LL << 0 << "" << QList<int>{0, 1} << 2;
        QTest::newRow("cpuTooBigForCpuPool") << 6000LL << 1LL << 0 << "" << QList<int>{} << 3;
        QTest::newRow("memoryDecides") << 1000LL << 40LL << 0 << "" << QList<int>{} << 3;
        QTest::newRow("anyGpu") << 1000LL << 1LL << 1 << "" << QList<int>{} << 3;
        QTest::newRow("deviceModelT4") << 1000LL << 1LL << 1 << "T4" << QList<int>{} << 5;
        QTest::newRow("deviceModelWithoutDeviceCount") << 500LL << 1LL << 0 << "V100" << QList<int>{} << 3;
        QTest::newRow("deviceModelSkipsFull") << 1000LL << 1LL << 1 << "V100" << QList<int>{3} << 4;
        QTest::newRow("twoGpusOnlyOnV100") << 1000LL << 1LL << 2 << "" << QList<int>{3, 4} << -1;
        QTest::newRow("unknownDeviceModel") << 100LL << 1LL << 0 << "A100" << QList<int>{} << -1;
        QTest::newRow("largerThanAnyNode") << 100000LL << 1LL << 0 << "" << QList<int>{} << -1;
        QTest::newRow("allFull") << 1LL << 0LL << 0 << "" << QList<int>{0, 1, 2, 3, 4, 5} << -1;
    }

    void choosesTheFirstFittingNode()
    {
        QFETCH(qint64, millicores);
        QFETCH(qint64, memoryGi);
        QFETCH(int, gpus);
        QFETCH(QString, deviceModel);
        QFETCH(QList<int>, fullNodes);
        QFETCH(int, expected);

        model::Cluster cluster = heterogeneousCluster();
        for (const int node : fullNodes)
            QVERIFY(cluster.allocate(static_cast<std::uint32_t>(node), cluster.node(static_cast<std::uint32_t>(node)).capacity));
        FirstFitPolicy policy{policy::PolicyContext{}};
        const auto decision = policy.place(unitOf(millicores, memoryGi, gpus, deviceModel.toStdString()), ClusterView(cluster));
        if (expected < 0) {
            QVERIFY(decision.deferred);
        } else {
            QVERIFY(!decision.deferred);
            QCOMPARE(decision.node, static_cast<std::uint32_t>(expected));
        }
    }

    void packsNodesInOrder()
    {
        // 2-core units fill node 0, then 1, ...: the packing behaviour First-Fit is known for.
        model::Cluster cluster = heterogeneousCluster();
        FirstFitPolicy policy{policy::PolicyContext{}};
        const PendingUnit unit = unitOf(2000, 1);
        std::vector<std::uint32_t> placed;
        for (;;) {
            const auto decision = policy.place(unit, ClusterView(cluster));
            if (decision.deferred)
                break;
            QVERIFY(cluster.allocate(decision.node, unit.request));
            placed.push_back(decision.node);
        }
        const std::vector<std::uint32_t> expected{0, 0, 1, 1, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5};
        QCOMPARE(placed, expected);
    }

    void defersOnAnEmptyCluster()
    {
        const model::Cluster cluster{model::ClusterSpec{}};
        FirstFitPolicy policy{policy::PolicyContext{}};
        QVERIFY(policy.place(unitOf(1, 0), ClusterView(cluster)).deferred);
    }

    void worksThroughTheRegistry()
    {
        policy::PluginRegistry registry;
        registry.registerStatic(orrery_first_fit_descriptor());
        model::PolicyChoice choice;
        choice.plugin = "first-fit";
        policy::PolicyContext context;
        auto placement = registry.createPlacement(choice, context);
        model::Cluster cluster = heterogeneousCluster();
        const auto decision = placement->place(unitOf(1000, 1, 1, "T4"), ClusterView(cluster));
        QVERIFY(!decision.deferred);
        QCOMPARE(decision.node, 5u);

        choice.params.push_back({"order", "reverse", {"s.yaml", 4, 9}});
        const auto diagnostics = registry.validate(choice, ORRERY_KIND_PLACEMENT);
        QCOMPARE(diagnostics.size(), std::size_t{1});
        QVERIFY(QString::fromStdString(diagnostics[0].message).contains("takes no parameters"));
    }
};

QTEST_GUILESS_MAIN(TestFirstFit)
#include "tst_first_fit.moc"
