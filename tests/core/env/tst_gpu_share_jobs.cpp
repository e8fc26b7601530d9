// Batch jobs that share a GPU (`request: {gpu: 400m}`; docs/model.md, "GPU sharing"): shares stack
// on one GPU through the simulation's GPU ledger, whole-GPU jobs take only untouched GPUs, and
// the scenario reader takes the share's forms and refuses the rest with the field named; the run
// records every GPU at its peak allocation as annotations (env/gpu_share_annotations.h).
#include "env/gpu_share_annotations.h"
#include "env/simulation.h"
#include "orrery_builtin_plugins.h"
#include "policy/plugin_registry.h"
#include "scenario/scenario_loader.h"
#include "sim/in_memory_run_recorder.h"

#include <QtTest>

using namespace orrery;

namespace {

std::string scenarioText(const std::string& gpu, const std::string& plugin, int maxJobs = 8)
{
    return "apiVersion: orrery.dev/v1\nkind: Scenario\nmetadata: {name: gpu-share}\nspec:\n  seed: 3\n  horizon: 2h\n"
           "  cluster:\n    pools:\n      - {name: t4, count: 1, cpu: 8, memory: 64Gi, devices: [{kind: gpu, model: T4, count: 2}]}\n"
           "  policies:\n    placement: {plugin: " + plugin + "}\n"
           "  workloads:\n    - name: jobs\n      kind: BatchJobs\n      arrivalRate: 1000/s\n      maxJobs: " + std::to_string(maxJobs) +
           "\n      request: {cpu: 500m, memory: 1Gi, gpu: " + gpu + "}\n      duration: 100s\n";
}

double metric(const env::RunResult& result, const std::string& name)
{
    for (const auto& each : result.metrics) {
        if (each.name == name)
            return each.value;
    }
    qFatal("metric %s missing", name.c_str());
}

} // namespace

//! A run's annotations without the structure every run records (env::kRunWorkloadAnnotation).
std::vector<sim::RunAnnotation> withoutStructure(const std::vector<sim::RunAnnotation>& annotations)
{
    std::vector<sim::RunAnnotation> kept;
    for (const sim::RunAnnotation& annotation : annotations) {
        if (annotation.kind != orrery::env::kRunWorkloadAnnotation)
            kept.push_back(annotation);
    }
    return kept;
}

class TestGpuShareJobs : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { policy::registerBuiltinPlugins(m_registry); }

    void sharesStackOnAGpu_data()
    {
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<QString>("plugin");
        QTest::addColumn<double>("meanWait");
        // Eight 100 s jobs on 2 GPUs. Shares of 400m: two per GPU, four at once, so four wait
        // one round (≈ 50 s on average). Whole GPUs: two at once, waits 0, 100, 200, 300 (150).
        QTest::newRow("400m best-fit") << "400m" << "best-fit" << 50.0;
        QTest::newRow("0.4 fgd") << "0.4" << "fgd" << 50.0;
        QTest::newRow("400m random") << "400m" << "random" << 50.0;
        QTest::newRow("whole best-fit") << "1" << "best-fit" << 150.0;
    }

    void sharesStackOnAGpu()
    {
        QFETCH(QString, gpu);
        QFETCH(QString, plugin);
        QFETCH(double, meanWait);
        const auto loaded = scenario::parseScenario(scenarioText(gpu.toStdString(), plugin.toStdString()), "share.yaml");
        QVERIFY2(loaded.scenario, model::formatAll(loaded.diagnostics).c_str());
        env::Simulation simulation(*loaded.scenario, m_registry);
        sim::InMemoryRunRecorder recorder;
        const env::RunResult result = simulation.run(recorder);
        QCOMPARE(metric(result, "jobs.completed"), 8.0);
        const double wait = metric(result, "job.wait.mean");
        QVERIFY2(std::fabs(wait - meanWait) < 2.0, qPrintable(QString::number(wait)));
    }

    void aPolicyWrittenBeforeSharingStillPlacesShares()
    {
        // first-fit (policy API 1.0) is asked for a free GPU per share; the host stacks the share
        // on the fullest GPU it fits. All jobs finish, none on a GPU held past 1000 milli.
        const auto loaded = scenario::parseScenario(scenarioText("400m", "first-fit"), "share.yaml");
        QVERIFY(loaded.scenario);
        env::Simulation simulation(*loaded.scenario, m_registry);
        sim::InMemoryRunRecorder recorder;
        const env::RunResult result = simulation.run(recorder);
        QCOMPARE(metric(result, "jobs.completed"), 8.0);
        QCOMPARE(metric(result, "tasks.pending_at_end"), 0.0);
    }

    void thePeakGpusAreRecorded()
    {
        // Shares of 400m: two stack per GPU, 800m held on each of the two at the peak.
        const QString kind = QStringLiteral("gpu.share");
        const int milli = 800;
        const auto loaded = scenario::parseScenario(scenarioText("400m", "best-fit"), "share.yaml");
        QVERIFY(loaded.scenario);
        env::Simulation simulation(*loaded.scenario, m_registry);
        sim::InMemoryRunRecorder recorder;
        const env::RunResult result = simulation.run(recorder);
        QCOMPARE(metric(result, "cluster.gpu_milli_allocated.peak"), milli / 1000.0);
        const std::vector<sim::RunAnnotation> shareAnnotations = withoutStructure(recorder.annotations());
        QCOMPARE(shareAnnotations.size(), std::size_t(2)); // both GPUs of the one node
        for (const sim::RunAnnotation& annotation : shareAnnotations) {
            QCOMPARE(QString::fromStdString(annotation.kind), kind);
            QVERIFY(annotation.start > 0); // the first sample, at 0, precedes the arrivals
        }
        const auto gpus = env::readGpuShareAnnotations(recorder.annotations());
        QVERIFY(gpus);
        QCOMPARE(gpus->nodes.size(), std::size_t(1));
        const std::vector<model::GpuShare>& shares = gpus->nodes.at("t4-0");
        QCOMPARE(shares.size(), std::size_t(2));
        for (const model::GpuShare& share : shares) {
            QCOMPARE(share.usedMilli, milli);
            QCOMPARE(share.whole, kind == "gpu.whole");
        }
        // The held share over time is a series of its own.
        const auto series = std::find_if(recorder.series().begin(), recorder.series().end(),
                                         [](const auto& each) { return each.name == "cluster.gpu_milli_allocated"; });
        QVERIFY(series != recorder.series().end());
    }

    void aRunWithoutSharesRecordsNoGpus()
    {
        // Whole GPUs only: no ledger, so nothing changes for the runs that do not share.
        const auto loaded = scenario::parseScenario(scenarioText("1", "best-fit"), "share.yaml");
        QVERIFY(loaded.scenario);
        env::Simulation simulation(*loaded.scenario, m_registry);
        sim::InMemoryRunRecorder recorder;
        const env::RunResult result = simulation.run(recorder);
        QVERIFY(withoutStructure(recorder.annotations()).empty());
        QVERIFY(std::none_of(result.metrics.begin(), result.metrics.end(),
                             [](const auto& each) { return each.name == "cluster.gpu_milli_allocated.peak"; }));
    }

    void gpuAnnotationsRoundTrip()
    {
        std::vector<std::pair<std::string, std::vector<model::GpuShare>>> nodes{
            {"a-0", {{1000, true}, {460, false}, {0, false}}}, {"b/x-1", {{0, false}, {999, false}}}};
        std::vector<sim::RunAnnotation> annotations = env::gpuShareAnnotations(nodes, sim::fromSeconds(7));
        QCOMPARE(annotations.size(), std::size_t(5)); // free GPUs too
        QCOMPARE(QString::fromStdString(annotations[2].kind), QStringLiteral("gpu.free"));
        QCOMPARE(QString::fromStdString(annotations[4].target), QStringLiteral("b/x-1/1")); // a '/' in a node name
        annotations.push_back({0, 0, "anomaly.cpu", "svc/0", 0.5}); // not a GPU: ignored
        annotations.push_back({0, 0, "gpu.share", "a-0/x", 0.5});   // bad index: skipped
        annotations.push_back({0, 0, "gpu.share", "noslash", 0.5});
        const auto read = env::readGpuShareAnnotations(annotations);
        QVERIFY(read);
        QCOMPARE(read->at, sim::fromSeconds(7));
        QCOMPARE(read->nodes.size(), std::size_t(2));
        for (const auto& [name, gpus] : nodes) {
            const std::vector<model::GpuShare>& back = read->nodes.at(name);
            QCOMPARE(back.size(), gpus.size());
            for (std::size_t i = 0; i < gpus.size(); ++i) {
                QCOMPARE(back[i].usedMilli, gpus[i].usedMilli);
                QCOMPARE(back[i].whole, gpus[i].whole);
            }
        }
        QVERIFY(!env::readGpuShareAnnotations({{0, 0, "anomaly.cpu", "svc/0", 0.5}}));
    }

    void badSharesAreRefusedWithTheField_data()
    {
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<QString>("message");
        QTest::newRow("1.5 GPUs") << "1.5" << "neither whole GPUs";
        QTest::newRow("1500m") << "1500m" << "neither whole GPUs";
        QTest::newRow("words") << "half" << "'half' is not whole GPUs";
        QTest::newRow("too many") << "65" << "neither whole GPUs";
    }

    void badSharesAreRefusedWithTheField()
    {
        QFETCH(QString, gpu);
        QFETCH(QString, message);
        const auto loaded = scenario::parseScenario(scenarioText(gpu.toStdString(), "best-fit"), "share.yaml");
        QVERIFY(!loaded.scenario);
        const std::string text = model::formatAll(loaded.diagnostics);
        QVERIFY2(QString::fromStdString(text).contains("share.yaml:17:"), text.c_str());
        QVERIFY2(QString::fromStdString(text).contains("request.gpu"), text.c_str());
        QVERIFY2(QString::fromStdString(text).contains(message), text.c_str());
    }

    void aShareNeedsANodeWithAGpu()
    {
        std::string text = scenarioText("300m", "best-fit");
        const std::string devices = ", devices: [{kind: gpu, model: T4, count: 2}]";
        text.replace(text.find(devices), devices.size(), "");
        const auto loaded = scenario::parseScenario(text, "share.yaml");
        QVERIFY(!loaded.scenario);
        QVERIFY2(QString::fromStdString(model::formatAll(loaded.diagnostics)).contains("fits on no node"),
                 model::formatAll(loaded.diagnostics).c_str());
    }

private:
    policy::PluginRegistry m_registry;
};

QTEST_GUILESS_MAIN(TestGpuShareJobs)
#include "tst_gpu_share_jobs.moc"
