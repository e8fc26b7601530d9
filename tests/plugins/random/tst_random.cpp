#include "random_policy.h"

#include "orrery_plugin_random.h"
#include "policy/plugin_registry.h"
#include "sim/rng_stream.h"

#include "plugin_test_cluster.h"

#include <QtTest>

#include <map>
#include <set>
#include <stdexcept>

using namespace orrery;
using plugins::RandomPolicy;
using policy::ClusterView;
using policy::PendingUnit;
using policy::PlacementDecision;

namespace {

using testing::heterogeneousCluster;
using testing::unitOf;
constexpr std::int64_t kGi = testing::kGiB;

policy::PolicyContext contextWith(sim::RngStream& rng, const char* maxProbes = nullptr)
{
    policy::PolicyContext context;
    context.rng = &rng;
    if (maxProbes != nullptr)
        context.params.set("maxProbes", maxProbes);
    return context;
}

void fill(model::Cluster& cluster, std::uint32_t node)
{
    QVERIFY(cluster.allocate(node, cluster.node(node).capacity));
}

//! Places `count` units, allocating each; returns the nodes chosen (UINT32_MAX for a deferral).
std::vector<std::uint32_t> placeSequence(std::uint64_t seed, int count)
{
    model::Cluster cluster = heterogeneousCluster();
    sim::RngStream rng(seed, "placement");
    RandomPolicy policy(contextWith(rng));
    std::vector<std::uint32_t> out;
    const PendingUnit unit = unitOf(1000, 1);
    for (int i = 0; i < count; ++i) {
        const PlacementDecision decision = policy.place(unit, ClusterView(cluster));
        out.push_back(decision.deferred ? UINT32_MAX : decision.node);
        if (!decision.deferred)
            cluster.allocate(decision.node, unit.request);
    }
    return out;
}

} // namespace

//! Random (seed 000 §II-A): uniform probing without replacement until a node fits.
class TestRandom : public QObject {
    Q_OBJECT

private slots:
    void sameSeedSameDecisions()
    {
        // 3×4 + 2×8 + 1×8 = 36 one-core units fit; the rest defer.
        const auto a = placeSequence(42, 40);
        const auto b = placeSequence(42, 40);
        QCOMPARE(a, b);
        QCOMPARE(std::count(a.begin(), a.end(), UINT32_MAX), 4);
        QVERIFY(placeSequence(43, 40) != a);
    }

    void drawsEveryNodeRoughlyUniformly()
    {
        const model::Cluster cluster = heterogeneousCluster();
        sim::RngStream rng(7, "placement");
        RandomPolicy policy(contextWith(rng));
        std::vector<int> counts(cluster.nodes().size(), 0);
        const int draws = 6000;
        for (int i = 0; i < draws; ++i) {
            const auto decision = policy.place(unitOf(500, 1), ClusterView(cluster));
            QVERIFY(!decision.deferred);
            ++counts[decision.node];
        }
        // Expected 1000 each; 150 is over 5 standard deviations (sd ≈ 29).
        for (std::size_t node = 0; node < counts.size(); ++node)
            QVERIFY2(std::abs(counts[node] - 1000) < 150, qPrintable(QString("node %1: %2").arg(node).arg(counts[node])));
    }

    void picksOnlyAndEveryFittingNode_data()
    {
        QTest::addColumn<int>("gpus");
        QTest::addColumn<QString>("deviceModel");
        QTest::addColumn<QList<int>>("fitting");
        QTest::newRow("anyGpu") << 1 << "" << QList<int>{3, 4, 5};
        QTest::newRow("v100") << 1 << "V100" << QList<int>{3, 4};
        QTest::newRow("t4ModelOnly") << 0 << "T4" << QList<int>{5};
        QTest::newRow("cpuOnly") << 0 << "" << QList<int>{0, 1, 2, 3, 4, 5};
    }

    void picksOnlyAndEveryFittingNode()
    {
        QFETCH(int, gpus);
        QFETCH(QString, deviceModel);
        QFETCH(QList<int>, fitting);
        const model::Cluster cluster = heterogeneousCluster();
        sim::RngStream rng(11, "placement");
        RandomPolicy policy(contextWith(rng));
        std::set<int> chosen;
        for (int i = 0; i < 500; ++i) {
            const auto decision = policy.place(unitOf(1000, 1, gpus, deviceModel.toStdString()), ClusterView(cluster));
            QVERIFY(!decision.deferred); // with unlimited probes, a fitting node is always found
            chosen.insert(static_cast<int>(decision.node));
        }
        QCOMPARE(chosen, std::set<int>(fitting.begin(), fitting.end()));
    }

    void defersWhenNothingFits()
    {
        model::Cluster cluster = heterogeneousCluster();
        sim::RngStream rng(3, "placement");
        RandomPolicy policy(contextWith(rng));
        QVERIFY(policy.place(unitOf(100000, 1), ClusterView(cluster)).deferred);
        QVERIFY(policy.place(unitOf(100, 1, 0, "A100"), ClusterView(cluster)).deferred);
        for (std::uint32_t node = 0; node < 6; ++node)
            fill(cluster, node);
        QVERIFY(policy.place(unitOf(1, 0), ClusterView(cluster)).deferred);
        const model::Cluster empty{model::ClusterSpec{}};
        QVERIFY(policy.place(unitOf(1, 0), ClusterView(empty)).deferred);
    }

    void maxProbesLimitsTheSearch()
    {
        // Only node 4 has room. Unlimited probing always finds it; one probe finds it 1/6 of
        // the time and defers otherwise.
        model::Cluster cluster = heterogeneousCluster();
        for (const std::uint32_t node : {0u, 1u, 2u, 3u, 5u})
            fill(cluster, node);

        sim::RngStream rngAll(5, "placement");
        RandomPolicy unlimited(contextWith(rngAll));
        for (int i = 0; i < 200; ++i) {
            const auto decision = unlimited.place(unitOf(1000, 1), ClusterView(cluster));
            QVERIFY(!decision.deferred);
            QCOMPARE(decision.node, 4u);
        }

        sim::RngStream rngOne(5, "placement");
        RandomPolicy oneProbe(contextWith(rngOne, "1"));
        int found = 0;
        const int trials = 6000;
        for (int i = 0; i < trials; ++i) {
            const auto decision = oneProbe.place(unitOf(1000, 1), ClusterView(cluster));
            if (!decision.deferred) {
                QCOMPARE(decision.node, 4u);
                ++found;
            }
        }
        QVERIFY2(std::abs(found - trials / 6) < 150, qPrintable(QString::number(found)));

        // More probes than nodes is the same as probing all.
        sim::RngStream rngMany(5, "placement");
        RandomPolicy many(contextWith(rngMany, "1000"));
        QCOMPARE(many.place(unitOf(1000, 1), ClusterView(cluster)).node, 4u);
    }

    void exploreComputeDrawsAmongFeasibleKinds_data()
    {
        QTest::addColumn<bool>("explore");
        QTest::addColumn<QList<int>>("fullNodes");
        QTest::addColumn<QList<int>>("expectedKinds"); // ComputeKind values that must all appear, and only they
        QTest::newRow("off: declared gpu only") << false << QList<int>{} << QList<int>{int(model::ComputeKind::Gpu)};
        QTest::newRow("on: cpu and gpu")
            << true << QList<int>{} << QList<int>{int(model::ComputeKind::Cpu), int(model::ComputeKind::Gpu)};
        QTest::newRow("on: gpus busy, cpu only") << true << QList<int>{3, 4, 5} << QList<int>{int(model::ComputeKind::Cpu)};
    }

    void exploreComputeDrawsAmongFeasibleKinds()
    {
        QFETCH(bool, explore);
        QFETCH(QList<int>, fullNodes);
        QFETCH(QList<int>, expectedKinds);
        model::Cluster cluster = heterogeneousCluster();
        for (const int node : fullNodes)
            fill(cluster, static_cast<std::uint32_t>(node));
        sim::RngStream rng(13, "placement");
        policy::PolicyContext context = contextWith(rng);
        context.params.set("exploreCompute", explore ? "true" : "false");
        RandomPolicy policy(context);
        // Declared on a V100 GPU; can also run on CPUs (and ASICs, which this cluster lacks).
        PendingUnit unit = unitOf(1000, 1, 1, "V100");
        unit.declaredCompute = model::ComputeKind::Gpu;
        unit.computeOptions = model::bitOf(model::ComputeKind::Cpu) | model::bitOf(model::ComputeKind::Gpu)
            | model::bitOf(model::ComputeKind::Asic);
        std::map<int, int> kinds;
        for (int i = 0; i < 2000; ++i) {
            const auto decision = policy.place(unit, ClusterView(cluster));
            QVERIFY(!decision.deferred);
            const model::ComputeKind kind = decision.compute.value_or(unit.declaredCompute);
            ++kinds[int(kind)];
            const model::Resources held = kind == unit.declaredCompute ? unit.request : model::requestOn(unit.request, kind);
            QVERIFY(ClusterView(cluster).fits(decision.node, held, kind == unit.declaredCompute ? unit.deviceModel : ""));
            if (kind == model::ComputeKind::Gpu)
                QVERIFY(decision.node == 3 || decision.node == 4); // the V100 nodes, never the T4
        }
        QList<int> seen;
        for (const auto& [kind, count] : kinds) {
            seen << kind;
            // Uniform over the feasible kinds: 2000/k each, ±150 is over 4 standard deviations.
            QVERIFY2(std::abs(count - 2000 / int(expectedKinds.size())) < 150, qPrintable(QString::number(count)));
        }
        QCOMPARE(seen, expectedKinds);
    }

    void exploreComputeKeepsConstrainedUnitsOnTheirKind()
    {
        model::Cluster cluster = heterogeneousCluster();
        sim::RngStream rng(17, "placement");
        policy::PolicyContext context = contextWith(rng);
        context.params.set("exploreCompute", "true");
        RandomPolicy policy(context);
        PendingUnit gpuOnly = unitOf(1000, 1, 1);
        gpuOnly.declaredCompute = model::ComputeKind::Gpu;
        gpuOnly.computeOptions = model::bitOf(model::ComputeKind::Gpu);
        for (int i = 0; i < 300; ++i) {
            const auto decision = policy.place(gpuOnly, ClusterView(cluster));
            QVERIFY(!decision.deferred);
            QVERIFY(decision.node >= 3);
            QVERIFY(!decision.compute || *decision.compute == model::ComputeKind::Gpu);
        }
        for (std::uint32_t node = 3; node < 6; ++node)
            fill(cluster, node);
        QVERIFY(policy.place(gpuOnly, ClusterView(cluster)).deferred);
        // A unit whose only other kind has no node (ASIC) is deferred too, not moved to a kind it cannot use.
        PendingUnit gpuOrAsic = gpuOnly;
        gpuOrAsic.computeOptions |= model::bitOf(model::ComputeKind::Asic);
        QVERIFY(policy.place(gpuOrAsic, ClusterView(cluster)).deferred);
    }

    void exploreComputeOffKeepsTheDrawSequence()
    {
        // Turning the option off (the default) must not change a single decision: golden runs
        // recorded before the option existed stay valid.
        const auto before = placeSequence(42, 40);
        model::Cluster cluster = heterogeneousCluster();
        sim::RngStream rng(42, "placement");
        policy::PolicyContext context = contextWith(rng);
        context.params.set("exploreCompute", "false");
        RandomPolicy policy(context);
        PendingUnit unit = unitOf(1000, 1);
        unit.computeOptions = model::bitOf(model::ComputeKind::Cpu) | model::bitOf(model::ComputeKind::Gpu);
        std::vector<std::uint32_t> after;
        for (int i = 0; i < 40; ++i) {
            const PlacementDecision decision = policy.place(unit, ClusterView(cluster));
            after.push_back(decision.deferred ? UINT32_MAX : decision.node);
            if (!decision.deferred)
                cluster.allocate(decision.node, unit.request);
        }
        QCOMPARE(after, before);
    }

    void needsARandomStream()
    {
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, RandomPolicy{policy::PolicyContext{}});
    }

    void worksThroughTheRegistry()
    {
        policy::PluginRegistry registry;
        registry.registerStatic(orrery_random_descriptor());
        model::PolicyChoice choice;
        choice.plugin = "random";
        choice.fieldPath = "spec.policies.placement";
        choice.params.push_back({"maxProbes", "0", {"s.yaml", 6, 16}});
        const auto diagnostics = registry.validate(choice, ORRERY_KIND_PLACEMENT);
        QCOMPARE(diagnostics.size(), std::size_t{1});
        QCOMPARE(QString::fromStdString(diagnostics[0].format()),
                 QStringLiteral("s.yaml:6:16: error: spec.policies.placement.params.maxProbes: expected an integer >= 1, got 0"));

        choice.params = {{"maxProbes", "2", {"s.yaml", 6, 16}}};
        sim::RngStream rng(9, "placement");
        policy::PolicyContext context;
        context.rng = &rng;
        auto placement = registry.createPlacement(choice, context);
        const model::Cluster cluster = heterogeneousCluster();
        QVERIFY(!placement->place(unitOf(1000, 1), ClusterView(cluster)).deferred);
    }
};

QTEST_GUILESS_MAIN(TestRandom)
#include "tst_random.moc"
