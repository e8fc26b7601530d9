#include "kube_policy.h"

#include "node_score.h"
#include "orrery_plugin_kube.h"
#include "policy/plugin_registry.h"
#include "sim/rng_stream.h"

#include <QtTest>

#include <algorithm>
#include <stdexcept>
#include <vector>

using namespace orrery;
using plugins::KubePolicy;
using policy::ClusterView;
using policy::PendingUnit;
using policy::PlacementDecision;

namespace {

constexpr std::int64_t kMi = std::int64_t{1} << 20;
constexpr std::int64_t kGi = std::int64_t{1} << 30;
constexpr std::uint32_t kDeferred = UINT32_MAX;

//! {millicores, memory in MiB, GPUs}.
model::Resources resourcesOf(const QList<qint64>& triple)
{
    model::Resources out;
    out.millicores = triple.value(0);
    out.memoryBytes = triple.value(1) * kMi;
    out.deviceCount(model::DeviceKind::Gpu) = static_cast<std::int32_t>(triple.value(2));
    return out;
}

PendingUnit unitOf(std::int64_t millicores, std::int64_t memoryMi, int gpus = 0, std::string deviceModel = {})
{
    PendingUnit unit;
    unit.request.millicores = millicores;
    unit.request.memoryBytes = memoryMi * kMi;
    unit.request.deviceCount(model::DeviceKind::Gpu) = gpus;
    unit.deviceModel = std::move(deviceModel);
    return unit;
}

model::NodePoolSpec poolOf(const char* name, int count, std::int64_t millicores, std::int64_t memoryMi)
{
    model::NodePoolSpec pool;
    pool.name = name;
    pool.count = count;
    pool.millicores = millicores;
    pool.memoryBytes = memoryMi * kMi;
    return pool;
}

//! `count` identical CPU-only nodes.
model::Cluster uniformCluster(int count, std::int64_t millicores, std::int64_t memoryMi)
{
    return model::Cluster(model::ClusterSpec{{poolOf("n", count, millicores, memoryMi)}});
}

//! Nodes 0–2: CPU only (4 cores, 16Gi). Nodes 3–4: 8 cores, 64Gi, 2×V100. Node 5: 8 cores, 32Gi, 1×T4.
model::Cluster heterogeneousCluster()
{
    model::NodePoolSpec v100 = poolOf("v100", 2, 8000, 64 * 1024);
    v100.devices = {{model::DeviceKind::Gpu, "V100", 2}};
    model::NodePoolSpec t4 = poolOf("t4", 1, 8000, 32 * 1024);
    t4.devices = {{model::DeviceKind::Gpu, "T4", 1}};
    return model::Cluster(model::ClusterSpec{{poolOf("cpu", 3, 4000, 16 * 1024), v100, t4}});
}

void allocate(model::Cluster& cluster, std::uint32_t node, std::int64_t millicores, std::int64_t memoryMi)
{
    model::Resources request;
    request.millicores = millicores;
    request.memoryBytes = memoryMi * kMi;
    QVERIFY(cluster.allocate(node, request));
}

policy::PolicyContext contextWith(sim::RngStream* rng, std::vector<std::pair<const char*, const char*>> params = {})
{
    policy::PolicyContext context;
    context.rng = rng;
    for (const auto& [name, value] : params)
        context.params.set(name, value);
    return context;
}

std::uint32_t nodeOf(const PlacementDecision& decision)
{
    return decision.deferred ? kDeferred : decision.node;
}

//! 1000 nodes of 4 cores and 16000Mi; node i holds k·20m and k·80Mi with k = 99 − i mod 100, so
//! the last node of every aligned block of 100 is the emptiest. For a unit of 1000m and 4000Mi:
//!   LeastAllocated: cpu (4000 − 1000 − 20k)·100/4000 = ⌊75 − k/2⌋, memory (16000 − 4000 − 80k)·100/16000
//!   = ⌊75 − k/2⌋, mean ⌊75 − k/2⌋ — 75 for k = 0, at most 74 otherwise;
//!   BalancedAllocation: both fractions are (1000 + 20k)/4000 exactly, std 0 → 100.
//! So node i scores 175 when i mod 100 = 99 and at most 174 otherwise: later nodes score higher.
model::Cluster gradientCluster()
{
    model::Cluster cluster = uniformCluster(1000, 4000, 16000);
    for (std::uint32_t node = 0; node < 1000; ++node) {
        const std::int64_t k = 99 - node % 100;
        if (k > 0)
            allocate(cluster, node, 20 * k, 80 * k);
    }
    return cluster;
}

} // namespace

//! The kube plugin: kube-scheduler's filter, percentageOfNodesToScore, LeastAllocated and
//! BalancedAllocation scores, reservoir-sampled ties (seed 000 §II-A).
class TestKube : public QObject {
    Q_OBJECT

private slots:
    // ---- scores, hand-computed (memory in MiB; capacity/allocated/request = {millicores, MiB, GPUs}) ----

    void leastAllocatedScore_data()
    {
        QTest::addColumn<QList<qint64>>("capacity");
        QTest::addColumn<QList<qint64>>("allocated");
        QTest::addColumn<QList<qint64>>("request");
        QTest::addColumn<qint64>("deviceWeight");
        QTest::addColumn<qint64>("expected");

        // cpu (4000−1000)·100/4000 = 75; mem (16384−2048)·100/16384 = 87.5 → 87; (75+87)/2 = 81
        QTest::newRow("emptyNode") << QList<qint64>{4000, 16384, 0} << QList<qint64>{0, 0, 0}
                                   << QList<qint64>{1000, 2048, 0} << 0LL << 81LL;
        // cpu (8000−5000)·100/8000 = 37.5 → 37; mem (65536−24576)·100/65536 = 62.5 → 62; 99/2 → 49
        QTest::newRow("halfFull") << QList<qint64>{8000, 65536, 0} << QList<qint64>{4000, 16384, 0}
                                  << QList<qint64>{1000, 8192, 0} << 0LL << 49LL;
        // cpu (4000−4000)·100/4000 = 0; mem (16384−16384)·100/16384 = 0
        QTest::newRow("fillsTheNode") << QList<qint64>{4000, 16384, 0} << QList<qint64>{3000, 8192, 0}
                                      << QList<qint64>{1000, 8192, 0} << 0LL << 0LL;
        // cpu 2999·100/3000 = 99.97 → 99; mem 100; 199/2 → 99 (each term rounds down, then the mean)
        QTest::newRow("roundsDown") << QList<qint64>{3000, 10240, 0} << QList<qint64>{0, 0, 0}
                                    << QList<qint64>{1, 0, 0} << 0LL << 99LL;
        // GPUs not scored by default: cpu 6000·100/8000 = 75; mem 49152·100/65536 = 75 → 75
        QTest::newRow("gpuNotScoredByDefault") << QList<qint64>{8000, 65536, 2} << QList<qint64>{0, 0, 1}
                                               << QList<qint64>{2000, 16384, 1} << 0LL << 75LL;
        // gpu (2−2)·100/2 = 0 with weight 2: (75·1 + 75·1 + 0·2)/(1+1+2) = 150/4 = 37.5 → 37
        QTest::newRow("gpuWeighted") << QList<qint64>{8000, 65536, 2} << QList<qint64>{0, 0, 1}
                                     << QList<qint64>{2000, 16384, 1} << 2LL << 37LL;
        // gpu (4−2)·100/4 = 50: (75 + 75 + 50·2)/4 = 250/4 = 62.5 → 62
        QTest::newRow("gpuWeightedHalfUsed") << QList<qint64>{8000, 65536, 4} << QList<qint64>{0, 0, 1}
                                             << QList<qint64>{2000, 16384, 1} << 2LL << 62LL;
        // a node without GPUs drops the GPU term and its weight: as emptyNode, 81
        QTest::newRow("deviceWeightOnCpuOnlyNode") << QList<qint64>{4000, 16384, 0} << QList<qint64>{0, 0, 0}
                                                   << QList<qint64>{1000, 2048, 0} << 2LL << 81LL;
    }

    void leastAllocatedScore()
    {
        QFETCH(QList<qint64>, capacity);
        QFETCH(QList<qint64>, allocated);
        QFETCH(QList<qint64>, request);
        QFETCH(qint64, deviceWeight);
        QFETCH(qint64, expected);
        model::Resources requested = resourcesOf(allocated);
        requested += resourcesOf(request);
        QCOMPARE(plugins::kube::leastAllocatedScore(requested, resourcesOf(capacity), deviceWeight), expected);
    }

    void balancedAllocationScore_data()
    {
        QTest::addColumn<QList<qint64>>("capacity");
        QTest::addColumn<QList<qint64>>("allocated");
        QTest::addColumn<QList<qint64>>("request");
        QTest::addColumn<bool>("withDevices");
        QTest::addColumn<qint64>("expected");

        // f = 1000/4000 = 0.25, 2048/16384 = 0.125; std = |0.25−0.125|/2 = 0.0625; (1−0.0625)·100 = 93.75 → 93
        QTest::newRow("emptyNode") << QList<qint64>{4000, 16384, 0} << QList<qint64>{0, 0, 0}
                                   << QList<qint64>{1000, 2048, 0} << false << 93LL;
        // f = 5000/8000 = 0.625, 24576/65536 = 0.375; std = 0.125; 87.5 → 87
        QTest::newRow("halfFull") << QList<qint64>{8000, 65536, 0} << QList<qint64>{4000, 16384, 0}
                                  << QList<qint64>{1000, 8192, 0} << false << 87LL;
        // f = 0.5, 0.5; std 0 → 100
        QTest::newRow("balanced") << QList<qint64>{4000, 16384, 0} << QList<qint64>{0, 0, 0}
                                  << QList<qint64>{2000, 8192, 0} << false << 100LL;
        // f = 1, 0; std 0.5 → 50
        QTest::newRow("onlyCpuUsed") << QList<qint64>{4000, 16384, 0} << QList<qint64>{3000, 0, 0}
                                     << QList<qint64>{1000, 0, 0} << false << 50LL;
        // GPUs left out: f = 2000/8000 = 0.25, 16384/65536 = 0.25 → 100
        QTest::newRow("gpuLeftOut") << QList<qint64>{8000, 65536, 2} << QList<qint64>{0, 0, 1}
                                    << QList<qint64>{2000, 16384, 1} << false << 100LL;
        // GPUs in: f = 0.25, 0.25, 2/2 = 1; mean 0.5; Σ(f−mean)² = 0.0625+0.0625+0.25 = 0.375;
        // std = √(0.375/3) = √0.125 = 0.35355; (1−0.35355)·100 = 64.64 → 64
        QTest::newRow("gpuAsThirdFraction") << QList<qint64>{8000, 65536, 2} << QList<qint64>{0, 0, 1}
                                            << QList<qint64>{2000, 16384, 1} << true << 64LL;
        // a node without GPUs keeps two fractions: as emptyNode, 93
        QTest::newRow("cpuOnlyNodeWithDevices") << QList<qint64>{4000, 16384, 0} << QList<qint64>{0, 0, 0}
                                                << QList<qint64>{1000, 2048, 0} << true << 93LL;
    }

    void balancedAllocationScore()
    {
        QFETCH(QList<qint64>, capacity);
        QFETCH(QList<qint64>, allocated);
        QFETCH(QList<qint64>, request);
        QFETCH(bool, withDevices);
        QFETCH(qint64, expected);
        model::Resources requested = resourcesOf(allocated);
        requested += resourcesOf(request);
        QCOMPARE(plugins::kube::balancedAllocationScore(requested, resourcesOf(capacity), withDevices), expected);
    }

    void combinedScore_data()
    {
        QTest::addColumn<QList<qint64>>("allocated"); // on a 4000m / 16384Mi node
        QTest::addColumn<QList<qint64>>("request");
        QTest::addColumn<qint64>("leastAllocatedWeight");
        QTest::addColumn<qint64>("balancedAllocationWeight");
        QTest::addColumn<qint64>("expected");

        // LeastAllocated 81, BalancedAllocation 93 (emptyNode rows above)
        QTest::newRow("defaults") << QList<qint64>{0, 0, 0} << QList<qint64>{1000, 2048, 0} << 1LL << 1LL << 174LL;
        QTest::newRow("leastAllocatedOnly") << QList<qint64>{0, 0, 0} << QList<qint64>{1000, 2048, 0} << 1LL << 0LL << 81LL;
        QTest::newRow("balancedOnly") << QList<qint64>{0, 0, 0} << QList<qint64>{1000, 2048, 0} << 0LL << 1LL << 93LL;
        // 3·81 + 2·93 = 243 + 186
        QTest::newRow("weighted3to2") << QList<qint64>{0, 0, 0} << QList<qint64>{1000, 2048, 0} << 3LL << 2LL << 429LL;
        // A unit requesting nothing skips BalancedAllocation (kube's best-effort rule): LeastAllocated
        // cpu (4000−2000)·100/4000 = 50, mem (16384−4096)·100/16384 = 75, 125/2 → 62; balanced would be
        // f = 0.5, 0.25 → 87, giving 149 if it were not skipped.
        QTest::newRow("bestEffortSkipsBalanced") << QList<qint64>{2000, 4096, 0} << QList<qint64>{0, 0, 0} << 1LL << 1LL
                                                 << 62LL;
    }

    void combinedScore()
    {
        QFETCH(QList<qint64>, allocated);
        QFETCH(QList<qint64>, request);
        QFETCH(qint64, leastAllocatedWeight);
        QFETCH(qint64, balancedAllocationWeight);
        QFETCH(qint64, expected);
        plugins::kube::ScoreWeights weights;
        weights.leastAllocated = leastAllocatedWeight;
        weights.balancedAllocation = balancedAllocationWeight;
        const model::Resources unit = resourcesOf(request);
        const bool skip = plugins::kube::skipsBalancedAllocation(unit, false);
        QCOMPARE(plugins::kube::nodeScore(resourcesOf(allocated), resourcesOf({4000, 16384, 0}), unit, weights, skip),
                 expected);
    }

    // ---- decisions ----

    void weightsDecideTheWinner_data()
    {
        // Two 4000m / 16384Mi nodes; node 1 already holds 1000m. Unit: 1000m, 8192Mi.
        //   node 0: LeastAllocated cpu 3000·100/4000 = 75, mem 8192·100/16384 = 50 → 62;
        //           Balanced f = 0.25, 0.5 → std 0.125 → 87
        //   node 1: LeastAllocated cpu 2000·100/4000 = 50, mem 50 → 50; Balanced f = 0.5, 0.5 → 100
        QTest::addColumn<QString>("leastAllocatedWeight");
        QTest::addColumn<QString>("balancedAllocationWeight");
        QTest::addColumn<int>("expected");
        QTest::newRow("defaults") << "1" << "1" << 1;               // 62+87 = 149 < 50+100 = 150
        QTest::newRow("leastAllocatedOnly") << "1" << "0" << 0;     // 62 > 50
        QTest::newRow("balancedOnly") << "0" << "1" << 1;           // 87 < 100
        QTest::newRow("leastAllocatedTwice") << "2" << "1" << 0;    // 124+87 = 211 > 100+100 = 200
        QTest::newRow("balancedTwice") << "1" << "2" << 1;          // 62+174 = 236 < 50+200 = 250
    }

    void weightsDecideTheWinner()
    {
        QFETCH(QString, leastAllocatedWeight);
        QFETCH(QString, balancedAllocationWeight);
        QFETCH(int, expected);
        model::Cluster cluster = uniformCluster(2, 4000, 16384);
        allocate(cluster, 1, 1000, 0);
        const std::string la = leastAllocatedWeight.toStdString();
        const std::string ba = balancedAllocationWeight.toStdString();
        sim::RngStream rng(1, "placement");
        KubePolicy policy(contextWith(&rng, {{"leastAllocatedWeight", la.c_str()}, {"balancedAllocationWeight", ba.c_str()}}));
        QCOMPARE(nodeOf(policy.place(unitOf(1000, 8192), ClusterView(cluster))), static_cast<std::uint32_t>(expected));
    }

    void largeGpuNodesAttractCpuWork()
    {
        // A CPU-only unit of 1000m / 8192Mi: the cpu nodes score LeastAllocated 75, 50 → 62 and
        // Balanced 0.25 vs 0.5 → 87 (149); a V100 node 7000·100/8000 = 87, 57344·100/65536 = 87 → 87
        // and Balanced 0.125, 0.125 → 100 (187). kube ignores devices by default, so the big GPU
        // nodes win (first of the tied V100 nodes without a random stream).
        const model::Cluster cluster = heterogeneousCluster();
        KubePolicy policy(contextWith(nullptr));
        QCOMPARE(nodeOf(policy.place(unitOf(1000, 8192), ClusterView(cluster))), 3u);
        // With deviceWeight 1 the V100 node's GPU term (2·100/2 = 100) and fraction (0) enter:
        // LeastAllocated (87+87+100)/3 = 91, Balanced f = 0.125, 0.125, 0 → std 0.0589 → 94 (185);
        // still ahead of a cpu node (149): device weights steer GPU work, not CPU work.
        KubePolicy withDevices(contextWith(nullptr, {{"deviceWeight", "1"}}));
        QCOMPARE(nodeOf(withDevices.place(unitOf(1000, 8192), ClusterView(cluster))), 3u);
    }

    void gpuUnitsOnlyOnGpuNodes()
    {
        // Make the GPU nodes the worst-scoring by CPU and memory: a GPU unit must still go there.
        model::Cluster cluster = heterogeneousCluster();
        allocate(cluster, 3, 7000, 60 * 1024);
        allocate(cluster, 4, 7000, 60 * 1024);
        allocate(cluster, 5, 7000, 30 * 1024);
        sim::RngStream rng(5, "placement");
        KubePolicy policy(contextWith(&rng));
        const PendingUnit unit = unitOf(100, 256, 1);
        std::vector<std::uint32_t> placed;
        for (;;) {
            const auto decision = policy.place(unit, ClusterView(cluster));
            if (decision.deferred)
                break;
            QVERIFY2(decision.node >= 3, qPrintable(QString("GPU unit on CPU-only node %1").arg(decision.node)));
            QVERIFY(cluster.allocate(decision.node, unit.request));
            placed.push_back(decision.node);
        }
        std::sort(placed.begin(), placed.end());
        QCOMPARE(placed, (std::vector<std::uint32_t>{3, 3, 4, 4, 5})); // every GPU used once
        QCOMPARE(policy.lastFeasibleCount(), 0u);
    }

    void deviceModelConstraint_data()
    {
        QTest::addColumn<int>("gpus");
        QTest::addColumn<QString>("deviceModel");
        QTest::addColumn<QList<int>>("allowed");
        QTest::newRow("t4") << 1 << "T4" << QList<int>{5};
        QTest::newRow("v100") << 1 << "V100" << QList<int>{3, 4};
        QTest::newRow("v100ModelWithoutCount") << 0 << "V100" << QList<int>{3, 4};
        QTest::newRow("twoGpus") << 2 << "" << QList<int>{3, 4};
    }

    void deviceModelConstraint()
    {
        QFETCH(int, gpus);
        QFETCH(QString, deviceModel);
        QFETCH(QList<int>, allowed);
        model::Cluster cluster = heterogeneousCluster();
        sim::RngStream rng(9, "placement");
        KubePolicy policy(contextWith(&rng));
        const PendingUnit unit = unitOf(500, 1024, gpus, deviceModel.toStdString());
        for (int i = 0; i < 40; ++i) {
            const auto decision = policy.place(unit, ClusterView(cluster));
            if (decision.deferred)
                break;
            QVERIFY2(allowed.contains(static_cast<int>(decision.node)), qPrintable(QString::number(decision.node)));
            QVERIFY(cluster.allocate(decision.node, unit.request));
        }
        QVERIFY(policy.place(unit, ClusterView(cluster)).deferred); // it fills up and then defers
    }

    void defersWhenNothingFits()
    {
        model::Cluster cluster = heterogeneousCluster();
        KubePolicy policy(contextWith(nullptr));
        QVERIFY(policy.place(unitOf(100000, 1), ClusterView(cluster)).deferred);       // larger than any node
        QVERIFY(policy.place(unitOf(100, 1, 0, "A100"), ClusterView(cluster)).deferred); // no such model
        QVERIFY(policy.place(unitOf(100, 1, 3), ClusterView(cluster)).deferred);         // no node has 3 GPUs
        for (std::uint32_t node = 0; node < 6; ++node)
            QVERIFY(cluster.allocate(node, cluster.node(node).capacity));
        QVERIFY(policy.place(unitOf(1, 0), ClusterView(cluster)).deferred);
        QCOMPARE(policy.nextStartNodeIndex(), 0u); // examined all 6: (0 + 6) mod 6
        const model::Cluster empty{model::ClusterSpec{}};
        QVERIFY(policy.place(unitOf(1, 0), ClusterView(empty)).deferred);
    }

    // ---- percentageOfNodesToScore ----

    void numFeasibleNodesToFind_data()
    {
        QTest::addColumn<uint>("nodes");
        QTest::addColumn<qint64>("percentage");
        QTest::addColumn<uint>("expected");
        QTest::newRow("fewerThan100") << 50u << 0LL << 50u;
        QTest::newRow("99AnyPercentage") << 99u << 10LL << 99u;
        QTest::newRow("100Adaptive") << 100u << 0LL << 100u;        // 50 − 0 = 50 % → 50 → at least 100
        QTest::newRow("1000Adaptive") << 1000u << 0LL << 420u;      // 50 − 1000/125 = 42 % → 420
        QTest::newRow("5000Adaptive") << 5000u << 0LL << 500u;      // 50 − 40 = 10 % → 500
        QTest::newRow("6000Adaptive") << 6000u << 0LL << 300u;      // 50 − 48 = 2 → floor 5 % → 300
        QTest::newRow("10000Adaptive") << 10000u << 0LL << 500u;    // 50 − 80 < 5 → 5 % → 500
        QTest::newRow("1000At10") << 1000u << 10LL << 100u;
        QTest::newRow("1000At5") << 1000u << 5LL << 100u;           // 50 → at least 100
        QTest::newRow("1000At100") << 1000u << 100LL << 1000u;
        QTest::newRow("5000At1") << 5000u << 1LL << 100u;           // 50 → at least 100
        QTest::newRow("150Adaptive") << 150u << 0LL << 100u;        // 50 − 1 = 49 % → 73 → at least 100
    }

    void numFeasibleNodesToFind()
    {
        QFETCH(uint, nodes);
        QFETCH(qint64, percentage);
        QFETCH(uint, expected);
        QCOMPARE(plugins::numFeasibleNodesToFind(nodes, percentage), expected);
    }

    void scoresOnlyTheFirstFeasibleNodesFromARotatingStart()
    {
        // 1000 nodes at 10 %: 100 feasible nodes per decision. The best node of each window
        // [start, start+100) is its last one (gradientCluster), so the decisions walk the blocks
        // and wrap; scoring every node would instead pick a node with i mod 100 = 99 every time
        // regardless of the start.
        const model::Cluster cluster = gradientCluster();
        sim::RngStream rng(3, "placement");
        KubePolicy policy(contextWith(&rng, {{"percentageOfNodesToScore", "10"}}));
        const PendingUnit unit = unitOf(1000, 4000);
        std::vector<std::uint32_t> decisions;
        std::vector<std::uint32_t> starts;
        for (int i = 0; i < 12; ++i) {
            decisions.push_back(nodeOf(policy.place(unit, ClusterView(cluster))));
            starts.push_back(policy.nextStartNodeIndex());
            QCOMPARE(policy.lastFeasibleCount(), 100u);
        }
        QCOMPARE(decisions, (std::vector<std::uint32_t>{99, 199, 299, 399, 499, 599, 699, 799, 899, 999, 99, 199}));
        QCOMPARE(starts, (std::vector<std::uint32_t>{100, 200, 300, 400, 500, 600, 700, 800, 900, 0, 100, 200}));

        // At 100 % every node is scored, and the start does not move ((0 + 1000) mod 1000).
        KubePolicy all(contextWith(nullptr, {{"percentageOfNodesToScore", "100"}}));
        QCOMPARE(nodeOf(all.place(unit, ClusterView(cluster))), 99u); // first of the ten tied 175s
        QCOMPARE(all.lastFeasibleCount(), 1000u);
        QCOMPARE(all.nextStartNodeIndex(), 0u);
    }

    void infeasibleNodesAdvanceTheStartToo()
    {
        // Even nodes full: 100 feasible nodes are the odd ones 1..199, found after examining 200
        // nodes, so the next scan starts at 200 (kube adds feasible + rejected nodes).
        model::Cluster cluster = gradientCluster();
        for (std::uint32_t node = 0; node < 1000; node += 2)
            QVERIFY(cluster.allocate(node, cluster.node(node).available()));
        KubePolicy policy(contextWith(nullptr, {{"percentageOfNodesToScore", "10"}}));
        const PendingUnit unit = unitOf(1000, 4000);
        std::vector<std::uint32_t> decisions;
        for (int i = 0; i < 6; ++i) {
            decisions.push_back(nodeOf(policy.place(unit, ClusterView(cluster))));
            QCOMPARE(policy.nextStartNodeIndex(), static_cast<std::uint32_t>((200 * (i + 1)) % 1000));
        }
        // Window [200k, 200k+200) holds two 175s (…99 and …199); the first in scan order wins.
        QCOMPARE(decisions, (std::vector<std::uint32_t>{99, 299, 499, 699, 899, 99}));
    }

    void adaptiveWindowWrapsAround()
    {
        // 150 nodes, adaptive: 49 % → 73 → at least 100 nodes per decision, so the windows are
        // [0,100), [100,150)+[0,50), [50,150), [0,100), ... Unit 1000m / 4000Mi on 4000m / 16000Mi:
        //   node 10 (empty): LeastAllocated 75, Balanced 100 → 175
        //   node 120 (holds 1000m, 4000Mi): 50 + 100 → 150
        //   others (hold 2000m, 8000Mi): 25 + 100 → 125
        model::Cluster cluster = uniformCluster(150, 4000, 16000);
        for (std::uint32_t node = 0; node < 150; ++node) {
            if (node != 10)
                allocate(cluster, node, node == 120 ? 1000 : 2000, node == 120 ? 4000 : 8000);
        }
        sim::RngStream rng(4, "placement");
        KubePolicy policy(contextWith(&rng));
        const PendingUnit unit = unitOf(1000, 4000);
        std::vector<std::uint32_t> decisions;
        std::vector<std::uint32_t> starts;
        for (int i = 0; i < 4; ++i) {
            decisions.push_back(nodeOf(policy.place(unit, ClusterView(cluster))));
            starts.push_back(policy.nextStartNodeIndex());
        }
        QCOMPARE(decisions, (std::vector<std::uint32_t>{10, 10, 120, 10}));
        QCOMPARE(starts, (std::vector<std::uint32_t>{100, 50, 0, 100}));
    }

    // ---- ties and determinism ----

    void sameSeedSameDecisions()
    {
        // 50 identical nodes: many ties, all broken on the policy's stream.
        const auto run = [](std::uint64_t seed) {
            model::Cluster cluster = uniformCluster(50, 4000, 16384);
            sim::RngStream rng(seed, "placement");
            KubePolicy policy(contextWith(&rng));
            const PendingUnit unit = unitOf(1000, 2048);
            std::vector<std::uint32_t> out;
            for (int i = 0; i < 210; ++i) {
                const auto decision = policy.place(unit, ClusterView(cluster));
                out.push_back(nodeOf(decision));
                if (!decision.deferred)
                    cluster.allocate(decision.node, unit.request);
            }
            return out;
        };
        const auto a = run(42);
        QCOMPARE(run(42), a);
        QVERIFY(run(43) != a);
        // 4 units per node fit: 200 placements, then deferrals.
        QCOMPARE(std::count(a.begin(), a.end(), kDeferred), 10);
        // LeastAllocated spreads: no node gets a second unit before every node has one.
        std::vector<std::uint32_t> first(a.begin(), a.begin() + 50);
        std::sort(first.begin(), first.end());
        QCOMPARE(std::unique(first.begin(), first.end()) - first.begin(), 50);
    }

    void tiesAreBrokenUniformly()
    {
        const model::Cluster cluster = uniformCluster(10, 4000, 16384);
        sim::RngStream rng(7, "placement");
        KubePolicy policy(contextWith(&rng));
        std::vector<int> counts(10, 0);
        for (int i = 0; i < 10000; ++i)
            ++counts[policy.place(unitOf(1000, 2048), ClusterView(cluster)).node];
        // Expected 1000 each; sd ≈ 30, so 150 is 5 sd.
        for (std::size_t node = 0; node < counts.size(); ++node)
            QVERIFY2(std::abs(counts[node] - 1000) < 150, qPrintable(QString("node %1: %2").arg(node).arg(counts[node])));

        // Without a random stream: the first top-scoring node in scan order, every time.
        KubePolicy noRng(contextWith(nullptr));
        for (int i = 0; i < 5; ++i)
            QCOMPARE(noRng.place(unitOf(1000, 2048), ClusterView(cluster)).node, 0u);
    }

    // ---- parameters ----

    void rejectsZeroWeights()
    {
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 KubePolicy(contextWith(nullptr, {{"leastAllocatedWeight", "0"}, {"balancedAllocationWeight", "0"}})));
        const KubePolicy defaults(contextWith(nullptr));
        QCOMPARE(defaults.weights().leastAllocated, 1);
        QCOMPARE(defaults.weights().balancedAllocation, 1);
        QCOMPARE(defaults.weights().device, 0);
    }

    void registryChecksRanges_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("message"); // empty: valid
        QTest::newRow("percentageTooHigh") << "percentageOfNodesToScore" << "101"
                                           << "params.percentageOfNodesToScore: expected an integer in [0, 100], got 101";
        QTest::newRow("percentageNegative") << "percentageOfNodesToScore" << "-1"
                                            << "params.percentageOfNodesToScore: expected an integer in [0, 100], got -1";
        QTest::newRow("weightTooHigh") << "leastAllocatedWeight" << "101"
                                       << "params.leastAllocatedWeight: expected an integer in [0, 100], got 101";
        QTest::newRow("weightNotInteger") << "balancedAllocationWeight" << "1.5"
                                          << "params.balancedAllocationWeight: expected an integer in [0, 100], got '1.5'";
        QTest::newRow("deviceWeightNegative") << "deviceWeight" << "-2"
                                              << "params.deviceWeight: expected an integer in [0, 100], got -2";
        QTest::newRow("percentage50") << "percentageOfNodesToScore" << "50" << "";
        QTest::newRow("balancedZero") << "balancedAllocationWeight" << "0" << "";
    }

    void registryChecksRanges()
    {
        QFETCH(QString, name);
        QFETCH(QString, value);
        QFETCH(QString, message);
        policy::PluginRegistry registry;
        registry.registerStatic(orrery_kube_descriptor());
        model::PolicyChoice choice;
        choice.plugin = "kube";
        choice.fieldPath = "spec.policies.placement";
        choice.params.push_back({name.toStdString(), value.toStdString(), {"s.yaml", 6, 16}});
        const auto diagnostics = registry.validate(choice, ORRERY_KIND_PLACEMENT);
        if (message.isEmpty()) {
            QVERIFY(diagnostics.empty());
            return;
        }
        QCOMPARE(diagnostics.size(), std::size_t{1});
        QCOMPARE(QString::fromStdString(diagnostics[0].format()),
                 "s.yaml:6:16: error: spec.policies.placement." + message);
    }

    void worksThroughTheRegistry()
    {
        policy::PluginRegistry registry;
        registry.registerStatic(orrery_kube_descriptor());
        model::PolicyChoice choice;
        choice.plugin = "kube";
        choice.fieldPath = "spec.policies.placement";
        sim::RngStream rng(9, "placement");
        policy::PolicyContext context;
        context.rng = &rng;
        auto placement = registry.createPlacement(choice, context);
        QCOMPARE(context.params.getInt("percentageOfNodesToScore"), 0); // defaults filled in
        QCOMPARE(context.params.getInt("leastAllocatedWeight"), 1);
        QCOMPARE(context.params.getInt("balancedAllocationWeight"), 1);
        QCOMPARE(context.params.getInt("deviceWeight"), 0);
        const model::Cluster cluster = heterogeneousCluster();
        const auto decision = placement->place(unitOf(1000, 1024, 1, "T4"), ClusterView(cluster));
        QVERIFY(!decision.deferred);
        QCOMPARE(decision.node, 5u);

        // Both weights 0 passes the schema (each is in range) but the factory refuses it.
        choice.params = {{"leastAllocatedWeight", "0", {"s.yaml", 7, 9}}, {"balancedAllocationWeight", "0", {"s.yaml", 8, 9}}};
        QVERIFY(registry.validate(choice, ORRERY_KIND_PLACEMENT).empty());
        policy::PolicyContext zero;
        try {
            (void)registry.createPlacement(choice, zero);
            QFAIL("expected PluginError");
        } catch (const policy::PluginError& error) {
            QVERIFY2(QString(error.what()).contains("leastAllocatedWeight and balancedAllocationWeight are both 0"), error.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestKube)
#include "tst_kube.moc"
