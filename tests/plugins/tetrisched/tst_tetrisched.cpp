// tetrisched, tetrisched-np, tetrisched-greedy: descriptors, parameters, and plans through the
// batch placement API (the end-to-end runs are in tests/core/kinds/strl_jobs).
#include "model/cluster.h"
#include "orrery_plugin_tetrisched.h"
#include "orrery_plugin_tetrisched_greedy.h"
#include "orrery_plugin_tetrisched_np.h"
#include "policy/plugin_registry.h"
#include "sim/rng_stream.h"

#include <QtTest>

#include <set>

using namespace orrery;

namespace {

//! `racks` racks of `perRack` nodes; the first `gpus` nodes have a GPU.
model::ClusterSpec clusterSpec(int racks, int perRack, int gpus)
{
    model::ClusterSpec spec;
    for (int r = 0; r < racks; ++r) {
        for (int withGpu = 1; withGpu >= 0; --withGpu) {
            const int count = withGpu ? std::min(gpus, perRack) : perRack - std::min(gpus, perRack);
            if (count == 0)
                continue;
            model::NodePoolSpec pool;
            const std::string rack = std::string("r").append(std::to_string(r));
            pool.name = rack;
            pool.name.append(withGpu ? "-gpu" : "-cpu");
            pool.count = count;
            pool.millicores = 8000;
            pool.memoryBytes = 32LL << 30;
            pool.labels["rack"] = rack;
            if (withGpu)
                pool.devices.push_back({model::DeviceKind::Gpu, "V100", 1});
            spec.pools.push_back(pool);
        }
        gpus = std::max(0, gpus - perRack);
    }
    return spec;
}

policy::BatchRequest mixedRequest(int jobs, std::size_t nodes)
{
    static const char* const kTypes[] = {"gpu", "mpi", "availability", "slo", "best-effort"};
    sim::RngStream rng(7, "test");
    policy::BatchRequest request;
    request.busyUntil.assign(nodes, 0);
    for (int j = 0; j < jobs; ++j) {
        policy::BatchJob job;
        job.id = static_cast<std::uint64_t>(100 + j);
        job.name = std::string("j").append(std::to_string(j));
        job.type = kTypes[j % 5];
        job.nodes = 1 + static_cast<std::int32_t>(rng.below(4));
        job.duration = (20 + static_cast<sim::SimTime>(rng.below(60))) * sim::kSecond;
        job.slowdown = 2.0;
        job.value = 1.0 + static_cast<double>(rng.below(5));
        if (job.type == std::string("slo"))
            job.deadline = job.duration + 60 * sim::kSecond;
        request.pending.push_back(job);
    }
    return request;
}

} // namespace

class TestTetriSched : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        m_registry.registerStatic(orrery_tetrisched_descriptor());
        m_registry.registerStatic(orrery_tetrisched_np_descriptor());
        m_registry.registerStatic(orrery_tetrisched_greedy_descriptor());
    }

    void descriptorsAreBatchPlacement()
    {
        for (const char* id : {"tetrisched", "tetrisched-np", "tetrisched-greedy"}) {
            const policy::PluginInfo* info = m_registry.find(id);
            QVERIFY(info);
            QCOMPARE(info->kinds, std::uint32_t{ORRERY_KIND_BATCH_PLACEMENT});
            model::PolicyChoice choice;
            choice.plugin = id;
            QVERIFY(m_registry.validate(choice, ORRERY_KIND_PLACEMENT | ORRERY_KIND_BATCH_PLACEMENT).empty());
            QVERIFY(!m_registry.validate(choice, ORRERY_KIND_PLACEMENT).empty()); // not a per-unit policy
        }
        model::PolicyChoice bad;
        bad.plugin = "tetrisched";
        bad.params.push_back({"window", "0", {}});
        QVERIFY(!m_registry.validate(bad, ORRERY_KIND_BATCH_PLACEMENT).empty());
        model::PolicyChoice npWindow;
        npWindow.plugin = "tetrisched-np";
        npWindow.params.push_back({"window", "4", {}});
        QVERIFY(!m_registry.validate(npWindow, ORRERY_KIND_BATCH_PLACEMENT).empty()); // np has no window
    }

    // A solve stopped by its time limit is reported, and its start-now part is still valid: right
    // node counts, distinct free nodes.
    void timedOutSolveIsReportedAndValid()
    {
        const model::Cluster cluster(clusterSpec(5, 20, 20));
        policy::BatchRequest request = mixedRequest(50, cluster.nodes().size());
        model::PolicyChoice choice;
        choice.plugin = "tetrisched";
        choice.params.push_back({"window", "10", {}});
        choice.params.push_back({"solverTimeLimit", "1ms", {}});
        policy::PolicyContext context;
        auto policy = m_registry.createBatchPlacement(choice, context);
        const policy::BatchDecision decision = policy->plan(request, policy::ClusterView(cluster));
        QVERIFY2(decision.timedOut, decision.solverStatus.c_str());
        QVERIFY(decision.milpColumns > 1000);
        checkStartNow(request, decision);
    }

    void planModes_data()
    {
        QTest::addColumn<QString>("plugin");
        QTest::newRow("tetrisched") << "tetrisched";
        QTest::newRow("tetrisched-np") << "tetrisched-np";
        QTest::newRow("tetrisched-greedy") << "tetrisched-greedy";
    }
    void planModes()
    {
        QFETCH(QString, plugin);
        const model::Cluster cluster(clusterSpec(3, 4, 4));
        const policy::BatchRequest request = mixedRequest(12, cluster.nodes().size());
        model::PolicyChoice choice;
        choice.plugin = plugin.toStdString();
        policy::PolicyContext context;
        auto policy = m_registry.createBatchPlacement(choice, context);
        const policy::BatchDecision decision = policy->plan(request, policy::ClusterView(cluster));
        QVERIFY(!decision.startNow.empty());
        QVERIFY(!decision.fallback);
        checkStartNow(request, decision);
        bool future = false;
        for (const auto& placement : decision.plan)
            future = future || placement.start > request.now;
        QCOMPARE(future, plugin != "tetrisched-np"); // np plans only what starts now
    }

private:
    static void checkStartNow(const policy::BatchRequest& request, const policy::BatchDecision& decision)
    {
        std::set<std::uint32_t> used;
        std::set<std::uint64_t> jobs;
        for (const auto& assignment : decision.startNow) {
            QVERIFY(jobs.insert(assignment.job).second);
            const auto it = std::find_if(request.pending.begin(), request.pending.end(),
                                         [&](const policy::BatchJob& job) { return job.id == assignment.job; });
            QVERIFY(it != request.pending.end());
            QCOMPARE(static_cast<std::int32_t>(assignment.nodes.size()), it->nodes);
            for (const std::uint32_t node : assignment.nodes) {
                QVERIFY(node < request.busyUntil.size());
                QVERIFY(request.busyUntil[node] <= request.now);
                QVERIFY(used.insert(node).second);
            }
        }
    }

    policy::PluginRegistry m_registry;
};

QTEST_GUILESS_MAIN(TestTetriSched)
#include "tst_tetrisched.moc"
