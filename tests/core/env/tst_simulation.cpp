#include "env/simulation.h"

#include "orrery_builtin_plugins.h"
#include "policy/plugin_export.h"
#include "policy/plugin_registry.h"
#include "sim/in_memory_run_recorder.h"

#include <QtTest>

#include <thread>

using namespace orrery;

namespace {

model::Scenario makeScenario(std::uint64_t seed, int nodes, double arrivalsPerSecond, sim::SimTime duration,
                             sim::SimTime horizon)
{
    model::Scenario scenario;
    scenario.name = "unit";
    scenario.seed = seed;
    scenario.horizon = horizon;
    scenario.samplePeriod = 60 * sim::kSecond;
    model::NodePoolSpec pool;
    pool.name = "cpu";
    pool.count = nodes;
    pool.millicores = 8000;
    pool.memoryBytes = 32LL << 30;
    pool.pricePerHourUsd = 2.0;
    scenario.cluster.pools.push_back(pool);
    model::BatchJobsSpec jobs;
    jobs.name = "jobs";
    jobs.arrivalsPerSecond = arrivalsPerSecond;
    jobs.request.millicores = 2000;
    jobs.request.memoryBytes = 4LL << 30;
    jobs.duration.kind = model::DurationDistribution::Kind::Constant;
    jobs.duration.first = duration;
    scenario.workloads.emplace_back(jobs);
    return scenario;
}

double metric(const env::RunResult& result, const std::string& name)
{
    for (const auto& m : result.metrics) {
        if (m.name == name)
            return m.value;
    }
    qFatal("metric %s missing", name.c_str());
}

model::PolicyChoice choice(const std::string& plugin)
{
    model::PolicyChoice c;
    c.plugin = plugin;
    c.fieldPath = "spec.policies.placement";
    return c;
}

//! A deliberately wrong placement plugin: always answers node 0, fitting or not.
class AlwaysNodeZero final : public policy::PlacementPolicy {
public:
    explicit AlwaysNodeZero(const policy::PolicyContext&) {}
    policy::PlacementDecision place(const policy::PendingUnit&, const policy::ClusterView&) override
    {
        return policy::PlacementDecision::onNode(0);
    }
};

const OrreryPluginDescriptor* alwaysNodeZeroDescriptor()
{
    static const OrreryPluginDescriptor descriptor{
        .abiVersion = ORRERY_PLUGIN_ABI_VERSION,
        .structSize = sizeof(OrreryPluginDescriptor),
        .id = "always-node-zero",
        .displayName = "Always node 0 (test)",
        .version = "1.0.0",
        .compatVersion = "1.0",
        .description = "test double that ignores capacity",
        .kinds = ORRERY_KIND_PLACEMENT,
        .params = nullptr,
        .paramCount = 0,
        .createPlacement = &policy::createPlacementOf<AlwaysNodeZero>,
        .destroyPlacement = &policy::destroyPlacement,
        .trainPlacement = nullptr,
    };
    return &descriptor;
}

} // namespace

//! The batch-job simulation: determinism, common random numbers, queueing, failure and cancel.
class TestSimulation : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        policy::registerBuiltinPlugins(m_registry);
        m_registry.registerStatic(alwaysNodeZeroDescriptor(), "test");
    }

    void sameSeedGivesByteIdenticalRecords()
    {
        auto record = [&](std::uint64_t seed) {
            const auto scenario = makeScenario(seed, 4, 0.05, 90 * sim::kSecond, 4 * sim::kHour);
            env::Simulation simulation(scenario, m_registry);
            sim::InMemoryRunRecorder recorder;
            simulation.run(recorder);
            return recorder.serialize();
        };
        const std::string first = record(7);
        QCOMPARE(record(7), first);
        QVERIFY(record(8) != first);
        QVERIFY(first.find("metric jobs.completed") != std::string::npos);
    }

    void ampleCapacityMeansNoWaitingAndLittlesLaw()
    {
        // 40 nodes × 4 job slots, offered load λ·d = 0.2/s × 60 s = 12 jobs: nothing ever waits.
        const auto scenario = makeScenario(3, 40, 0.2, 60 * sim::kSecond, 10 * sim::kHour);
        env::Simulation simulation(scenario, m_registry);
        sim::InMemoryRunRecorder recorder;
        const env::RunResult result = simulation.run(recorder);
        QVERIFY(result.status == sim::RunStatus::Completed);
        QCOMPARE(metric(result, "job.wait.p99"), 0.0);
        QCOMPARE(metric(result, "job.completion_time.p50"), 60.0);
        QCOMPARE(metric(result, "job.completion_time.p99"), 60.0);
        QCOMPARE(metric(result, "tasks.pending_at_end"), 0.0);
        // Little's law: mean CPU allocated = λ · d · request / capacity = 0.2 · 60 · 2 / 320.
        const double expected = 0.2 * 60.0 * 2.0 / 320.0;
        QVERIFY2(std::abs(metric(result, "cluster.cpu_allocated.mean") - expected) < 0.1 * expected,
                 qPrintable(QString::number(metric(result, "cluster.cpu_allocated.mean"))));
        // Arrivals are Poisson: about λ·T = 7200 of them (5 sigma ≈ 425).
        QVERIFY(std::abs(metric(result, "jobs.submitted") - 7200.0) < 425.0);
        QCOMPARE(metric(result, "cost"), 40 * 2.0 * 10.0);
    }

    void modelledDecisionCostDelaysStarts()
    {
        // Ample capacity: the only wait is the scheduler's own time, 20 µs + 40 nodes × 1 µs.
        auto scenario = makeScenario(3, 40, 0.2, 60 * sim::kSecond, sim::kHour);
        scenario.decisionCost.mode = model::DecisionCostSpec::Mode::Modelled;
        scenario.decisionCost.perDecision = 20 * sim::kMicrosecond;
        scenario.decisionCost.perCandidateNode = sim::kMicrosecond;
        env::Simulation simulation(scenario, m_registry);
        sim::InMemoryRunRecorder recorder;
        const env::RunResult result = simulation.run(recorder);
        QCOMPARE(metric(result, "job.wait.p50"), 60e-6);
        QCOMPARE(metric(result, "job.completion_time.p50"), 60.0 + 60e-6);
        QCOMPARE(metric(result, "placement.decision_time"), metric(result, "placement.decisions") * 60e-6);
    }

    void overloadQueuesJobs()
    {
        // One node, 4 slots, offered load 0.2/s × 60 s = 12 jobs in service: most jobs wait.
        const auto scenario = makeScenario(3, 1, 0.2, 60 * sim::kSecond, 2 * sim::kHour);
        env::Simulation simulation(scenario, m_registry);
        sim::InMemoryRunRecorder recorder;
        const env::RunResult result = simulation.run(recorder);
        QVERIFY(metric(result, "job.wait.p50") > 60.0);
        QVERIFY(metric(result, "tasks.pending_at_end") > 100.0);
        QVERIFY(metric(result, "cluster.cpu_allocated.mean") > 0.95);
        // Throughput is capped by capacity: 4 slots × 7200 s / 60 s = 480 completions at most.
        QVERIFY(metric(result, "jobs.completed") <= 480.0);
    }

    void policiesSeeTheSameArrivals()
    {
        // Common random numbers: the arrival and work streams do not depend on the policy.
        auto scenario = makeScenario(11, 2, 0.1, 120 * sim::kSecond, 3 * sim::kHour);
        sim::InMemoryRunRecorder firstFitRecorder;
        env::Simulation firstFit(scenario, m_registry);
        const auto a = firstFit.run(firstFitRecorder);
        scenario.policies["placement"] = choice("random");
        sim::InMemoryRunRecorder randomRecorder;
        env::Simulation random(scenario, m_registry);
        const auto b = random.run(randomRecorder);
        QCOMPARE(metric(a, "jobs.submitted"), metric(b, "jobs.submitted"));
        QCOMPARE(randomRecorder.info().policies.front().second.rfind("random", 0), std::size_t{0});
    }

    void unknownPluginIsASetupError()
    {
        auto scenario = makeScenario(1, 1, 0.1, sim::kSecond, sim::kHour);
        scenario.policies["placement"] = choice("frist-fit");
        try {
            env::Simulation simulation(scenario, m_registry);
            QFAIL("expected SimulationSetupError");
        } catch (const env::SimulationSetupError& error) {
            QVERIFY2(std::string(error.what()).find("first-fit") != std::string::npos, error.what());
        }
    }

    void misplacingPolicyFailsTheRun()
    {
        auto scenario = makeScenario(1, 2, 1.0, 600 * sim::kSecond, sim::kHour);
        scenario.policies["placement"] = choice("always-node-zero");
        env::Simulation simulation(scenario, m_registry);
        sim::InMemoryRunRecorder recorder;
        const env::RunResult result = simulation.run(recorder);
        QVERIFY(result.status == sim::RunStatus::Failed);
        QVERIFY(result.message.find("does not fit") != std::string::npos);
        QVERIFY(recorder.status() == sim::RunStatus::Failed);
        QVERIFY(result.metrics.empty());
    }

    void cancelEndsTheRunAsCancelled()
    {
        const auto scenario = makeScenario(5, 50, 50.0, 30 * sim::kSecond, 10000 * sim::kHour);
        env::Simulation simulation(scenario, m_registry);
        sim::InMemoryRunRecorder recorder;
        sim::RunControl control;
        std::thread canceller([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
            control.cancel();
        });
        const env::RunResult result = simulation.run(recorder, &control);
        canceller.join();
        QVERIFY(result.status == sim::RunStatus::Cancelled);
        QVERIFY(recorder.status() == sim::RunStatus::Cancelled);
    }

private:
    policy::PluginRegistry m_registry;
};

QTEST_GUILESS_MAIN(TestSimulation)
#include "tst_simulation.moc"
