// Batch jobs that share a GPU (`request: {gpu: 400m}`; docs/model.md, "GPU sharing"): shares stack
// on one GPU through the simulation's GPU ledger, whole-GPU jobs take only untouched GPUs, and
// the scenario reader takes the share's forms and refuses the rest with the field named.
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
