#include "orrery_plugin_hetsev_scheduler.h"
#include "policy/plugin_registry.h"
#include "scheduling_queue.h"
#include "sim/rng_stream.h"

#include <QtTest>

#include <map>
#include <random>
#include <set>

using namespace orrery;

namespace {

constexpr std::int64_t kGiB = std::int64_t{1} << 30;
using Params = std::vector<std::pair<std::string, std::string>>;

//! A model-serving fleet: `v100` nodes of one V100 (16 GiB), then `t4` nodes of one T4 (16 GiB),
//! then one CPU-only node.
model::Cluster fleet(int v100, int t4)
{
    model::NodePoolSpec a;
    a.name = "v100";
    a.count = v100;
    a.millicores = 8000;
    a.memoryBytes = 16 * kGiB;
    a.devices = {{model::DeviceKind::Gpu, "V100", 1}};
    model::NodePoolSpec b = a;
    b.name = "t4";
    b.count = t4;
    b.devices = {{model::DeviceKind::Gpu, "T4", 1}};
    model::NodePoolSpec cpu = a;
    cpu.name = "cpu";
    cpu.count = 1;
    cpu.memoryBytes = 256 * kGiB;
    cpu.devices = {};
    std::vector<model::NodePoolSpec> pools;
    for (const auto& pool : {a, b, cpu})
        if (pool.count > 0)
            pools.push_back(pool);
    return model::Cluster(model::ClusterSpec{pools});
}

policy::PendingUnit replica(const std::string& model, std::int64_t memoryGi, const std::string& type = {})
{
    policy::PendingUnit unit;
    unit.service = model;
    unit.request.memoryBytes = memoryGi * kGiB;
    unit.deviceModel = type;
    return unit;
}

//! A pending replica of `model` that has waited since `seconds`.
policy::PendingUnit waitingSince(const std::string& model, std::int64_t memoryGi, double seconds, std::uint64_t id)
{
    policy::PendingUnit unit = replica(model, memoryGi);
    unit.submittedAt = sim::fromSeconds(seconds);
    unit.id = id;
    return unit;
}

std::string modelsInOrder(const std::vector<policy::PendingUnit>& pending, const std::vector<std::size_t>& order)
{
    std::string text;
    for (const std::size_t i : order)
        text += pending.at(i).service.substr(0, 1);
    return text;
}

//! prefix + i, built by appending (GCC 12 warns falsely (-Wrestrict) on "m" + std::to_string(i)).
std::string named(const char* prefix, int i)
{
    std::string name = prefix;
    name += std::to_string(i);
    return name;
}

} // namespace

//! hetsev-scheduler: capacity filter, anti-affinity, best fit, the GPU type asked for.
class TestHetsevScheduler : public QObject {
    Q_OBJECT

private:
    policy::PluginRegistry m_registry;

    policy::PlacementPolicyPtr create(const Params& params = {}, sim::RngStream* rng = nullptr)
    {
        model::PolicyChoice choice;
        choice.plugin = "hetsev-scheduler";
        for (const auto& [name, value] : params)
            choice.params.push_back({name, value, {}});
        policy::PolicyContext context;
        context.rng = rng;
        return m_registry.createPlacement(choice, context);
    }

    //! Places and allocates as the model-serving kind does; -1 when deferred.
    static int place(policy::PlacementPolicy& policy, model::Cluster& cluster, const policy::PendingUnit& unit)
    {
        const auto decision = policy.place(unit, policy::ClusterView(cluster));
        if (decision.deferred)
            return -1;
        if (!cluster.allocate(decision.node, unit.request))
            return -2;
        return static_cast<int>(decision.node);
    }

private slots:
    void initTestCase() { m_registry.registerStatic(orrery_hetsev_scheduler_descriptor()); }

    //! Alg. 1 line 1: k-means by GPU memory and model (L1) puts each model in its own queue when
    //! k allows it, numbers queues by their oldest replica, and never makes more queues than points.
    void kMeansQueuesGroupByModelAndMemory()
    {
        std::vector<policy::PendingUnit> pending = {replica("A", 1), replica("B", 8), replica("A", 1), replica("C", 2),
                                                    replica("B", 8), replica("C", 2)};
        const auto three = plugins::hetsev::kMeansQueues(pending, 3);
        QCOMPARE(three, (std::vector<std::size_t>{0, 1, 0, 2, 1, 2}));
        const auto one = plugins::hetsev::kMeansQueues(pending, 1);
        QCOMPARE(one, std::vector<std::size_t>(6, 0));
        const auto many = plugins::hetsev::kMeansQueues(pending, 10); // three distinct points: three queues
        QCOMPARE(*std::max_element(many.begin(), many.end()), std::size_t{2});
        QCOMPARE(many, three);
        // k = 2: the two light models (A, C: L1 2.125 apart) are nearer each other than A is to B
        // (2.875) or C to B (2.75), so B keeps a queue of its own.
        const auto two = plugins::hetsev::kMeansQueues(pending, 2);
        QCOMPARE(two[1], two[4]);
        QVERIFY(two[0] != two[1] && two[3] != two[1]);
    }

    //! Alg. 1 lines 2–3: weighted fairness by queue length × median wait, β per buffer.
    void weightedFairnessFavoursLongAndStarvingQueues()
    {
        // 5 A waiting 10 s (weight 5 × 10.001) against 3 B waiting 9 s (3 × 9.001), β = 4: each pick
        // to the highest weight ÷ (picks + 1): A B A A; then A 2 × 10.001 against B 2 × 9.001: A B A B.
        std::vector<policy::PendingUnit> same;
        for (std::uint64_t i = 0; i < 5; ++i)
            same.push_back(waitingSince("A", 1, 0, i));
        for (std::uint64_t i = 5; i < 8; ++i)
            same.push_back(waitingSince("B", 8, 1, i));
        QCOMPARE(QString::fromStdString(modelsInOrder(same, plugins::hetsev::weightedFairOrder(same, sim::fromSeconds(10), 3, 4))),
                 QString("ABAAABAB"));
        // One buffer of 8: A B A A B A A B.
        QCOMPARE(QString::fromStdString(modelsInOrder(same, plugins::hetsev::weightedFairOrder(same, sim::fromSeconds(10), 3, 8))),
                 QString("ABAABAAB"));
        // B has waited 10 s, the A burst 1 s: B's two go first although A's queue is longer.
        std::vector<policy::PendingUnit> starving;
        for (std::uint64_t i = 0; i < 6; ++i)
            starving.push_back(waitingSince("A", 1, 9, i));
        starving.push_back(waitingSince("B", 8, 0, 6));
        starving.push_back(waitingSince("B", 8, 0, 7));
        QCOMPARE(QString::fromStdString(modelsInOrder(starving, plugins::hetsev::weightedFairOrder(starving, sim::fromSeconds(10), 3, 4))),
                 QString("BBAAAAAA"));
        // β = 1: one pick per buffer, weights recomputed each time (A 50 vs B 27, A 40 vs 27, A 30 vs
        // 27, B 20 vs 27, A 20 vs 18, …); every replica once.
        const auto order = plugins::hetsev::weightedFairOrder(same, sim::fromSeconds(10), 3, 1);
        QCOMPARE(std::set<std::size_t>(order.begin(), order.end()).size(), same.size());
        QCOMPARE(QString::fromStdString(modelsInOrder(same, order)), QString("AAABABAB"));
        // Oldest first within a queue.
        std::vector<policy::PendingUnit> ages = {waitingSince("A", 1, 5, 0), waitingSince("A", 1, 1, 1), waitingSince("A", 1, 3, 2)};
        QCOMPARE(plugins::hetsev::weightedFairOrder(ages, sim::fromSeconds(10), 3, 4), (std::vector<std::size_t>{1, 2, 0}));
    }

    //! The plugin's admit() is that order, with its queues and batch parameters.
    void admitIsTheWeightedFairOrder()
    {
        std::vector<policy::PendingUnit> pending;
        for (std::uint64_t i = 0; i < 5; ++i)
            pending.push_back(waitingSince("A", 1, 0, i));
        for (std::uint64_t i = 5; i < 8; ++i)
            pending.push_back(waitingSince("B", 8, 1, i));
        auto policy = create();
        QCOMPARE(QString::fromStdString(modelsInOrder(pending, policy->admit(pending, sim::fromSeconds(10)))), QString("ABAAABAB"));
        auto wide = create({{"batch", "8"}});
        QCOMPARE(QString::fromStdString(modelsInOrder(pending, wide->admit(pending, sim::fromSeconds(10)))), QString("ABAABAAB"));
        auto single = create({{"queues", "1"}}); // one queue: oldest first
        QCOMPARE(single->admit(pending, sim::fromSeconds(10)), (std::vector<std::size_t>{0, 1, 2, 3, 4, 5, 6, 7}));
    }

    //! fit: random with exclusive — the type-blind baseline: a random free GPU of either type,
    //! the same ones for the same stream, never two replicas on one GPU.
    void randomFitIsTypeBlindAndReproducible()
    {
        const auto typesPlaced = [&](std::uint64_t seed) {
            model::Cluster cluster = fleet(4, 4);
            sim::RngStream rng(seed, "placement");
            auto policy = create({{"exclusive", "true"}, {"fit", "random"}}, &rng);
            std::vector<int> nodes;
            for (int i = 0; i < 4; ++i)
                nodes.push_back(place(*policy, cluster, replica(named("m", i), 2)));
            return nodes;
        };
        int v100 = 0, t4 = 0;
        for (std::uint64_t seed = 1; seed <= 10; ++seed) {
            const auto nodes = typesPlaced(seed);
            QCOMPARE(nodes, typesPlaced(seed));
            QCOMPARE(std::set<int>(nodes.begin(), nodes.end()).size(), std::size_t{4});
            for (const int node : nodes) {
                QVERIFY(node >= 0 && node < 8); // never the CPU node
                (node < 4 ? v100 : t4) += 1;
            }
        }
        QVERIFY2(v100 > 8 && t4 > 8, qPrintable(QString("%1 V100, %2 T4 of 40").arg(v100).arg(t4)));
        // Without a stream it falls back to the best fit (lowest node among equals).
        model::Cluster cluster = fleet(2, 2);
        auto fallback = create({{"exclusive", "true"}, {"fit", "random"}});
        QCOMPARE(place(*fallback, cluster, replica("m", 2)), 0);
    }

    void antiAffinityKeepsIdenticalModelsApart()
    {
        model::Cluster cluster = fleet(2, 0);
        auto policy = create();
        const int first = place(*policy, cluster, replica("ResNet-50", 1));
        const int second = place(*policy, cluster, replica("ResNet-50", 1));
        QVERIFY(first >= 0 && second >= 0 && first != second);
        QCOMPARE(place(*policy, cluster, replica("ResNet-50", 1)), -1); // both GPUs hold one already
        QVERIFY(place(*policy, cluster, replica("BERT-base", 1)) >= 0);  // a different model co-locates
        // Off: the same model may share a GPU.
        model::Cluster other = fleet(1, 0);
        auto packed = create({{"antiAffinity", "false"}});
        QCOMPARE(place(*packed, other, replica("ResNet-50", 1)), 0);
        QCOMPARE(place(*packed, other, replica("ResNet-50", 1)), 0);
    }

    void bestFitPicksTheFullestGpuThatFits()
    {
        model::Cluster cluster = fleet(3, 0);
        auto policy = create();
        QVERIFY(cluster.allocate(0, replica("x", 10).request)); // 6 GiB free
        QVERIFY(cluster.allocate(1, replica("y", 13).request)); // 3 GiB free
        // node 2: 16 GiB free
        QCOMPARE(place(*policy, cluster, replica("a", 2)), 1);  // 3 GiB is the least that fits
        QCOMPARE(place(*policy, cluster, replica("b", 4)), 0);  // node 1 has 1 GiB left
        QCOMPARE(place(*policy, cluster, replica("c", 12)), 2);
        QCOMPARE(place(*policy, cluster, replica("d", 5)), -1);
        // Worst fit (the seed's text): the emptiest GPU.
        model::Cluster spread = fleet(3, 0);
        QVERIFY(spread.allocate(0, replica("x", 10).request));
        auto worst = create({{"fit", "worst"}});
        QCOMPARE(place(*worst, spread, replica("a", 2)), 1);
    }

    void honoursTheGpuTypeAskedFor()
    {
        model::Cluster cluster = fleet(2, 2);
        auto policy = create();
        for (int i = 0; i < 2; ++i) {
            const int node = place(*policy, cluster, replica(named("m", i), 2, "T4"));
            QVERIFY(node == 2 || node == 3);
        }
        const int v100 = place(*policy, cluster, replica("m0", 2, "V100"));
        QVERIFY(v100 == 0 || v100 == 1);
        // Never the CPU-only node, even with its memory.
        QVERIFY(place(*policy, cluster, replica("big", 20)) == -1);
    }

    //! exclusive: one replica per GPU whatever the model (the Kubernetes baseline).
    void exclusiveKeepsOnePerGpu()
    {
        model::Cluster cluster = fleet(2, 1);
        auto policy = create({{"exclusive", "true"}});
        std::set<int> used;
        for (int i = 0; i < 3; ++i) {
            const int node = place(*policy, cluster, replica(named("m", i), 1));
            QVERIFY(node >= 0 && used.insert(node).second);
        }
        QCOMPARE(place(*policy, cluster, replica("other", 1)), -1);
        cluster.release(1, replica("m", 1).request);
        QCOMPARE(place(*policy, cluster, replica("other", 1)), 1);
    }

    //! Fractional GPUs (the model-serving kind's gpuShare feature): shares placed on a GPU leave
    //! room for the next one or it goes elsewhere, though its memory would fit.
    void fractionalSharesFitTheirGpu()
    {
        model::Cluster cluster = fleet(2, 0);
        auto policy = create();
        auto shared = [](const std::string& model, double share) {
            policy::PendingUnit unit = replica(model, 1);
            unit.features["gpuShare"] = share;
            return unit;
        };
        QCOMPARE(place(*policy, cluster, shared("a", 0.6)), 0);
        QCOMPARE(place(*policy, cluster, shared("b", 0.4)), 0); // best fit: 0.6 + 0.4 = 1
        QCOMPARE(place(*policy, cluster, shared("c", 0.1)), 1); // GPU 0 is full by share, not by memory
        QCOMPARE(place(*policy, cluster, shared("d", 0.95)), -1);
        QCOMPARE(place(*policy, cluster, replica("e", 1)), 0);  // no share asked: memory alone decides
    }

    //! Random replicas of 4 models: never over a GPU's memory, never two of a model on one GPU.
    void neverExceedsMemoryNorCoLocatesIdentical()
    {
        std::mt19937 rng(2);
        std::uniform_int_distribution<int> model(0, 3), memory(1, 9), type(0, 2);
        model::Cluster cluster = fleet(4, 4);
        auto policy = create();
        std::map<int, std::multiset<int>> residents;
        const char* types[] = {"", "V100", "T4"};
        int placed = 0;
        for (int i = 0; i < 200; ++i) {
            const int m = model(rng);
            const int node = place(*policy, cluster, replica(named("model", m), memory(rng), types[type(rng)]));
            QVERIFY(node != -2);
            if (node < 0)
                continue;
            ++placed;
            QCOMPARE(residents[node].count(m), std::size_t{0});
            residents[node].insert(m);
        }
        QVERIFY(placed >= 8);
        for (std::uint32_t n = 0; n < cluster.nodes().size(); ++n)
            QVERIFY(cluster.nodes()[n].allocated.memoryBytes <= cluster.nodes()[n].capacity.memoryBytes);
        // A GPU whose replicas all retired takes the model again.
        model::Cluster small = fleet(1, 0);
        auto again = create();
        QCOMPARE(place(*again, small, replica("m", 4)), 0);
        QCOMPARE(place(*again, small, replica("m", 4)), -1);
        small.release(0, replica("m", 4).request);
        QCOMPARE(place(*again, small, replica("m", 4)), 0);
    }
};

QTEST_GUILESS_MAIN(TestHetsevScheduler)
#include "tst_hetsev_scheduler.moc"
