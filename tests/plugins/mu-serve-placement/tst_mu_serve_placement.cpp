#include "mu_serve_placement_policy.h"
#include "sensitivity_clusters.h"

#include "orrery_plugin_mu_serve_placement.h"
#include "policy/plugin_registry.h"

#include <QtTest>

#include <set>

using namespace orrery;
using plugins::SensitivityClusters;

namespace {

constexpr std::int64_t kGiB = std::int64_t{1} << 30;

//! `devices` one-GPU nodes of 16 GiB (the model-serving kind's device pool: node memory = GPU memory).
model::Cluster gpuPool(int devices)
{
    model::NodePoolSpec pool;
    pool.name = "gpu";
    pool.count = devices;
    pool.millicores = 8000;
    pool.memoryBytes = 16 * kGiB;
    pool.devices = {{model::DeviceKind::Gpu, "V100", 1}};
    return model::Cluster(model::ClusterSpec{{pool}});
}

//! One replica of `model` with weights `memoryGi`, sensitivity and an expected load of `load`.
policy::PendingUnit replica(const std::string& model, double memoryGi, double sensitivityPerMhz, double load = 0.05)
{
    policy::PendingUnit unit;
    unit.service = model;
    unit.workload = "serving";
    unit.request.memoryBytes = static_cast<std::int64_t>(memoryGi * static_cast<double>(kGiB));
    unit.features = {{"sensitivityPerMhz", sensitivityPerMhz}, {"latencySeconds", 0.5},
                     {"requestRate", load / 0.5}, {"autoregressive", 0}, {"replicaIndex", 0}};
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

//! mu-serve-placement: seed 001 Alg. 6.1 (clustering by sensitivity) and Alg. 6.2 (placement).
class TestMuServePlacement : public QObject {
    Q_OBJECT

private:
    policy::PluginRegistry m_registry;

    policy::PlacementPolicyPtr create(std::vector<model::PolicyParam> params = {})
    {
        model::PolicyChoice choice;
        choice.plugin = "mu-serve-placement";
        choice.params = std::move(params);
        policy::PolicyContext context;
        return m_registry.createPlacement(choice, context);
    }

    static int placeOn(policy::PlacementPolicy& policy, const policy::PendingUnit& unit, const policy::ClusterView& view)
    {
        const auto decision = policy.place(unit, view);
        return decision.deferred ? -1 : static_cast<int>(decision.node);
    }

private slots:
    void initTestCase() { m_registry.registerStatic(orrery_mu_serve_placement_descriptor()); }

    void clusterSorted_data()
    {
        QTest::addColumn<QList<double>>("scores");
        QTest::addColumn<double>("threshold");
        QTest::addColumn<QList<int>>("expected");
        QTest::newRow("twoWellSeparated") << QList<double>{1.0, 0.5, 1.05, 0.52, 0.98} << 0.15
                                          << QList<int>{1, 0, 1, 0, 1};
        QTest::newRow("allAlike") << QList<double>{0.7, 0.72, 0.69} << 0.15 << QList<int>{0, 0, 0};
        QTest::newRow("zeroThresholdSplitsDistinct") << QList<double>{0.3, 0.3, 0.4} << 0.0 << QList<int>{0, 0, 1};
        // Running average (Alg. 6.1 L9): 0.80, 0.88 → avg 0.84; 0.96 is 12.5 % above → joins;
        // 1.10 is 22 % above the new average 0.88 → a new cluster.
        QTest::newRow("runningAverage") << QList<double>{0.8, 0.88, 0.96, 1.1} << 0.15 << QList<int>{0, 0, 0, 1};
        QTest::newRow("zerosTogether") << QList<double>{0.0, 0.0, 0.5} << 0.15 << QList<int>{0, 0, 1};
    }

    void clusterSorted()
    {
        QFETCH(QList<double>, scores);
        QFETCH(double, threshold);
        QFETCH(QList<int>, expected);
        const std::vector<double> input(scores.begin(), scores.end());
        const auto clusters = SensitivityClusters::clusterSorted(input, threshold);
        QCOMPARE(QList<int>(clusters.begin(), clusters.end()), expected);
    }

    void onlineClustersMatchTheSortedOnesForSeparatedScores()
    {
        SensitivityClusters online(0.15);
        const std::vector<double> scores{1.0e-3, 0.5e-3, 1.05e-3, 0.52e-3, 0.98e-3, 0.2e-3};
        std::vector<int> groups;
        for (const double s : scores)
            groups.push_back(online.assign(s));
        QCOMPARE(online.count(), std::size_t{3});
        QCOMPARE(groups, (std::vector<int>{0, 1, 0, 1, 0, 2}));
        QVERIFY(std::abs(online.mean(0) - 1.01e-3) < 1e-12);
    }

    void similarSensitivitiesShareDevices()
    {
        const model::Cluster cluster = gpuPool(4);
        const policy::ClusterView view(cluster);
        auto policy = create();
        // Alternating arrival: sensitive (≈1e-3/MHz) and insensitive (≈0.5e-3/MHz) models.
        const std::vector<std::pair<std::string, double>> models{
            {"opt", 1.0e-3}, {"resnet", 0.5e-3}, {"gpt2", 1.02e-3}, {"bert", 0.49e-3}, {"bloom", 0.98e-3},
            {"roberta", 0.51e-3}};
        std::map<int, std::set<bool>> kindsOnDevice;
        for (const auto& [name, s] : models) {
            const int node = placeOn(*policy, replica(name, 2, s), view);
            QVERIFY(node >= 0);
            kindsOnDevice[node].insert(s > 0.75e-3);
        }
        QCOMPARE(kindsOnDevice.size(), std::size_t{2}); // two groups, two devices, two idle
        for (const auto& [node, kinds] : kindsOnDevice)
            QVERIFY2(kinds.size() == 1, qPrintable(QString("device %1 mixes groups").arg(node)));
    }

    void memoryIsRespected()
    {
        const model::Cluster cluster = gpuPool(2);
        const policy::ClusterView view(cluster);
        auto policy = create();
        std::map<int, double> usedGi;
        int deferred = 0;
        for (int i = 0; i < 6; ++i) {
            const int node = placeOn(*policy, replica(modelName(i), 6, 1e-3), view);
            if (node < 0) {
                ++deferred;
                continue;
            }
            usedGi[node] += 6;
        }
        QCOMPARE(deferred, 2); // 2 × 16 GiB hold four 6 GiB models
        for (const auto& [node, used] : usedGi)
            QVERIFY(used <= 16);
    }

    void oneReplicaOfAModelPerDevice()
    {
        const model::Cluster cluster = gpuPool(2);
        const policy::ClusterView view(cluster);
        auto policy = create();
        const int a = placeOn(*policy, replica("opt", 2, 1e-3), view);
        const int b = placeOn(*policy, replica("opt", 2, 1e-3), view);
        QVERIFY(a >= 0 && b >= 0 && a != b);
        QCOMPARE(placeOn(*policy, replica("opt", 2, 1e-3), view), -1);
    }

    void ctLimitsTheDevicesOfOneModel()
    {
        const model::Cluster cluster = gpuPool(4);
        const policy::ClusterView view(cluster);
        auto policy = create({{"ct", "2", {}}});
        QVERIFY(placeOn(*policy, replica("opt", 2, 1e-3), view) >= 0);
        QVERIFY(placeOn(*policy, replica("opt", 2, 1e-3), view) >= 0);
        QCOMPARE(placeOn(*policy, replica("opt", 2, 1e-3), view), -1); // a third device would exceed CT
        QVERIFY(placeOn(*policy, replica("bert", 2, 1e-3), view) >= 0); // other models are unaffected
    }

    void maxUnitsPerDevice()
    {
        const model::Cluster cluster = gpuPool(3);
        const policy::ClusterView view(cluster);
        auto policy = create({{"maxUnitsPerDevice", "1", {}}});
        std::set<int> nodes;
        for (int i = 0; i < 3; ++i)
            nodes.insert(placeOn(*policy, replica(modelName(i), 1, 1e-3), view));
        QCOMPARE(nodes, (std::set<int>{0, 1, 2}));
        QCOMPARE(placeOn(*policy, replica("m3", 1, 1e-3), view), -1);
    }

    void loadCapOpensAnotherDevice()
    {
        const model::Cluster cluster = gpuPool(3);
        const policy::ClusterView view(cluster);
        auto policy = create({{"loadCap", "0.5", {}}});
        // Same group, 0.3 load each: two would make 0.6 > 0.5, so each opens a device...
        QCOMPARE(placeOn(*policy, replica("a", 1, 1e-3, 0.3), view), 0);
        QCOMPARE(placeOn(*policy, replica("b", 1, 1e-3, 0.3), view), 1);
        // ...while a light one (0.1) joins its group's first device.
        QCOMPARE(placeOn(*policy, replica("c", 1, 1e-3, 0.1), view), 0);
        QCOMPARE(placeOn(*policy, replica("d", 1, 1e-3, 0.3), view), 2);
        // Everything is over the cap now: the least loaded device takes the next one.
        QCOMPARE(placeOn(*policy, replica("e", 1, 1e-3, 0.3), view), 1);
    }

    void mixesByFittingScoreWhenGroupsOutnumberDevices()
    {
        const model::Cluster cluster = gpuPool(2);
        const policy::ClusterView view(cluster);
        auto policy = create();
        QCOMPARE(placeOn(*policy, replica("low", 1, 0.3e-3), view), 0);
        QCOMPARE(placeOn(*policy, replica("high", 1, 1.2e-3), view), 1);
        // A third group (0.95e-3) goes where the residents' sensitivity is nearest (Alg. 6.2).
        QCOMPARE(placeOn(*policy, replica("mid", 1, 0.95e-3), view), 1);
        auto* concrete = dynamic_cast<plugins::MuServePlacementPolicy*>(policy.get());
        QVERIFY(concrete != nullptr);
        QCOMPARE(concrete->clusters().count(), std::size_t{3});
        QCOMPARE(concrete->groupsOn(1).size(), std::size_t{2});
    }
};

QTEST_GUILESS_MAIN(TestMuServePlacement)
#include "tst_mu_serve_placement.moc"
