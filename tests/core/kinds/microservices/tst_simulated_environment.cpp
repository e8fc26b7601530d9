#include "control_test_support.h"
#include "env/control_reward.h"
#include "kinds/microservices/simulated_environment.h"
#include "env/simulation.h"

#include "orrery_builtin_plugins.h"
#include "policy/plugin_registry.h"
#include "sim/in_memory_run_recorder.h"

#include <QTemporaryDir>
#include <QtTest>

#include <chrono>

using namespace orrery;
using policy::ControlAction;
using policy::ControlResource;

//! The simulated Environment (reset/step), the reward, actuation latency, and control policies
//! in Simulation runs.
class TestSimulatedEnvironment : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void sameSeedSameEpisode();
    void actuationDelayIsObserved();
    void rewardFormula_data();
    void rewardFormula();
    void earlyTerminationOnDrops();
    void observationFields();
    void hpaScalesOutUnderSpike();
    void socialNetworkStepIsFast();

private:
    std::string graph();
    model::Scenario chain(const std::string& arrival, const std::string& instances, const std::string& extra = "",
                          const std::string& horizon = "20s");

    QTemporaryDir m_dir;
    policy::PluginRegistry m_registry;
};

namespace {

using testing::metric;

const char* const kOneEach = "        default: {replicas: 1, cpu: 1, memory: 1Gi}\n";

} // namespace

void TestSimulatedEnvironment::initTestCase()
{
    QVERIFY(m_dir.isValid());
    policy::registerBuiltinPlugins(m_registry);
}

std::string TestSimulatedEnvironment::graph()
{
    return testing::writeFile(m_dir.filePath("chain.yaml").toStdString(), testing::kChainGraph);
}

model::Scenario TestSimulatedEnvironment::chain(const std::string& arrival, const std::string& instances, const std::string& extra,
                                                const std::string& horizon)
{
    return testing::loadScenario(testing::chainScenario(graph(), arrival, instances, extra, horizon), m_dir.filePath("s.yaml").toStdString());
}

void TestSimulatedEnvironment::sameSeedSameEpisode()
{
    const std::string anomalies = "  anomalies:\n    - random: {rate: 1/s, start: 1s, end: 10s}\n";
    env::SimulatedEnvironmentOptions options;
    options.controlPeriod = 200 * sim::kMillisecond;
    options.stepsPerEpisode = 30;
    auto episode = [&](std::uint64_t seed) {
        kinds::microservices::SimulatedEnvironment environment(chain("300/s", kOneEach, anomalies), options);
        std::vector<double> trace;
        auto first = environment.reset(seed);
        trace.push_back(first.endToEndP99Ms);
        for (int t = 0; t < options.stepsPerEpisode; ++t) {
            // Actions depend on the observation, so a divergence anywhere shows.
            const double cpu = t % 3 == 0 ? 1.5 : 0.7;
            const std::vector<ControlAction> actions{ControlAction::setLimit("b", ControlResource::Cpu, cpu),
                                                     ControlAction::setReplicas("a", 1 + t % 2)};
            const auto result = environment.step(actions);
            trace.push_back(result.reward);
            trace.push_back(result.observation.endToEndP99Ms);
            for (const auto& target : result.observation.targets) {
                trace.push_back(target.usage[0]);
                trace.push_back(target.p99LatencyMs);
                trace.push_back(target.relativeImportance);
            }
            if (result.done)
                break;
        }
        return trace;
    };
    const auto a = episode(11);
    const auto b = episode(11);
    const auto c = episode(12);
    QCOMPARE(a.size(), b.size());
    QVERIFY(a == b);
    QVERIFY(a != c);
}

void TestSimulatedEnvironment::actuationDelayIsObserved()
{
    env::SimulatedEnvironmentOptions options;
    options.controlPeriod = sim::kMillisecond; // shorter than the 2.1 ms CPU actuation
    options.stepsPerEpisode = 10;
    kinds::microservices::SimulatedEnvironment environment(chain("50/s", kOneEach), options);
    environment.reset(3);
    const std::size_t cpu = policy::indexOf(ControlResource::Cpu);
    const std::vector<ControlAction> actions{ControlAction::setLimit("b", ControlResource::Cpu, 1.5)};
    auto result = environment.step(actions);
    QCOMPARE(result.outcomes.front().status, policy::ActionOutcome::Status::Applied);
    QCOMPARE(result.observation.targets[1].limit[cpu], 1.0); // t = 2 ms: not yet
    result = environment.step({});
    QCOMPARE(result.observation.targets[1].limit[cpu], 1.0); // t = 3 ms: submitted at 1 ms, due at 3.1 ms
    result = environment.step({});
    QCOMPARE(result.observation.targets[1].limit[cpu], 1.5); // t = 4 ms
}

void TestSimulatedEnvironment::rewardFormula_data()
{
    QTest::addColumn<double>("alpha");
    QTest::addColumn<double>("sm");
    QTest::addColumn<double>("expected");
    // One target with cpu (0.5 of 1) and memory (1 of 4 GiB) limits: |R| = 2, Σ RU/RLT = 0.75.
    QTest::newRow("alpha 0.3, SM 1") << 0.3 << 1.0 << 0.3 * 1.0 * 2 + 0.7 * 0.75;
    QTest::newRow("alpha 0.3, SM 0.5") << 0.3 << 0.5 << 0.3 * 0.5 * 2 + 0.7 * 0.75;
    QTest::newRow("alpha 1") << 1.0 << 0.25 << 0.5;
    QTest::newRow("alpha 0") << 0.0 << 0.25 << 0.75;
}

void TestSimulatedEnvironment::rewardFormula()
{
    QFETCH(double, alpha);
    QFETCH(double, sm);
    QFETCH(double, expected);
    policy::TargetObservation target;
    target.limit[policy::indexOf(ControlResource::Cpu)] = 1.0;
    target.usage[policy::indexOf(ControlResource::Cpu)] = 0.5;
    target.limit[policy::indexOf(ControlResource::Memory)] = 4.0;
    target.usage[policy::indexOf(ControlResource::Memory)] = 1.0;
    target.usage[policy::indexOf(ControlResource::Llc)] = 3.0; // no limit: not in R
    target.sloMaintenance = sm;
    QCOMPARE(env::targetReward(target, alpha), expected);
    policy::Observation observation;
    observation.targets = {target, target};
    observation.targets[1].sloMaintenance = 1.0;
    QCOMPARE(env::controlReward(observation, alpha), (expected + env::targetReward(observation.targets[1], alpha)) / 2);
}

void TestSimulatedEnvironment::earlyTerminationOnDrops()
{
    // 800 req/s of 4 ms at b on one core: overloaded, drops at the queue limit.
    const std::string overloaded = kOneEach + std::string("      queueLimit: 20\n");
    env::SimulatedEnvironmentOptions options;
    options.controlPeriod = 500 * sim::kMillisecond;
    options.stepsPerEpisode = 100;
    options.dropRateBound = 0.2;
    options.dropPeriodsToTerminate = 3;
    kinds::microservices::SimulatedEnvironment environment(chain("800/s", overloaded), options);
    environment.reset(5);
    int steps = 0;
    policy::StepResult result;
    while (!result.done) {
        result = environment.step({});
        ++steps;
    }
    QVERIFY(environment.episodeStats().terminatedEarly);
    QVERIFY(steps < 10);
    QVERIFY(environment.episodeStats().droppedRequests > 0);
}

void TestSimulatedEnvironment::observationFields()
{
    kinds::microservices::SimulatedEnvironment environment(chain("200/s", kOneEach), {});
    environment.reset(9);
    const auto result = environment.step({});
    const auto& o = result.observation;
    QCOMPARE(o.period, sim::kSecond);
    QCOMPARE(o.targets.size(), std::size_t{2});
    QCOMPARE(o.targets[1].name, std::string("b"));
    QVERIFY(qAbs(o.targets[1].arrivalRate - 200) < 60);
    QVERIFY(o.targets[1].previousArrivalRate > 0);
    // b serves 4 ms per call at ~200/s: ~0.8 cores.
    QVERIFY(qAbs(o.targets[1].usage[policy::indexOf(ControlResource::Cpu)] - 0.8) < 0.25);
    QCOMPARE(o.targets[1].sloLatencyMs, 50.0);
    QVERIFY(o.targets[1].sloMaintenance > 0 && o.targets[1].sloMaintenance <= 1);
    QVERIFY(o.targets[1].relativeImportance > 0.5); // b dominates the latency
    QCOMPARE(o.requestComposition.size(), std::size_t{1});
    QVERIFY(o.endToEndP99Ms > 5);
    QVERIFY(result.reward > 0);
}

void TestSimulatedEnvironment::hpaScalesOutUnderSpike()
{
    // b needs 4 ms per call: 1 core serves 250/s. Spikes to 450/s overload it without scaling.
    const std::string arrival = "{process: spikes, rate: 150/s, spikeEvery: 10s, spikeLength: 6s, spikeFactor: 3}";
    const std::string nodes = "";
    auto runWith = [&](const std::string& policies) {
        const model::Scenario scenario = testing::loadScenario(
            testing::chainScenario(graph(), arrival, kOneEach, policies, "30s", 4), m_dir.filePath("s.yaml").toStdString());
        sim::InMemoryRunRecorder recorder;
        env::Simulation simulation(scenario, m_registry);
        const auto result = simulation.run(recorder);
        if (result.status != sim::RunStatus::Completed)
            qFatal("run failed: %s", result.message.c_str());
        return recorder;
    };
    const auto none = runWith("");
    const auto hpa = runWith("  policies:\n    control: {plugin: kube-hpa, params: {targetUtilization: 0.5, syncPeriod: 1s, maxReplicas: 4}}\n");
    QVERIFY(metric(hpa, "control.actions_applied") > 0);
    const double p99None = metric(none, "ms.latency.p99");
    const double p99Hpa = metric(hpa, "ms.latency.p99");
    qInfo("p99 without control %.4f s, with kube-hpa %.4f s", p99None, p99Hpa);
    QVERIFY(p99Hpa < 0.5 * p99None);
    QVERIFY(metric(hpa, "control.requested_cpu") > 2 * 30); // scaled out beyond the 2 initial cores
    // Every landed action is in the run, with the replica count it left.
    int scalings = 0;
    for (const sim::RunAnnotation& annotation : hpa.annotations()) {
        if (annotation.kind != "control.replicas")
            continue;
        ++scalings;
        QVERIFY(annotation.start == annotation.end && annotation.start > 0);
        QVERIFY(annotation.target == "a" || annotation.target == "b");
        QVERIFY(annotation.intensity >= 1 && annotation.intensity <= 4);
    }
    QVERIFY(scalings > 0 && scalings <= static_cast<int>(metric(hpa, "control.actions_applied") + metric(hpa, "control.actions_converted")));
    for (const sim::RunAnnotation& annotation : none.annotations())
        QVERIFY(annotation.kind.rfind("control.", 0) != 0); // no policy, no actions
}

void TestSimulatedEnvironment::socialNetworkStepIsFast()
{
    scenario::ScenarioLoadOptions load;
    load.resourcePath = {ORRERY_SOURCE_DIR "/resources"};
    const auto loaded = scenario::loadScenarioFile(ORRERY_SOURCE_DIR "/resources/scenarios/socialnetwork-anomalies.yaml", load);
    QVERIFY2(loaded.ok(), model::formatAll(loaded.diagnostics).c_str());
    env::SimulatedEnvironmentOptions options;
    options.stepsPerEpisode = 30;
    kinds::microservices::SimulatedEnvironment environment(*loaded.scenario, options);
    environment.reset(1);
    const auto begin = std::chrono::steady_clock::now();
    int steps = 0;
    for (bool done = false; !done; ++steps)
        done = environment.step({}).done;
    const double msPerStep = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - begin).count() / steps;
    qInfo("social network (~500 req/s): %.2f ms wall per 1 s control period", msPerStep);
    const auto& stats = environment.episodeStats();
    qInfo("%llu requests completed, p99 %.2f ms", static_cast<unsigned long long>(stats.completedRequests), stats.p99LatencyMs);
    QVERIFY(stats.completedRequests > 400 * 30 / 2);
    QCOMPARE(environment.targetNames().size(), environment.step({}).observation.targets.size());
    QVERIFY(msPerStep < 200); // generous: shared CI machines; the figure is printed above
}

QTEST_APPLESS_MAIN(TestSimulatedEnvironment)
#include "tst_simulated_environment.moc"
