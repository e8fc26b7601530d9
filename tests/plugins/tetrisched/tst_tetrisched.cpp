// tetrisched, tetrisched-np, tetrisched-greedy: descriptors, parameters, and plans through the
// batch placement API (the end-to-end runs are in tests/core/kinds/strl_jobs).
#include "model/cluster.h"
#include "orrery_plugin_tetrisched.h"
#include "orrery_plugin_tetrisched_greedy.h"
#include "orrery_plugin_tetrisched_np.h"
#include "policy/plugin_registry.h"
#include "sim/rng_stream.h"
#include "strl_inputs.h"

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

    // A deadline job's options are all worth its value; without a tie-break the plan was free to
    // start it at the window's end each cycle until its deadline passed (the study, issue 19).
    // On an idle cluster every mode starts it now, a GPU job on GPU nodes.
    void deadlineJobsStartNowOnTheirPreferredNodes_data() { planModes_data(); }
    void deadlineJobsStartNowOnTheirPreferredNodes()
    {
        QFETCH(QString, plugin);
        const model::Cluster cluster(clusterSpec(2, 4, 2)); // nodes 0 and 1 have a GPU
        policy::BatchRequest request;
        request.now = 100 * sim::kSecond;
        request.busyUntil.assign(cluster.nodes().size(), 0);
        for (const char* type : {"gpu", "mpi", "slo"}) { // greedy plans in this order
            policy::BatchJob job;
            job.id = request.pending.size() + 1;
            job.name = type;
            job.type = type;
            job.nodes = 2;
            job.duration = 60 * sim::kSecond;
            job.slowdown = 3.0;
            job.value = 10.0;
            job.deadline = request.now + 10 * 60 * sim::kSecond; // every start in the window meets it
            request.pending.push_back(job);
        }
        model::PolicyChoice choice;
        choice.plugin = plugin.toStdString();
        if (plugin != "tetrisched-np")
            choice.params.push_back({"window", "8", {}});
        policy::PolicyContext context;
        auto policy = m_registry.createBatchPlacement(choice, context);
        const policy::BatchDecision decision = policy->plan(request, policy::ClusterView(cluster));
        checkStartNow(request, decision);
        QCOMPARE(decision.startNow.size(), std::size_t{3});
        for (const auto& assignment : decision.startNow) {
            if (assignment.job == 1) { // the gpu job
                QCOMPARE(assignment.nodes, (std::vector<std::uint32_t>{0, 1}));
            } else if (assignment.job == 2) { // the mpi job: one rack
                const auto rack = [&](std::uint32_t n) { return cluster.poolOf(n).labels.at("rack"); };
                QCOMPARE(rack(assignment.nodes[0]), rack(assignment.nodes[1]));
            }
        }
    }

    void tieBreakPrefersEarlierCompletionByAtMostOnePercent()
    {
        strl::GeneratorContext context;
        context.now = 50 * sim::kSecond;
        context.slotLength = 10 * sim::kSecond;
        context.windowSlots = 4;
        std::vector<strl::Expression> options;
        options.push_back(strl::Expression::nck("a", 1, 50 * sim::kSecond, 10 * sim::kSecond, 10));
        options.push_back(strl::Expression::nck("a", 1, 60 * sim::kSecond, 10 * sim::kSecond, 10));
        options.push_back(strl::Expression::scale(5, strl::Expression::nck("a", 1, 80 * sim::kSecond, 1000 * sim::kSecond, 1)));
        options.push_back(strl::Expression::sum({strl::Expression::nck("a", 1, 50 * sim::kSecond, 10 * sim::kSecond, 10)}));
        strl::Expression e = strl::Expression::max(std::move(options));
        plugins::tetrisched::preferEarlierCompletion(e, context);
        const double first = e.children[0].leaf.value, second = e.children[1].leaf.value;
        QVERIFY(first > second);
        QVERIFY(first < 10.0 && first > 9.9);
        QVERIFY(second > 9.9);
        QVERIFY(e.children[2].parameter < 5.0 && e.children[2].parameter > 4.95);
        QCOMPARE(e.children[3].op, strl::Operator::Scale); // other operators are wrapped
        QCOMPARE(e.children[3].parameter, first / 10.0);
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
