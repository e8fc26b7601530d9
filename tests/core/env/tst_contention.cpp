#include "control_test_support.h"
#include "env/node_contention.h"
#include "env/simulation.h"

#include "model/contention_curve.h"
#include "orrery_builtin_plugins.h"
#include "policy/plugin_registry.h"
#include "scenario/scenario_loader.h"
#include "sim/in_memory_run_recorder.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

using namespace orrery;

//! The contention model (docs/model.md, "Contention"): the curve's shape, slowdowns that grow
//! with pressure and shrink with reserved shares, stressors as tenants, co-location that hurts
//! where spreading does not, and determinism. Each case would pass on the flat physics of wave
//! 1 only by accident; the `flat` rows show the same scenario without contention.
class TestContention : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void curveShape_data();
    void curveShape();
    void slowdownMonotoneInPressure();
    void reservedSharesShield();
    void ownLimitThrottles();
    void stressorAtFullIntensitySaturates();
    void coLocatedMemoryHeavyServicesSlowEachOther();
    void coLocatedBatchJobsSlowEachOther();
    void stressorTenantSlowsVictimByTheCurve();
    void containerScopeStaysInsideItsTarget();
    void determinism();

private:
    model::Scenario load(const std::string& text);
    sim::InMemoryRunRecorder run(const model::Scenario& scenario);

    QTemporaryDir m_dir;
    policy::PluginRegistry m_registry;
};

namespace {

constexpr auto kMem = static_cast<std::size_t>(model::ContendedResource::MemoryBandwidth);

using testing::metric;

model::ResourceSensitivity only(model::ContendedResource resource, double value = 1.0)
{
    model::ResourceSensitivity sensitivity{{0, 0, 0, 0, 0, 0}};
    sensitivity.of(resource) = value;
    return sensitivity;
}

//! One node of 16 cores and 60 GB/s, default curves.
env::NodeContention oneNode()
{
    return env::NodeContention({{16.0, 60e9, 20.0, 500e6, 1.25e9, 0.0}}, model::ContentionSpec{});
}

// Three memory-bandwidth-heavy services of one call each; `nodes` 10-core nodes.
const char* const kMemoryHeavyGraph = R"(apiVersion: orrery.dev/v1
kind: ServiceGraph
metadata: {name: memheavy}
spec:
  services:
    - {name: a, request: {cpu: 3, memory: 1Gi}, latency: {cpu: 1ms}, sensitivity: {cpu: 0, memoryBandwidth: 1, llc: 0, diskIo: 0, networkBandwidth: 0}, demand: {memoryBandwidthPerCore: 8G, llcWays: 0, diskPerCore: 0, networkPerCore: 0}}
    - {name: b, request: {cpu: 3, memory: 1Gi}, latency: {cpu: 1ms}, sensitivity: {cpu: 0, memoryBandwidth: 1, llc: 0, diskIo: 0, networkBandwidth: 0}, demand: {memoryBandwidthPerCore: 8G, llcWays: 0, diskPerCore: 0, networkPerCore: 0}}
    - {name: c, request: {cpu: 3, memory: 1Gi}, latency: {cpu: 1ms}, sensitivity: {cpu: 0, memoryBandwidth: 1, llc: 0, diskIo: 0, networkBandwidth: 0}, demand: {memoryBandwidthPerCore: 8G, llcWays: 0, diskPerCore: 0, networkPerCore: 0}}
  requestTypes:
    - {name: ra, root: {service: a, operation: op, work: {distribution: exponential, mean: 1ms}}}
    - {name: rb, root: {service: b, operation: op, work: {distribution: exponential, mean: 1ms}}}
    - {name: rc, root: {service: c, operation: op, work: {distribution: exponential, mean: 1ms}}}
)";

std::string memoryHeavyScenario(const std::string& graph, int nodes, bool contention, const std::string& extra = "",
                                const std::string& bandwidth = "60G")
{
    // 2 000 calls/s of 1 ms: each service is ~2 cores busy, demanding ~16 GB/s; three on one
    // 60 GB/s node use 0.8 of it (past the knee), one per node 0.27 (headroom).
    return "apiVersion: orrery.dev/v1\nkind: Scenario\nmetadata: {name: mem}\nspec:\n  seed: 7\n  horizon: 20s\n  samplePeriod: 1s\n"
           "  cluster:\n    pools:\n      - {name: node, count: " + std::to_string(nodes) + ", cpu: 10, memory: 32Gi, memoryBandwidth: " + bandwidth + "}\n"
           + (contention ? std::string() : std::string("  contention: {enabled: off}\n"))
           + "  workloads:\n    - name: app\n      kind: Microservices\n      graph: " + graph + "\n      spans: off\n"
           "      instances: {default: {cpu: 3, memory: 1Gi, memoryBandwidth: 20G}}\n      requests:\n"
           "        - {type: ra, arrival: 2000/s}\n        - {type: rb, arrival: 2000/s}\n        - {type: rc, arrival: 2000/s}\n" + extra;
}

} // namespace

void TestContention::initTestCase()
{
    QVERIFY(m_dir.isValid());
    policy::registerBuiltinPlugins(m_registry);
}

model::Scenario TestContention::load(const std::string& text)
{
    return testing::loadScenario(text, m_dir.filePath("s.yaml").toStdString());
}

sim::InMemoryRunRecorder TestContention::run(const model::Scenario& scenario)
{
    return testing::runScenario(scenario, m_registry);
}

void TestContention::curveShape_data()
{
    QTest::addColumn<double>("utilization");
    QTest::addColumn<double>("expected");
    const model::ContentionCurve curve{0.5, 1.6, true};
    QTest::newRow("idle") << 0.0 << 1.0;
    QTest::newRow("below knee") << 0.3 << 1.0;
    QTest::newRow("at knee") << 0.5 << 1.0;
    QTest::newRow("midway") << 0.75 << 1.0 + 0.6 * 0.25;
    QTest::newRow("saturation") << 1.0 << 1.6;
    QTest::newRow("twice the capacity") << 2.0 << 3.2;
    (void)curve;
}

void TestContention::curveShape()
{
    QFETCH(double, utilization);
    QFETCH(double, expected);
    const model::ContentionCurve curve{0.5, 1.6, true};
    QCOMPARE(curve.stretch(utilization), expected);
    const model::ContentionCurve capped{0.5, 1.6, false};
    QCOMPARE(capped.stretch(utilization), std::min(expected, 1.6));
}

void TestContention::slowdownMonotoneInPressure()
{
    env::NodeContention contention = oneNode();
    const auto victim = contention.add(0, only(model::ContendedResource::MemoryBandwidth), {}, nullptr, 0);
    const auto stressor = contention.add(0, only(model::ContendedResource::MemoryBandwidth, 0.0), {}, nullptr, 0);
    double previous = 0.0;
    for (int step = 0; step <= 30; ++step) {
        contention.setDemand(stressor, {0, 60e9 * step / 20.0, 0, 0, 0, 0});
        contention.refresh(0);
        const double slowdown = contention.slowdown(victim);
        QVERIFY2(slowdown >= previous, qPrintable(QString("step %1: %2 < %3").arg(step).arg(slowdown).arg(previous)));
        previous = slowdown;
        QCOMPARE(contention.slowdown(stressor), 1.0); // a stressor has no sensitivity
    }
    QVERIFY(previous > 2.0); // 1.5× the capacity: 1.6 × 1.5 = 2.4
}

void TestContention::reservedSharesShield()
{
    double previous = 1e9;
    for (const double limit : {0.0, 6e9, 30e9, 60e9}) {
        env::NodeContention contention = oneNode();
        const auto victim = contention.add(0, only(model::ContendedResource::MemoryBandwidth), {0, limit, 0, 0, 0, 0}, nullptr, 0);
        const auto stressor = contention.add(0, only(model::ContendedResource::MemoryBandwidth, 0.0), {}, nullptr, 0);
        contention.setDemand(stressor, {0, 60e9, 0, 0, 0, 0});
        contention.refresh(0);
        const double slowdown = contention.slowdown(victim);
        QVERIFY2(slowdown < previous, qPrintable(QString("limit %1: %2 !< %3").arg(limit).arg(slowdown).arg(previous)));
        previous = slowdown;
    }
    QCOMPARE(previous, 1.0); // a limit of the whole node's bandwidth reserves it all
}

void TestContention::ownLimitThrottles()
{
    // MBA at 2 GB/s for a resident wanting 4 GB/s: it runs at twice its limit on an idle node.
    env::NodeContention contention = oneNode();
    const auto resident = contention.add(0, only(model::ContendedResource::MemoryBandwidth), {0, 2e9, 0, 0, 0, 0}, nullptr, 0);
    contention.setDemand(resident, {0, 1e9, 0, 0, 0, 0});
    contention.refresh(0);
    QCOMPARE(contention.slowdown(resident), 1.0); // half its limit: below the knee
    contention.setDemand(resident, {0, 4e9, 0, 0, 0, 0});
    contention.refresh(0);
    QVERIFY(contention.slowdown(resident) >= 2.0 * 1.6 * 0.999);
}

void TestContention::stressorAtFullIntensitySaturates()
{
    const model::ContentionSpec spec;
    for (int r = 0; r < model::kContendedResourceCount; ++r) {
        const auto resource = static_cast<model::ContendedResource>(r);
        env::NodeContention contention = oneNode();
        if (contention.capacity(0)[static_cast<std::size_t>(r)] == 0.0)
            continue; // no devices on this node
        const auto victim = contention.add(0, only(resource), {}, nullptr, 0);
        const auto stressor = contention.add(0, only(resource, 0.0), {}, nullptr, 0);
        env::NodeContention::Vector demand{};
        demand[static_cast<std::size_t>(r)] = contention.capacity(0)[static_cast<std::size_t>(r)];
        contention.setDemand(stressor, demand);
        contention.refresh(0);
        QVERIFY2(contention.slowdown(victim) >= spec.curve(resource).saturation,
                 qPrintable(QString::fromStdString(std::string(model::toString(resource)))));
    }
}

void TestContention::coLocatedMemoryHeavyServicesSlowEachOther()
{
    std::ofstream(m_dir.filePath("memheavy.yaml").toStdString()) << kMemoryHeavyGraph;
    const std::string graph = m_dir.filePath("memheavy.yaml").toStdString();
    const auto packed = run(load(memoryHeavyScenario(graph, 1, true)));
    const auto spread = run(load(memoryHeavyScenario(graph, 3, true)));
    const auto packedFlat = run(load(memoryHeavyScenario(graph, 1, false)));
    const auto spreadFlat = run(load(memoryHeavyScenario(graph, 3, false)));
    for (const std::string type : {"ra", "rb", "rc"}) {
        const double p99Packed = metric(packed, "ms." + type + ".latency.p99");
        const double p99Spread = metric(spread, "ms." + type + ".latency.p99");
        QVERIFY2(p99Packed > 1.15 * p99Spread, qPrintable(QString("%1: packed %2 s, spread %3 s").arg(type.c_str()).arg(p99Packed).arg(p99Spread)));
        // The flat physics could not tell them apart: same work, same cores, same arrivals.
        QCOMPARE(metric(packedFlat, "ms." + type + ".latency.p99"), metric(spreadFlat, "ms." + type + ".latency.p99"));
    }
}

void TestContention::coLocatedBatchJobsSlowEachOther()
{
    auto scenario = [](int nodes, bool contention) {
        return "apiVersion: orrery.dev/v1\nkind: Scenario\nmetadata: {name: batch}\nspec:\n  seed: 3\n  horizon: 10m\n"
               "  cluster:\n    pools:\n      - {name: node, count: " + std::to_string(nodes) + ", cpu: 16, memory: 64Gi, memoryBandwidth: 60G}\n"
               + (contention ? std::string() : std::string("  contention: {enabled: off}\n"))
               + "  workloads:\n    - {name: etl, kind: BatchJobs, arrivalRate: 1/s, maxJobs: 200, request: {cpu: 2, memory: 2Gi},"
                 " duration: 10s, demand: {memoryBandwidthPerCore: 8G}}\n";
    };
    // ~10 jobs running at once (20 cores of 64, so none waits): first fit packs up to 8 of them
    // on node 0 (16 cores wanting 128 GB/s of its 60).
    const auto one = run(load(scenario(4, true)));
    const auto flat = run(load(scenario(4, false)));
    const double contended = metric(one, "job.completion_time.mean");
    QCOMPARE(metric(flat, "job.completion_time.mean"), 10.0); // flat: every job takes its duration
    QVERIFY2(contended > 15.0, qPrintable(QString("mean completion %1 s").arg(contended)));
}

void TestContention::stressorTenantSlowsVictimByTheCurve()
{
    std::ofstream(m_dir.filePath("memheavy.yaml").toStdString()) << kMemoryHeavyGraph;
    const std::string graph = m_dir.filePath("memheavy.yaml").toStdString();
    const std::string anomaly = "  anomalies:\n    - {kind: memory-bandwidth, target: a/0, intensity: 1, start: 0s, duration: 1h}\n";
    const auto base = run(load(memoryHeavyScenario(graph, 3, true)));
    const auto hit = run(load(memoryHeavyScenario(graph, 3, true, anomaly)));
    // a's node: the stressor's 60 GB/s plus a's ~16 → u ≈ 1.27; f = 1.6 · u; a's MBA limit
    // (20 GB/s) reserves a third of the node: slowdown ≥ 1 + (1 − 1/3)(1.6 − 1) = 1.4.
    const double ratio = metric(hit, "ms.service.a.latency.p50") / metric(base, "ms.service.a.latency.p50");
    QVERIFY2(ratio >= 1.4, qPrintable(QString("a slowed %1×").arg(ratio)));
    // b and c run on other nodes: untouched.
    QCOMPARE(metric(hit, "ms.service.b.latency.p50"), metric(base, "ms.service.b.latency.p50"));
}

void TestContention::containerScopeStaysInsideItsTarget()
{
    // All three services on one node with 200 GB/s: ~48 GB/s of their own (u 0.24, headroom).
    std::ofstream(m_dir.filePath("memheavy.yaml").toStdString()) << kMemoryHeavyGraph;
    const std::string graph = m_dir.filePath("memheavy.yaml").toStdString();
    auto anomaly = [](const char* scope) {
        return std::string("  anomalies:\n    - {kind: memory-bandwidth, target: a/0, intensity: 1, start: 0s, duration: 1h, scope: ")
            + scope + "}\n";
    };
    const auto base = run(load(memoryHeavyScenario(graph, 1, true, "", "200G")));
    const auto node = run(load(memoryHeavyScenario(graph, 1, true, anomaly("node"), "200G")));
    const auto container = run(load(memoryHeavyScenario(graph, 1, true, anomaly("container"), "200G")));
    auto ratio = [&](const sim::InMemoryRunRecorder& hit, const char* service) {
        const std::string name = std::string("ms.service.") + service + ".latency.p50";
        return metric(hit, name) / metric(base, name);
    };
    // A stressor container of its own saturates the node: the neighbour b suffers too.
    QVERIFY2(ratio(node, "b") > 1.3, qPrintable(QString::number(ratio(node, "b"))));
    // Inside a's container it is bounded by a's 20 GB/s MBA limit: a is throttled (its 16 GB/s
    // plus the stressor's 20 against its limit), the node keeps headroom, b is untouched.
    QVERIFY2(ratio(container, "a") > 1.5, qPrintable(QString::number(ratio(container, "a"))));
    QCOMPARE(ratio(container, "b"), 1.0);
}

void TestContention::determinism()
{
    std::ofstream(m_dir.filePath("memheavy.yaml").toStdString()) << kMemoryHeavyGraph;
    const std::string graph = m_dir.filePath("memheavy.yaml").toStdString();
    const std::string anomalies = "  anomalies:\n    - random: {rate: 1/s}\n";
    const auto first = run(load(memoryHeavyScenario(graph, 2, true, anomalies)));
    const auto second = run(load(memoryHeavyScenario(graph, 2, true, anomalies)));
    QCOMPARE(first.metrics().size(), second.metrics().size());
    for (std::size_t i = 0; i < first.metrics().size(); ++i) {
        QCOMPARE(first.metrics()[i].name, second.metrics()[i].name);
        QVERIFY(std::memcmp(&first.metrics()[i].value, &second.metrics()[i].value, sizeof(double)) == 0);
    }
}

QTEST_GUILESS_MAIN(TestContention)
#include "tst_contention.moc"
