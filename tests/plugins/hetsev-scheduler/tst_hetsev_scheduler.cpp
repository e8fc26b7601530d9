#include "orrery_plugin_hetsev_scheduler.h"
#include "policy/plugin_registry.h"

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

    policy::PlacementPolicyPtr create(const Params& params = {})
    {
        model::PolicyChoice choice;
        choice.plugin = "hetsev-scheduler";
        for (const auto& [name, value] : params)
            choice.params.push_back({name, value, {}});
        policy::PolicyContext context;
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
