// Live experiment files (`spec.target: live`): a good file gives the expected LiveTarget, its
// windows as seeds and its metrics; every mistake gives a diagnostic at the right line, column
// and field; arms must name one control policy (one placement policy with spec.live.placement) and
// are checked against the registry.
#include "experiment/experiment_check.h"
#include "experiment/experiment_loader.h"

#include "orrery_builtin_plugins.h"
#include "policy/plugin_registry.h"

#include <QtTest>

using namespace orrery;

namespace {

const std::string kFileName = ORRERY_SOURCE_DIR "/resources/experiments/live-test.yaml";

const QString kGood = QStringLiteral(R"(apiVersion: orrery.dev/v1
kind: Experiment
metadata:
  name: live-ab
spec:
  target: live
  live:
    context: orrery-serve
    namespace: social-network
    workloads: [nginx-web-server, compose-post-service]
    prometheus: http://127.0.0.1:9090
    windowsPerArm: 4
    window: 20s
    washout: 5s
    controlPeriod: 1s
    orderSeed: 9
    latencyQuery: 'p99{service="$deployment"}'
    sloLatency: 20ms
    metrics:
      - {name: latency.p99, query: 'q1{namespace="$namespace"}[$window]', unit: ms}
      - {name: cpu.limit, query: 'q2', unit: cores}
    guard: {query: 'g', above: 500, consecutive: 2}
    actuation: {burst: 10, perSecond: 2}
  arms:
    - name: hpa
      policies:
        control: {plugin: kube-hpa}
    - name: aimd
      policies:
        control: {plugin: aimd}
  metrics: [latency.p99]
)");

//! Arms that place pods: no Deployments, no latency query, PromQL metrics optional.
const QString kPlacement = QStringLiteral(R"(apiVersion: orrery.dev/v1
kind: Experiment
metadata:
  name: placement-ab
spec:
  target: live
  live:
    namespace: batch
    prometheus: http://127.0.0.1:9090
    windowsPerArm: 2
    window: 10s
    washout: 0s
    placement:
      pods: 12
      request: {cpu: 1500m, memory: 3Gi, gpu: 1}
      schedulerName: orrery-ab
    metrics:
      - {name: latency.p99, query: 'q1', unit: ms}
  arms:
    - {name: packed, policies: {placement: {plugin: first-fit}}}
    - {name: spread, policies: {placement: {plugin: kube}}}
)");

experiment::ExperimentLoadResult parse(const QString& text)
{
    return experiment::parseExperiment(text.toStdString(), kFileName, scenario::ScenarioLoadOptions::defaults());
}

QString describe(const model::Diagnostics& diagnostics)
{
    return QString::fromStdString(model::formatAll(diagnostics));
}

} // namespace

class TestLiveExperimentFile : public QObject {
    Q_OBJECT

private slots:
    void goodFile()
    {
        const auto loaded = parse(kGood);
        QVERIFY2(loaded.ok(), qPrintable(describe(loaded.diagnostics)));
        const experiment::ExperimentSpec& spec = loaded.experiment->spec;
        QVERIFY(spec.live.has_value());
        const experiment::LiveTarget& live = *spec.live;
        QCOMPARE(live.context, std::string("orrery-serve"));
        QCOMPARE(live.nameSpace, std::string("social-network"));
        QCOMPARE(live.workloads, (std::vector<std::string>{"nginx-web-server", "compose-post-service"}));
        QCOMPARE(live.windowsPerArm, 4);
        QCOMPARE(live.window, 20 * sim::kSecond);
        QCOMPARE(live.washout, 5 * sim::kSecond);
        QCOMPARE(live.controlPeriod, sim::kSecond);
        QCOMPARE(live.orderSeed, std::uint64_t{9});
        QCOMPARE(live.sloLatencyMs, 20.0);
        QCOMPARE(live.metrics.size(), std::size_t{2});
        QCOMPARE(live.metrics[1].unit, std::string("cores"));
        QVERIFY(live.guard.has_value());
        QCOMPARE(live.guard->threshold, 500.0);
        QCOMPARE(live.guard->consecutive, 2);
        QCOMPARE(live.actuationBurst, 10.0);
        QCOMPARE(live.actuationPerSecond, 2.0);
        // Windows are the cells' seeds; spec.metrics picks among the live metrics.
        QCOMPARE(spec.seeds, (std::vector<std::uint64_t>{1, 2, 3, 4}));
        QCOMPARE(spec.cellCount(), std::size_t{8});
        QCOMPARE(spec.metrics.size(), std::size_t{1});
        QCOMPARE(spec.metrics[0].name, std::string("latency.p99"));
        QVERIFY(loaded.experiment->scenario.sourceText.empty());

        policy::PluginRegistry registry;
        policy::registerBuiltinPlugins(registry);
        QVERIFY2(experiment::checkExperimentPolicies(*loaded.experiment, registry).empty(), "kube-hpa and aimd are control plugins");
    }

    void metricsDefaultToEveryLiveMetric()
    {
        QString text = kGood;
        text.replace("  metrics: [latency.p99]\n", "");
        const auto loaded = parse(text);
        QVERIFY2(loaded.ok(), qPrintable(describe(loaded.diagnostics)));
        QCOMPARE(loaded.experiment->spec.metrics.size(), std::size_t{2});
        QCOMPARE(loaded.experiment->spec.metrics[1].name, std::string("cpu.limit"));
    }

    void placementFile()
    {
        const auto loaded = parse(kPlacement);
        QVERIFY2(loaded.ok(), qPrintable(describe(loaded.diagnostics)));
        const experiment::LiveTarget& live = *loaded.experiment->spec.live;
        QVERIFY(live.placement.has_value());
        QCOMPARE(live.placement->pods, 12);
        QCOMPARE(live.placement->millicores, std::int64_t{1500});
        QCOMPARE(live.placement->memoryBytes, std::int64_t{3} << 30);
        QCOMPARE(live.placement->gpus, 1);
        QCOMPARE(live.placement->schedulerName, std::string("orrery-ab"));
        QCOMPARE(live.placement->image, std::string("registry.k8s.io/pause:3.9"));
        // The metrics a placement window measures come first, then the PromQL ones.
        std::vector<std::string> names;
        for (const auto& metric : loaded.experiment->spec.metrics)
            names.push_back(metric.name);
        QCOMPARE(names.size(), experiment::livePlacementMetrics().size() + 1);
        QCOMPARE(names.front(), std::string("placement.pods_bound"));
        QCOMPARE(names.back(), std::string("latency.p99"));
        QVERIFY(std::find(names.begin(), names.end(), "placement.fragmentation") != names.end());

        policy::PluginRegistry registry;
        policy::registerBuiltinPlugins(registry);
        QVERIFY2(experiment::checkExperimentPolicies(*loaded.experiment, registry).empty(), "first-fit and kube are placement plugins");
        // Without PromQL metrics it still measures placement.
        QString bare = kPlacement;
        bare.replace("    metrics:\n      - {name: latency.p99, query: 'q1', unit: ms}\n", "");
        const auto withoutPromql = parse(bare);
        QVERIFY2(withoutPromql.ok(), qPrintable(describe(withoutPromql.diagnostics)));
        QCOMPARE(withoutPromql.experiment->spec.metrics.size(), experiment::livePlacementMetrics().size());
    }

    void shippedPlacementExampleLoads()
    {
        const auto loaded = experiment::loadExperimentFile(ORRERY_SOURCE_DIR "/resources/experiments/live-placement-first-fit-kube.yaml",
                                                           scenario::ScenarioLoadOptions::defaults());
        QVERIFY2(loaded.ok(), qPrintable(describe(loaded.diagnostics)));
        QVERIFY(loaded.experiment->spec.live->placement.has_value());
        policy::PluginRegistry registry;
        policy::registerBuiltinPlugins(registry);
        QVERIFY(experiment::checkExperimentPolicies(*loaded.experiment, registry).empty());
    }

    void badPlacementFiles_data()
    {
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("fieldPath");
        QTest::addColumn<QString>("message");
        QTest::newRow("control arm") << "placement: {plugin: kube}" << "control: {plugin: aimd}" << 21 << "spec.arms[1].policies"
                                     << "exactly one placement policy";
        QTest::newRow("no pods") << "pods: 12" << "pods: 0" << 14 << "spec.live.placement.pods" << "";
        QTest::newRow("unknown placement field") << "schedulerName: orrery-ab" << "scheduler: orrery-ab" << 16
                                                 << "spec.live.placement.scheduler" << "";
        QTest::newRow("bad cpu") << "cpu: 1500m" << "cpu: lots" << 15 << "spec.live.placement.request.cpu" << "";
        QTest::newRow("PromQL metric with a measured name") << "name: latency.p99" << "name: placement.nodes_used" << 18
                                                            << "spec.live.metrics" << "measures itself";
    }

    void badPlacementFiles()
    {
        QFETCH(QString, from);
        QFETCH(QString, to);
        QFETCH(int, line);
        QFETCH(QString, fieldPath);
        QFETCH(QString, message);
        QString text = kPlacement;
        QVERIFY2(text.contains(from), qPrintable(from));
        text.replace(from, to);
        const auto loaded = parse(text);
        QVERIFY(!loaded.ok());
        const bool found = std::any_of(loaded.diagnostics.begin(), loaded.diagnostics.end(), [&](const model::Diagnostic& d) {
            return d.location.line == line && d.fieldPath == fieldPath.toStdString() && d.message.find(message.toStdString()) != std::string::npos;
        });
        QVERIFY2(found, qPrintable(describe(loaded.diagnostics)));
    }

    void badFiles_data()
    {
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("fieldPath");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown target") << "target: live" << "target: moon" << 6 << "spec.target" << "expected simulation or live";
        QTest::newRow("missing namespace") << "    namespace: social-network\n" << "" << 8 << "spec.live.namespace"
                                           << "missing required field 'namespace'";
        QTest::newRow("not a URL") << "http://127.0.0.1:9090" << "127.0.0.1:9090" << 11 << "spec.live.prometheus"
                                   << "expected an http:// or https:// URL";
        QTest::newRow("zero windows") << "windowsPerArm: 4" << "windowsPerArm: 0" << 12 << "spec.live.windowsPerArm" << "";
        QTest::newRow("bad window") << "window: 20s" << "window: soon" << 13 << "spec.live.window" << "";
        QTest::newRow("period above window") << "controlPeriod: 1s" << "controlPeriod: 30s" << 8 << "spec.live.controlPeriod"
                                             << "longer than the window";
        QTest::newRow("unknown live field") << "orderSeed: 9" << "orderSeeds: 9" << 16 << "spec.live.orderSeeds"
                                            << "did you mean 'orderSeed'";
        QTest::newRow("metric without query") << "{name: cpu.limit, query: 'q2', unit: cores}" << "{name: cpu.limit, unit: cores}" << 21
                                              << "spec.live.metrics[1].query" << "missing required field 'query'";
        QTest::newRow("metric twice") << "name: cpu.limit" << "name: latency.p99" << 21 << "spec.live.metrics[1].name" << "listed twice";
        QTest::newRow("guard without threshold") << "above: 500, " << "" << 22 << "spec.live.guard.above" << "missing required field 'above'";
        QTest::newRow("unknown compared metric") << "metrics: [latency.p99]" << "metrics: [latency.p90]" << 31 << "spec.metrics[0]"
                                                 << "did you mean 'latency.p99'";
        QTest::newRow("scenario in a live experiment") << "  target: live\n" << "  target: live\n  scenario: ../scenarios/demo.yaml\n" << 7
                                                       << "spec.scenario" << "a live experiment has no scenario";
        QTest::newRow("seeds in a live experiment") << "  metrics: [latency.p99]" << "  metrics: [latency.p99]\n  seeds: [1, 2]" << 32
                                                    << "spec.seeds" << "spec.live.windowsPerArm";
        QTest::newRow("placement arm") << "control: {plugin: aimd}" << "placement: {plugin: first-fit}" << 28 << "spec.arms[1].policies"
                                       << "exactly one control policy";
        QTest::newRow("live without target") << "  target: live\n" << "  scenario: ../scenarios/demo.yaml\n" << 8 << "spec.live"
                                             << "needs spec.target: live";
    }

    void badFiles()
    {
        QFETCH(QString, from);
        QFETCH(QString, to);
        QFETCH(int, line);
        QFETCH(QString, fieldPath);
        QFETCH(QString, message);
        QString text = kGood;
        QVERIFY2(text.contains(from), qPrintable(from));
        text.replace(from, to);
        const auto loaded = parse(text);
        QVERIFY(!loaded.ok());
        const bool found = std::any_of(loaded.diagnostics.begin(), loaded.diagnostics.end(), [&](const model::Diagnostic& d) {
            return d.location.file == kFileName && d.location.line == line && d.fieldPath == fieldPath.toStdString()
                && d.message.find(message.toStdString()) != std::string::npos;
        });
        QVERIFY2(found, qPrintable(describe(loaded.diagnostics)));
    }
};

QTEST_GUILESS_MAIN(TestLiveExperimentFile)
#include "tst_live_experiment_file.moc"
