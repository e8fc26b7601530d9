#include "kinds/built_in_kinds.h"
#include "control_test_support.h"
#include "kinds/microservices/microservices_spec.h"
#include "kinds/microservices/processor_sharing_instance.h"
#include "env/simulation.h"

#include "orrery_builtin_plugins.h"
#include "policy/plugin_registry.h"
#include "scenario/scenario_loader.h"
#include "sim/in_memory_run_recorder.h"
#include "trace/span_sink.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <map>

using namespace orrery;

//! The request-level microservice simulation: processor sharing on hand-computed cases, call
//! tree timing (sequential, parallel, background), arrival rates, anomalies, spans, drops and
//! determinism.
class TestMicroserviceSimulation : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void processorSharing_data();
    void processorSharing();
    void processorSharingRateChange();
    void callTreeTiming();
    void poissonRate();
    void diurnalShape();
    void cpuAnomalyHitsItsTarget();
    void annotationsAreGroundTruth();
    void recordsRequestSlos();
    void sameSeedSameSpans();
    void samplingAndSwitch();
    void overloadDrops();

private:
    std::string writeGraph(const std::string& name, const std::string& text);
    model::Scenario load(const std::string& text);
    sim::InMemoryRunRecorder run(const model::Scenario& scenario, trace::SpanSink* sink = nullptr);

    QTemporaryDir m_dir;
    policy::PluginRegistry m_registry;
};

namespace {

//! Keeps every trace and its names.
class CollectingSink : public trace::SpanSink {
public:
    void recordTraces(std::span<const trace::Trace> traces, const trace::NameTable& names) override
    {
        for (const auto& trace : traces)
            traces_.push_back(trace);
        names_ = names;
        ++batches;
    }
    std::vector<trace::Trace> traces_;
    trace::NameTable names_;
    int batches = 0;

    //! Duration of the first span of `service` in `trace`.
    std::int64_t durationOf(const trace::Trace& trace, const std::string& service) const
    {
        for (const auto& span : trace.spans) {
            if (names_.name(span.service) == service)
                return span.durationNs;
        }
        return -1;
    }
};

const char* const kTinyGraph = R"(apiVersion: orrery.dev/v1
kind: ServiceGraph
metadata: {name: tiny}
spec:
  services:
    - {name: a, request: {cpu: 1, memory: 1Gi}, latency: {cpu: 1ms}}
    - {name: b, request: {cpu: 1, memory: 1Gi}, latency: {cpu: 2ms}}
    - {name: c, request: {cpu: 1, memory: 1Gi}, latency: {cpu: 3ms}}
  requestTypes:
    - name: seq
      root:
        {service: a, operation: op, work: 1ms, calls: [{service: b, operation: op, work: 2ms}, {service: c, operation: op, work: 3ms}]}
    - name: par
      root:
        service: a
        operation: op
        work: 1ms
        calls:
          - parallel: [{service: b, operation: op, work: 2ms}, {service: c, operation: op, work: 3ms}]
    - name: bg
      root:
        service: a
        operation: op
        work: 1ms
        calls:
          - {service: c, operation: op, work: 3ms, background: true}
          - {service: b, operation: op, work: 2ms}
)";

std::string scenarioText(const std::string& graph, const std::string& requests, const std::string& extra = "",
                         const std::string& horizon = "10s", int nodes = 16, const std::string& seed = "1")
{
    return "apiVersion: orrery.dev/v1\nkind: Scenario\nmetadata: {name: ms}\nspec:\n  seed: " + seed + "\n  horizon: " + horizon
        + "\n  samplePeriod: 1s\n  cluster:\n    pools:\n      - {name: node, count: " + std::to_string(nodes)
        + ", cpu: 2, memory: 8Gi}\n  workloads:\n    - name: app\n      kind: Microservices\n      graph: " + graph
        + "\n      instances: {default: {cpu: 1, memory: 1Gi}}\n      requests:\n" + requests + extra;
}

using testing::metric;

} // namespace

void TestMicroserviceSimulation::initTestCase()
{
    kinds::registerBuiltInKinds();
    QVERIFY(m_dir.isValid());
    policy::registerBuiltinPlugins(m_registry);
}

std::string TestMicroserviceSimulation::writeGraph(const std::string& name, const std::string& text)
{
    const std::string path = m_dir.filePath(QString::fromStdString(name)).toStdString();
    std::ofstream(path) << text;
    return path;
}

model::Scenario TestMicroserviceSimulation::load(const std::string& text)
{
    scenario::ScenarioLoadOptions options;
    options.resourcePath = {ORRERY_SOURCE_DIR "/resources"};
    const auto result = scenario::parseScenario(text, m_dir.filePath("s.yaml").toStdString(), options);
    if (!result.ok())
        qFatal("%s", model::formatAll(result.diagnostics).c_str());
    return *result.scenario;
}

sim::InMemoryRunRecorder TestMicroserviceSimulation::run(const model::Scenario& scenario, trace::SpanSink* sink)
{
    sim::InMemoryRunRecorder recorder;
    env::Simulation simulation(scenario, m_registry);
    simulation.setSpanSink(sink);
    const auto result = simulation.run(recorder);
    if (result.status != sim::RunStatus::Completed)
        qFatal("run failed: %s", result.message.c_str());
    return recorder;
}

void TestMicroserviceSimulation::processorSharing_data()
{
    QTest::addColumn<double>("cores");
    QTest::addColumn<QList<qint64>>("arrivalsUs");
    QTest::addColumn<QList<qint64>>("worksUs");
    QTest::addColumn<QList<qint64>>("finishUs");
    // Two equal calls on one core: both finish at twice the work.
    QTest::newRow("two equal, 1 core") << 1.0 << QList<qint64>{0, 0} << QList<qint64>{1000, 1000} << QList<qint64>{2000, 2000};
    // A alone for 5 ms, then shared: A needs 5 more at rate 1/2 (15 ms); B has 5 left alone (20 ms).
    QTest::newRow("staggered, 1 core") << 1.0 << QList<qint64>{0, 5000} << QList<qint64>{10000, 10000} << QList<qint64>{15000, 20000};
    // Three calls on two cores: each at 2/3 until the short one leaves at 3 ms (2 ms of work),
    // then each remaining call has a full core.
    QTest::newRow("three on 2 cores") << 2.0 << QList<qint64>{0, 0, 0} << QList<qint64>{2000, 4000, 4000}
                                      << QList<qint64>{3000, 5000, 5000};
    // Fewer calls than cores: no sharing.
    QTest::newRow("under capacity") << 4.0 << QList<qint64>{0, 0} << QList<qint64>{1000, 3000} << QList<qint64>{1000, 3000};
}

void TestMicroserviceSimulation::processorSharing()
{
    QFETCH(double, cores);
    QFETCH(QList<qint64>, arrivalsUs);
    QFETCH(QList<qint64>, worksUs);
    QFETCH(QList<qint64>, finishUs);
    kinds::microservices::ProcessorSharingInstance instance(cores);
    std::map<std::uint64_t, sim::SimTime> finished;
    std::vector<std::uint64_t> tokens;
    qsizetype next = 0;
    sim::SimTime now = 0;
    while (finished.size() < static_cast<std::size_t>(arrivalsUs.size())) {
        const sim::SimTime arrival = next < arrivalsUs.size() ? arrivalsUs[next] * sim::kMicrosecond : sim::kSimTimeMax;
        const sim::SimTime completion = instance.nextCompletion();
        if (arrival <= completion) {
            now = arrival;
            instance.add(now, static_cast<double>(worksUs[next] * sim::kMicrosecond), static_cast<std::uint64_t>(next));
            ++next;
        } else {
            now = completion;
            tokens.clear();
            instance.collectFinished(now, tokens);
            QVERIFY(!tokens.empty());
            for (const auto token : tokens)
                finished[token] = now;
        }
    }
    for (qsizetype i = 0; i < finishUs.size(); ++i)
        QCOMPARE(finished[static_cast<std::uint64_t>(i)], finishUs[i] * sim::kMicrosecond);
}

void TestMicroserviceSimulation::processorSharingRateChange()
{
    // 10 ms of work; after 4 ms the slowdown doubles: the remaining 6 ms take 12 ms.
    kinds::microservices::ProcessorSharingInstance instance(1.0);
    instance.add(0, 10.0 * sim::kMillisecond, 7);
    instance.setSlowdown(4 * sim::kMillisecond, 2.0);
    QCOMPARE(instance.nextCompletion(), 16 * sim::kMillisecond);
    // Capacity halves at 10 ms (3 ms of work left at rate 1/2 → 1/4): 12 ms more.
    instance.setCapacity(10 * sim::kMillisecond, 0.5);
    QCOMPARE(instance.nextCompletion(), 22 * sim::kMillisecond);
    QCOMPARE(instance.busyCoreSeconds(22 * sim::kMillisecond), 0.010 + 0.006); // min(n, c) · dt
}

void TestMicroserviceSimulation::callTreeTiming()
{
    const std::string graph = writeGraph("tiny.yaml", kTinyGraph);
    // One type per run: requests of different types arriving together would share instance a.
    std::map<std::string, trace::Trace> byType;
    CollectingSink sink;
    for (const char* type : {"seq", "par", "bg"}) {
        CollectingSink one;
        run(load(scenarioText(graph, std::string("        - {type: ") + type + ", arrival: {process: constant, rate: 1/s}}\n", "", "3500ms")), &one);
        QCOMPARE(one.traces_.size(), std::size_t{3});
        byType[type] = one.traces_.front();
        sink.names_ = one.names_;
    }
    // Sequential stages: the root waits for the sum; parallel: for the longest; background: not at all.
    QCOMPARE(sink.durationOf(byType["seq"], "a"), 6 * sim::kMillisecond);
    QCOMPARE(sink.durationOf(byType["par"], "a"), 4 * sim::kMillisecond);
    QCOMPARE(sink.durationOf(byType["bg"], "a"), 3 * sim::kMillisecond);
    const trace::Trace& bg = byType["bg"];
    bool sawFollowsFrom = false;
    for (const auto& span : bg.spans) {
        if (sink.names_.name(span.service) == "c") {
            QCOMPARE(span.relation, trace::SpanRelation::FollowsFrom);
            QCOMPARE(span.durationNs, 3 * sim::kMillisecond);
            sawFollowsFrom = true;
        }
        if (span.relation == trace::SpanRelation::Root)
            QCOMPARE(span.parent, trace::SpanId{0});
        QCOMPARE(sink.names_.name(span.instance), sink.names_.name(span.service) + "/0");
    }
    QVERIFY(sawFollowsFrom);
}

void TestMicroserviceSimulation::poissonRate()
{
    const std::string graph = writeGraph("tiny.yaml", kTinyGraph);
    const model::Scenario scenario = load(scenarioText(graph, "        - {type: seq, arrival: 100/s}\n", "", "1000s"));
    const auto recorder = run(scenario);
    // 100 000 expected; σ = 316, so ±1.5 % is beyond 4σ.
    QVERIFY(std::abs(metric(recorder, "ms.seq.requests") - 100'000.0) < 1'500.0);
    QVERIFY(metric(recorder, "ms.seq.completed") > 99'000.0);
}

void TestMicroserviceSimulation::diurnalShape()
{
    const std::string graph = writeGraph("tiny.yaml", kTinyGraph);
    const model::Scenario scenario = load(scenarioText(
        graph, "        - {type: seq, arrival: {process: diurnal, rate: 100/s, amplitude: 0.8, period: 100s}}\n", "", "1000s"));
    const auto recorder = run(scenario);
    // Windows of the sine's positive half against its negative half: (1 + 2a/π) / (1 − 2a/π) ≈ 3.07.
    double high = 0;
    double low = 0;
    for (const auto& series : recorder.series()) {
        if (series.name != "ms.seq.throughput")
            continue;
        for (const auto& [time, value] : series.samples) {
            const sim::SimTime phase = (time - 1) % (100 * sim::kSecond);
            (phase < 50 * sim::kSecond ? high : low) += value;
        }
    }
    QVERIFY2(high / low > 2.6 && high / low < 3.6, qPrintable(QString::number(high / low)));
    QVERIFY(std::abs(metric(recorder, "ms.seq.requests") - 100'000.0) < 2'500.0);
}

void TestMicroserviceSimulation::cpuAnomalyHitsItsTarget()
{
    // 16 two-core nodes: every instance has a node of its own, so only text-service's node is hogged.
    const std::string requests = "        - {type: compose-post, arrival: 200/s}\n";
    const std::string anomaly = "  anomalies:\n    - {kind: cpu, target: text-service, intensity: 0.8, start: 0s, duration: 1h}\n";
    const auto base = run(load(scenarioText("socialnetwork", requests, "", "20s", 16)));
    const auto hit = run(load(scenarioText("socialnetwork", requests, anomaly, "20s", 16)));
    const double textBefore = metric(base, "ms.service.text-service.latency.p50");
    const double textAfter = metric(hit, "ms.service.text-service.latency.p50");
    const double idBefore = metric(base, "ms.service.unique-id-service.latency.p50");
    const double idAfter = metric(hit, "ms.service.unique-id-service.latency.p50");
    // The hog leaves 0.4 of its 1-core limit (2.5× on its own work) and the busy node adds SMT
    // contention; its span also holds its callees' spans, which are not slowed: ≈ 1.9×.
    QVERIFY2(textAfter > 1.6 * textBefore, qPrintable(QString("%1 -> %2").arg(textBefore).arg(textAfter)));
    QVERIFY2(std::abs(idAfter - idBefore) < 0.05 * idBefore, qPrintable(QString("%1 -> %2").arg(idBefore).arg(idAfter)));
    QVERIFY(metric(hit, "ms.compose-post.latency.p50") > metric(base, "ms.compose-post.latency.p50"));
}

void TestMicroserviceSimulation::annotationsAreGroundTruth()
{
    const std::string anomalies = "  anomalies:\n"
                                  "    - {kind: llc, target: text-service/0, intensity: 0.5, start: 2s, duration: 3s, pattern: ramp}\n"
                                  "    - {kind: workload-variation, target: compose-post, intensity: 1, start: 1s, duration: 2s}\n"
                                  "    - {kind: cpu, target: node-3, intensity: 0.4, start: 4s, duration: 30s}\n"
                                  "    - random: {rate: 2/s, start: 5s}\n";
    const auto recorder = run(load(scenarioText("socialnetwork", "        - {type: compose-post, arrival: 100/s}\n", anomalies, "20s", 16)));
    std::vector<sim::RunAnnotation> annotations; // the anomalies, without the run's structure (run.workload)
    for (const sim::RunAnnotation& annotation : recorder.annotations()) {
        if (annotation.kind.rfind("anomaly.", 0) == 0)
            annotations.push_back(annotation);
    }
    QVERIFY(annotations.size() > 10); // two explicit, about 30 random
    QCOMPARE(annotations[0].kind, std::string("anomaly.workload-variation"));
    QCOMPARE(annotations[1].kind, std::string("anomaly.llc"));
    QCOMPARE(annotations[1].target, std::string("text-service/0"));
    QCOMPARE(annotations[1].start, 2 * sim::kSecond);
    QCOMPARE(annotations[1].end, 5 * sim::kSecond);
    QCOMPARE(annotations[1].intensity, 0.5);
    QCOMPARE(annotations[2].kind, std::string("anomaly.cpu"));
    QCOMPARE(annotations[2].target, std::string("node-3"));
    QCOMPARE(annotations[2].end, 20 * sim::kSecond); // capped at the horizon
    for (std::size_t i = 3; i < annotations.size(); ++i) {
        QVERIFY(annotations[i].start >= 5 * sim::kSecond);
        QVERIFY(annotations[i].intensity >= 0.1 && annotations[i].intensity <= 1.0);
        QVERIFY(annotations[i].target.find('/') != std::string::npos); // random targets are instances
    }
    // Workload variation (1 + 2·1 = 3× for 2 s): 100/s · (20 + 2·2) s ≈ 2400 arrivals.
    QVERIFY(std::abs(metric(recorder, "ms.compose-post.requests") - 2400.0) < 200.0);
}

void TestMicroserviceSimulation::recordsRequestSlos()
{
    // What `orrery localize` reads instead of the scenario: each request type's SLO, in ms.
    const auto recorder = run(load(scenarioText("socialnetwork",
                                                "        - {type: compose-post, arrival: 50/s, slo: 40ms}\n"
                                                "        - {type: read-home-timeline, arrival: 50/s}\n",
                                                "", "2s", 16)));
    std::vector<sim::RunAnnotation> slos;
    for (const sim::RunAnnotation& annotation : recorder.annotations()) {
        if (annotation.kind == orrery::kinds::microservices::kRunRequestSloAnnotation)
            slos.push_back(annotation);
    }
    QCOMPARE(slos.size(), std::size_t{1}); // read-home-timeline has none
    QCOMPARE(slos[0].target, std::string("compose-post"));
    QCOMPARE(slos[0].intensity, 40.0);
    QCOMPARE(slos[0].start, sim::SimTime{0});
}

void TestMicroserviceSimulation::sameSeedSameSpans()
{
    const std::string requests = "        - {type: compose-post, arrival: 300/s}\n        - {type: read-home-timeline, arrival: 500/s}\n";
    const std::string anomalies = "  anomalies:\n    - random: {rate: 1/s}\n";
    auto spansOf = [&](const std::string& seed) {
        CollectingSink sink;
        run(load(scenarioText("socialnetwork", requests, anomalies, "5s", 16, seed)), &sink);
        std::vector<std::tuple<std::uint64_t, std::int64_t, std::int64_t, std::uint32_t>> spans;
        for (const auto& trace : sink.traces_) {
            for (const auto& span : trace.spans)
                spans.emplace_back(span.id, span.startNs, span.durationNs, span.instance);
        }
        return spans;
    };
    const auto first = spansOf("1");
    QVERIFY(first.size() > 10'000);
    QVERIFY(first == spansOf("1"));
    QVERIFY(first != spansOf("2"));
}

void TestMicroserviceSimulation::samplingAndSwitch()
{
    const std::string requests = "        - {type: read-user-timeline, arrival: 1000/s}\n";
    CollectingSink all;
    const auto full = run(load(scenarioText("socialnetwork", requests, "", "10s")), &all);
    QCOMPARE(static_cast<double>(all.traces_.size()), metric(full, "ms.completed"));
    QVERIFY(all.batches >= 3); // 4096 traces per batch, plus the rest at the end
    CollectingSink sampled;
    run(load(scenarioText("socialnetwork", requests, "      traceSampling: 0.1\n", "10s")), &sampled);
    QVERIFY(std::abs(static_cast<double>(sampled.traces_.size()) - 1000.0) < 120.0);
    CollectingSink none;
    run(load(scenarioText("socialnetwork", requests, "      spans: off\n", "10s")), &none);
    QVERIFY(none.traces_.empty());
}

void TestMicroserviceSimulation::overloadDrops()
{
    // 1 ms of post-storage work per read at 3000/s on one core: three times its capacity.
    const std::string graph = writeGraph("tiny.yaml", kTinyGraph);
    const auto recorder = run(load(scenarioText(graph, "        - {type: seq, arrival: 1500/s}\n", "      queueLimit: 50\n", "5s")));
    const double dropped = metric(recorder, "ms.seq.dropped");
    const double completed = metric(recorder, "ms.seq.completed");
    QVERIFY(dropped > 1000.0);
    QVERIFY(completed > 500.0);
    // Latency stays bounded by the queue: at most ~50 calls × 3 ms ahead at service c.
    QVERIFY2(metric(recorder, "ms.seq.latency.p99") < 0.5, qPrintable(QString::number(metric(recorder, "ms.seq.latency.p99"))));
}

QTEST_GUILESS_MAIN(TestMicroserviceSimulation)
#include "tst_microservice_simulation.moc"
