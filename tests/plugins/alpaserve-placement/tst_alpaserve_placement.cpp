#include "orrery_plugin_alpaserve_placement.h"
#include "partition_search.h"
#include "placement_simulator.h"
#include "policy/plugin_registry.h"
#include "sim/rng_stream.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

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

//! A served model as the host offers it: stages 1..maxStages, each stage holding weights ÷ S and
//! taking latency ÷ S, plus `handoff` per crossing.
policy::ServedModelDemand demand(const std::string& name, double rate, double cv, std::int64_t weights, double latency, double sloScale,
                                 std::uint32_t maxStages, double handoff = 1e-4)
{
    policy::ServedModelDemand d;
    d.model = name;
    d.requestRate = rate;
    d.arrivalCv = cv;
    d.sloSeconds = sloScale * latency;
    for (std::uint32_t s = 1; s <= maxStages; ++s)
        d.options.push_back({s, weights / s, latency / s, latency + (s - 1) * handoff});
    return d;
}

policy::ServingPlanRequest planRequest(std::vector<policy::ServedModelDemand> models, int devices, std::int64_t memoryGi)
{
    policy::ServingPlanRequest request;
    request.models = std::move(models);
    for (int d = 0; d < devices; ++d)
        request.devices.push_back({static_cast<std::uint32_t>(d), memoryGi * kGiB});
    return request;
}

} // namespace

//! alpaserve-placement: AlpaServe's partition search (planServing), then least expected load
//! among devices with memory for the replica.
class TestAlpaservePlacement : public QObject {
    Q_OBJECT

private:
    policy::PluginRegistry m_registry;

    policy::PlacementPolicyPtr create(const std::string& partitions = "search")
    {
        model::PolicyChoice choice;
        choice.plugin = "alpaserve-placement";
        choice.params = {{"partitions", partitions, {}}, {"searchRequests", "3000", {}}, {"searchSeconds", "20", {}}};
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

    //! A model larger than one device can only be served split (AlpaServe §3: model parallelism
    //! serves what one device cannot hold).
    void searchSplitsAModelTooLargeForOneDevice()
    {
        const model::Cluster cluster = gpuPool(2);
        auto policy = create();
        const auto request = planRequest({demand("big", 2, 1, 24 * kGiB, 0.1, 5, 2)}, 2, 16);
        const auto plan = policy->planServing(request, policy::ClusterView(cluster));
        QVERIFY(plan.has_value());
        QCOMPARE(plan->models.size(), std::size_t{1});
        QCOMPARE(plan->models[0].stages, 2u);
        QCOMPARE(plan->models[0].replicas, 1);
    }

    //! AlpaServe's central case (§3.1, Fig. 2): two models, two devices with memory for one whole
    //! model each, bursty arrivals. Replication must pin each model to one device; a 2-stage
    //! pipeline of both over both devices lets a burst of either use both.
    void searchPipelinesBurstyModelsWhenMemoryForbidsReplication()
    {
        const auto request = planRequest({demand("a", 4, 4, 10 * kGiB, 0.1, 3, 2), demand("b", 4, 4, 10 * kGiB, 0.1, 3, 2)}, 2, 16);
        sim::RngStream rng(7, "test");
        const auto workload = plugins::sampleWorkload(request, 20, 5000, false, rng);
        const auto result = plugins::searchPartitions(request, workload, {});
        QCOMPARE(result.placement.stages, 2u);
        QCOMPARE(result.groupsOf[0], std::vector<std::uint32_t>{0});
        QCOMPARE(result.groupsOf[1], std::vector<std::uint32_t>{0});
        // The replicated alternative scores lower on the same workload.
        const plugins::GroupPlacement replicated{1, {{0}, {1}}};
        const double alternative = plugins::simulatePlacement(replicated, request, workload).goodput;
        QVERIFY2(result.score.goodput > alternative + 0.02, qPrintable(QString("%1 vs %2").arg(result.score.goodput).arg(alternative)));
    }

    //! With memory for every model on every device, whole replicas everywhere beat a pipeline
    //! (the same statistical multiplexing without the hand-offs).
    void searchReplicatesWhenMemoryAllows()
    {
        const model::Cluster cluster = gpuPool(2, 32);
        auto policy = create();
        const auto request = planRequest({demand("a", 4, 2, 10 * kGiB, 0.1, 3, 2, 0.01), demand("b", 4, 2, 10 * kGiB, 0.1, 3, 2, 0.01)}, 2, 32);
        const auto plan = policy->planServing(request, policy::ClusterView(cluster));
        QVERIFY(plan.has_value());
        for (const auto& partition : plan->models) {
            QCOMPARE(partition.stages, 1u);
            QCOMPARE(partition.replicas, 2);
        }
    }

    //! Every planned unit lands where the plan put it; the same request gives the same plan.
    void placeFollowsThePlan()
    {
        const model::Cluster cluster = gpuPool(4);
        const policy::ClusterView view(cluster);
        const auto request = planRequest({demand("a", 6, 4, 10 * kGiB, 0.1, 3, 4), demand("b", 6, 4, 10 * kGiB, 0.1, 3, 4),
                                          demand("c", 1, 1, 4 * kGiB, 0.05, 3, 4)},
                                         4, 16);
        auto policy = create();
        const auto plan = policy->planServing(request, view);
        QVERIFY(plan.has_value());
        auto again = create();
        const auto second = again->planServing(request, view);
        std::map<int, std::int64_t> memory; // bytes per node
        for (std::size_t m = 0; m < plan->models.size(); ++m) {
            QCOMPARE(plan->models[m].stages, second->models[m].stages);
            QCOMPARE(plan->models[m].replicas, second->models[m].replicas);
            QVERIFY(plan->models[m].replicas >= 1);
            const std::uint32_t stages = plan->models[m].stages;
            std::set<int> nodes;
            for (int r = 0; r < plan->models[m].replicas; ++r) {
                for (std::uint32_t k = 0; k < stages; ++k) {
                    policy::PendingUnit unit = replica(request.models[m].model, 0, 1, 0.1);
                    unit.request.memoryBytes = request.models[m].options[stages - 1].stageMemoryBytes;
                    unit.features["replicaIndex"] = r;
                    unit.features["stage"] = k;
                    unit.features["stages"] = stages;
                    const int node = placeOn(*policy, unit, view);
                    QVERIFY(node >= 0);
                    QVERIFY2(nodes.insert(node).second, "two units of one model on one device");
                    memory[node] += unit.request.memoryBytes;
                }
            }
        }
        for (const auto& [node, bytes] : memory)
            QVERIFY2(bytes <= 16 * kGiB, qPrintable(QString("node %1 holds %2 bytes").arg(node).arg(bytes)));
    }

    void declaredPartitionsAreKept()
    {
        const model::Cluster cluster = gpuPool(2);
        auto policy = create("declared");
        const auto request = planRequest({demand("big", 2, 1, 24 * kGiB, 0.1, 5, 2)}, 2, 16);
        QVERIFY(!policy->planServing(request, policy::ClusterView(cluster)).has_value());
    }

    //! The search's workload has the rate and burstiness it was asked for.
    void sampledWorkloadHasRateAndCv_data()
    {
        QTest::addColumn<double>("cv");
        QTest::newRow("poisson") << 1.0;
        QTest::newRow("smooth") << 0.5;
        QTest::newRow("bursty") << 3.0;
    }

    void sampledWorkloadHasRateAndCv()
    {
        QFETCH(double, cv);
        const auto request = planRequest({demand("a", 50, cv, kGiB, 0.01, 3, 1)}, 1, 16);
        sim::RngStream rng(11, "test");
        const auto workload = plugins::sampleWorkload(request, 100, 100000, false, rng); // 2,000 s at 50/s
        QVERIFY(workload.size() > 90000);
        double sum = 0, squares = 0;
        for (std::size_t i = 1; i < workload.size(); ++i) {
            const double gap = workload[i].arrivalSeconds - workload[i - 1].arrivalSeconds;
            sum += gap;
            squares += gap * gap;
        }
        const auto n = static_cast<double>(workload.size() - 1);
        const double mean = sum / n, measuredCv = std::sqrt(squares / n - mean * mean) / mean;
        QVERIFY2(std::abs(1 / mean - 50) < 2, qPrintable(QString::number(1 / mean)));
        QVERIFY2(std::abs(measuredCv - cv) < 0.08 * cv, qPrintable(QString::number(measuredCv)));
    }

    //! searchWorkload: recorded replays what the host recorded, repeating it as a trace repeats
    //! (one pass = its last arrival + a mean gap); models without a record keep the Gamma process.
    void recordedArrivalsAreReplayedRepeating()
    {
        auto request = planRequest({demand("a", 1, 1, kGiB, 0.01, 3, 1), demand("b", 1, 1, kGiB, 0.01, 3, 1)}, 1, 16);
        request.models[0].recordedArrivalSeconds = {0.0, 0.5, 2.0};
        sim::RngStream rng(3, "test");
        const auto workload = plugins::sampleWorkload(request, 10, 1, true, rng);
        std::vector<double> a;
        std::size_t b = 0;
        for (const auto& r : workload)
            r.model == 0 ? a.push_back(r.arrivalSeconds) : void(++b);
        QCOMPARE(a, (std::vector<double>{0, 0.5, 2, 3, 3.5, 5, 6, 6.5, 8, 9, 9.5}));
        QVERIFY(b > 0); // Gamma at 1/s for 10 s
        QVERIFY(std::is_sorted(workload.begin(), workload.end(),
                               [](const auto& x, const auto& y) { return x.arrivalSeconds < y.arrivalSeconds; }));
        sim::RngStream again(3, "test");
        const auto gamma = plugins::sampleWorkload(request, 10, 1, false, again);
        QVERIFY(std::none_of(gamma.begin(), gamma.end(), [](const auto& r) { return r.model == 0 && r.arrivalSeconds == 0.5; }));
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
