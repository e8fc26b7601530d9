#include "control_test_support.h"
#include "kinds/microservices/simulated_environment.h"
#include "model/container_restart_backoff.h"
#include "model/page_reclaim_curve.h"

#include "orrery_builtin_plugins.h"
#include "policy/plugin_registry.h"

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <limits>

using namespace orrery;
using testing::metric;

//! Memory as a resource in the microservice kind (docs/model.md, "Memory"): a limit above the
//! working set costs nothing, one between the anonymous memory and the working set slows the
//! instance by the page-reclaim curve, one below the anonymous memory OOM-kills it, and the
//! kubelet restarts it after its back-off; policies see the working set and the kills.
class TestMemoryPressure : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void restartBackoffFollowsTheKubelet();
    void reclaimCurvePassesItsPoints();
    void limitAboveWorkingSetCostsNothing();
    void limitBelowWorkingSetSlowsByTheCurve();
    void burstAboveTheLimitIsOomKilledAndRestarted();
    void anonymousAboveTheLimitCrashLoops();
    void policiesSeeWorkingSetAndKills();
    void badFootprintIsRejectedWithItsField();

private:
    //! A one-service graph whose service keeps `memory` (a YAML flow mapping) in memory.
    std::string graph(const std::string& memory);
    model::Scenario scenario(const std::string& memory, const std::string& limit, const std::string& arrival,
                             const std::string& horizon = "20s");

    QTemporaryDir m_dir;
    policy::PluginRegistry m_registry;
    int m_graphs = 0;
};

void TestMemoryPressure::initTestCase()
{
    QVERIFY(m_dir.isValid());
    policy::registerBuiltinPlugins(m_registry);
}

std::string TestMemoryPressure::graph(const std::string& memory)
{
    const std::string text = "apiVersion: orrery.dev/v1\nkind: ServiceGraph\nmetadata: {name: one}\nspec:\n  services:\n"
                             "    - {name: a, request: {cpu: 1, memory: 1Gi}, latency: {cpu: 2ms}, memory: "
        + memory + "}\n  requestTypes:\n    - name: ab\n      root: {service: a, operation: op, work: 2ms}\n";
    return testing::writeFile(m_dir.filePath(QString("g%1.yaml").arg(m_graphs++)).toStdString(), text);
}

model::Scenario TestMemoryPressure::scenario(const std::string& memory, const std::string& limit, const std::string& arrival,
                                             const std::string& horizon)
{
    const std::string text = testing::chainScenario(graph(memory), arrival,
                                                    "        default: {replicas: 1, cpu: 1, memory: " + limit + "}\n", "",
                                                    horizon, 1);
    return testing::loadScenario(text, m_dir.filePath("s.yaml").toStdString());
}

void TestMemoryPressure::restartBackoffFollowsTheKubelet()
{
    const model::ContainerRestartBackoff kubelet;
    QCOMPARE(kubelet.startup, 45700 * sim::kMicrosecond);
    std::uint32_t restarts = 0;
    // Killed right after each start: an immediate restart, then 10 s, 20 s, 40 s, … capped at
    // 300 s, each plus the warm start.
    const sim::SimTime expected[] = {0, 10, 20, 40, 80, 160, 300, 300};
    sim::SimTime now = 0;
    for (const sim::SimTime seconds : expected) {
        const sim::SimTime delay = kubelet.delayAfterKill(now, now + sim::kSecond, restarts);
        QCOMPARE(delay, seconds * sim::kSecond + kubelet.startup);
        now += sim::kSecond + delay;
    }
    // Ten minutes of running resets the back-off: the next crash restarts at once.
    QCOMPARE(kubelet.delayAfterKill(now, now + 600 * sim::kSecond, restarts), kubelet.startup);
    QCOMPARE(restarts, 1u);
}

void TestMemoryPressure::reclaimCurvePassesItsPoints()
{
    const model::PageReclaimCurve& curve = model::PageReclaimCurve::measured();
    QVERIFY(curve.points().size() >= 2);
    QCOMPARE(curve.slowdown(1.0), 1.0);
    double previous = std::numeric_limits<double>::infinity();
    for (const auto& [fraction, slowdown] : curve.points()) {
        QCOMPARE(curve.slowdown(fraction), slowdown);
        QVERIFY2(slowdown <= previous && slowdown >= 1.0, "less memory never speeds an instance up");
        previous = slowdown;
    }
    // Linear between points, flat below the lowest.
    const auto& [f0, s0] = curve.points()[0];
    QCOMPARE(curve.slowdown(f0 / 2), s0);
    if (curve.points().size() >= 2) {
        const auto& [f1, s1] = curve.points()[1];
        QVERIFY(std::abs(curve.slowdown((f0 + f1) / 2) - (s0 + s1) / 2) < 1e-12);
    }
}

void TestMemoryPressure::limitAboveWorkingSetCostsNothing()
{
    // 2 ms of work at 10/s on one core: calls never overlap, latency = work.
    const auto recorder = testing::runScenario(scenario("{anonymous: 100Mi, file: 100Mi, perCall: 1Mi}", "512Mi", "{process: constant, rate: 10/s}"),
                                               m_registry);
    QVERIFY(std::abs(metric(recorder, "ms.ab.latency.p50") - 0.002) < 0.002 * 0.02);
    QCOMPARE(metric(recorder, "ms.oom_kills"), 0.0);
}

void TestMemoryPressure::limitBelowWorkingSetSlowsByTheCurve()
{
    // 150Mi leaves 50Mi of the 100Mi of file pages resident: half.
    const double expected = model::PageReclaimCurve::measured().slowdown(0.5);
    QVERIFY(expected > 1.0);
    const auto recorder = testing::runScenario(scenario("{anonymous: 100Mi, file: 100Mi, perCall: 1Mi}", "150Mi", "{process: constant, rate: 10/s}"),
                                               m_registry);
    const double latency = metric(recorder, "ms.ab.latency.p50");
    QVERIFY2(std::abs(latency / 0.002 - expected) < expected * 0.02,
             qPrintable(QString("slowdown %1, curve %2").arg(latency / 0.002).arg(expected)));
    QCOMPARE(metric(recorder, "ms.oom_kills"), 0.0);
    // Below the anonymous memory there is nothing to reclaim: no extra slowdown, and no kill
    // at this load (one call of 1Mi at a time fits in 101Mi).
    const auto tight = testing::runScenario(scenario("{anonymous: 100Mi, file: 100Mi, perCall: 1Mi}", "101Mi", "{process: constant, rate: 10/s}"),
                                            m_registry);
    const double fullyReclaimed = model::PageReclaimCurve::measured().slowdown(0.0);
    QVERIFY(std::abs(metric(tight, "ms.ab.latency.p50") / 0.002 - fullyReclaimed) < fullyReclaimed * 0.02);
    QCOMPARE(metric(tight, "ms.oom_kills"), 0.0);
}

void TestMemoryPressure::burstAboveTheLimitIsOomKilledAndRestarted()
{
    // 110Mi holds the 100Mi of anonymous memory and 10 calls of 1Mi. At 1000/s on one core (2 ms
    // each: twice the capacity) calls pile up and the 11th kills the container. The kubelet
    // restarts it at once (a warm start), then after 10 s, 20 s and 40 s of back-off.
    const model::ContainerRestartBackoff kubelet;
    const auto recorder = testing::runScenario(scenario("{anonymous: 100Mi, perCall: 1Mi}", "110Mi", "{process: constant, rate: 1000/s}", "40s"),
                                               m_registry);
    std::vector<sim::RunAnnotation> kills;
    for (const auto& a : recorder.annotations()) {
        if (a.kind == "memory.oom-kill")
            kills.push_back(a);
    }
    QCOMPARE(kills.size(), std::size_t{4});
    QCOMPARE(metric(recorder, "ms.oom_kills"), 4.0);
    QCOMPARE(metric(recorder, "ms.service.a.oom_kills"), 4.0);
    QCOMPARE(kills[0].target, std::string("a/0"));
    QCOMPARE(kills[0].end - kills[0].start, kubelet.startup);
    QCOMPARE(kills[1].end - kills[1].start, 10 * sim::kSecond + kubelet.startup);
    QCOMPARE(kills[2].end - kills[2].start, 20 * sim::kSecond + kubelet.startup);
    QCOMPARE(kills[3].end - kills[3].start, 40 * sim::kSecond + kubelet.startup);
    QVERIFY(kills[1].start >= kills[0].end && kills[2].start >= kills[1].end && kills[3].start >= kills[2].end);
    // Each kill comes 11 calls after the (re)start: within 25 ms of it.
    QVERIFY(kills[0].start < 25 * sim::kMillisecond);
    QVERIFY(kills[2].start - kills[1].end < 25 * sim::kMillisecond);
    QVERIFY(std::abs(kills[0].intensity - 111.0 / 110.0) < 1e-9); // what it held over its limit
    // Killed calls and calls sent while it restarts fail: all but a few dozen of 40,000.
    const double dropped = metric(recorder, "ms.ab.dropped");
    QVERIFY2(dropped > 39000 && dropped < 40000, qPrintable(QString::number(dropped)));
}

void TestMemoryPressure::anonymousAboveTheLimitCrashLoops()
{
    // 100Mi of anonymous memory under a 90Mi limit: killed at start and at every restart, with
    // the back-off growing 0, 10, 20, 40, 80 s (each plus the warm start).
    const model::ContainerRestartBackoff kubelet;
    const auto recorder = testing::runScenario(scenario("{anonymous: 100Mi}", "90Mi", "{process: constant, rate: 10/s}", "200s"), m_registry);
    std::vector<sim::SimTime> starts;
    for (const auto& a : recorder.annotations()) {
        if (a.kind == "memory.oom-kill")
            starts.push_back(a.start);
    }
    std::vector<sim::SimTime> expected{0};
    for (const sim::SimTime backoff : {0, 10, 20, 40, 80})
        expected.push_back(expected.back() + backoff * sim::kSecond + kubelet.startup);
    QCOMPARE(starts, expected);
    QCOMPARE(metric(recorder, "ms.ab.completed"), 0.0);
}

void TestMemoryPressure::policiesSeeWorkingSetAndKills()
{
    const model::Scenario crowded = scenario("{anonymous: 100Mi, file: 20Mi, perCall: 1Mi}", "512Mi", "{process: constant, rate: 400/s}");
    kinds::microservices::SimulatedEnvironment environment(crowded, {});
    const auto first = environment.reset(11);
    const auto& target = first.targets.at(0);
    const double memory = target.usage[policy::indexOf(policy::ControlResource::Memory)];
    // 400/s × 2 ms, evenly spaced: 0.8 calls in service on average, so 120.8Mi.
    QVERIFY2(memory > 120.0 * (1 << 20) && memory < 124.0 * (1 << 20), qPrintable(QString::number(memory / (1 << 20))));
    QCOMPARE(target.features.at("oomKills"), 0.0);
    // Squeeze the limit to the anonymous memory alone: the next call kills it, the immediate
    // restart is killed by the one after, and the 10 s back-off outlasts the period.
    const std::vector<policy::ControlAction> squeeze{
        policy::ControlAction::setLimit("a", policy::ControlResource::Memory, 100.0 * (1 << 20))};
    const auto step = environment.step(squeeze);
    const auto& after = step.observation.targets.at(0);
    QCOMPARE(after.features.at("oomKills"), 2.0);
    QCOMPARE(after.features.at("restartingReplicas"), 1.0);
    QVERIFY(after.usage[policy::indexOf(policy::ControlResource::Memory)] <= 100.0 * (1 << 20));
}

void TestMemoryPressure::badFootprintIsRejectedWithItsField()
{
    const std::string text = "apiVersion: orrery.dev/v1\nkind: ServiceGraph\nmetadata: {name: bad}\nspec:\n  services:\n"
                             "    - name: a\n      request: {cpu: 1, memory: 1Gi}\n      latency: {cpu: 2ms}\n"
                             "      memory: {anonymous: lots}\n";
    const std::string path = testing::writeFile(m_dir.filePath("bad.yaml").toStdString(), text);
    const std::string scenarioText = testing::chainScenario(path, "{process: constant, rate: 10/s}", "        default: {cpu: 1, memory: 1Gi}\n");
    scenario::ScenarioLoadOptions options;
    const auto result = scenario::parseScenario(scenarioText, m_dir.filePath("s.yaml").toStdString(), options);
    QVERIFY(!result.ok());
    const std::string message = model::formatAll(result.diagnostics);
    QVERIFY2(message.find("bad.yaml:9") != std::string::npos, message.c_str());
    QVERIFY2(message.find("memory.anonymous") != std::string::npos, message.c_str());
}

QTEST_GUILESS_MAIN(TestMemoryPressure)
#include "tst_memory_pressure.moc"
