// Kinds declare the metrics they record (env::RecordedMetric, core/kinds/*/*_kind.cpp), and the
// experiment validator reads that list (experiment::isKnownMetric): a real run of each kind's
// shipped scenario records nothing the validator would warn about, and each kind metric is
// declared with the unit it is recorded in.
#include "env/simulation.h"
#include "env/workload_kind_runtimes.h"
#include "experiment/metric_catalog.h"
#include "kinds/built_in_kinds.h"
#include "model/diagnostic.h"
#include "orrery_builtin_plugins.h"
#include "policy/plugin_registry.h"
#include "scenario/scenario_loader.h"
#include "sim/in_memory_run_recorder.h"

#include <QFile>
#include <QTest>

using namespace orrery;

class TestKindMetrics : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        kinds::registerBuiltInKinds();
        policy::registerBuiltinPlugins(m_registry);
    }

    void patterns_data()
    {
        QTest::addColumn<QString>("pattern");
        QTest::addColumn<QString>("metric");
        QTest::addColumn<bool>("matches");
        QTest::newRow("exact") << "fn.invocations" << "fn.invocations" << true;
        QTest::newRow("exact differs") << "fn.invocations" << "fn.invocation" << false;
        QTest::newRow("placeholder") << "fn.<function>.latency.p99" << "fn.image-resize-2.latency.p99" << true;
        QTest::newRow("placeholder is one segment") << "fn.<function>.latency.p99" << "fn.a.b.latency.p99" << false;
        QTest::newRow("placeholder not empty") << "fn.<function>.latency.p99" << "fn..latency.p99" << false;
        QTest::newRow("placeholder at the end") << "train.<job>" << "train.resnet" << true;
        QTest::newRow("rest must match") << "serving.<device>.power.mean" << "serving.t4-0.power.max" << false;
    }

    void patterns()
    {
        QFETCH(QString, pattern);
        QFETCH(QString, metric);
        QFETCH(bool, matches);
        QCOMPARE(env::matchesMetricPattern(pattern.toStdString(), metric.toStdString()), matches);
    }

    void eachKindsRunRecordsOnlyDeclaredMetrics_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("prefix");
        QTest::newRow("microservices") << "socialnetwork-steady.yaml" << "Microservices" << "ms.";
        QTest::newRow("functions") << "functions-churn-table-20.yaml" << "Functions" << "fn.";
        QTest::newRow("model-serving") << "hetsev-demo.yaml" << "model-serving" << "serving.";
        QTest::newRow("training-jobs") << "flowcon-1-worker-10-jobs.yaml" << "training-jobs" << "train.";
        QTest::newRow("strl-jobs") << "strl-heterogeneous.yaml" << "strl-jobs" << "strl.";
    }

    void eachKindsRunRecordsOnlyDeclaredMetrics()
    {
        QFETCH(QString, scenario);
        QFETCH(QString, kind);
        QFETCH(QString, prefix);
        const auto loaded = scenario::loadScenarioFile(ORRERY_SOURCE_DIR "/resources/scenarios/" + scenario.toStdString());
        QVERIFY2(loaded.ok(), model::formatAll(loaded.diagnostics).c_str());
        sim::InMemoryRunRecorder recorder;
        env::Simulation simulation(*loaded.scenario, m_registry);
        const auto result = simulation.run(recorder);
        QVERIFY2(result.status == sim::RunStatus::Completed, result.message.c_str());
        const env::WorkloadKindRuntime* runtime = env::findWorkloadKindRuntime(kind.toStdString());
        QVERIFY(runtime);
        int kindMetrics = 0;
        for (const auto& metric : recorder.metrics()) {
            QVERIFY2(experiment::isKnownMetric(metric.name), ("not declared: " + metric.name).c_str());
            if (!QString::fromStdString(metric.name).startsWith(prefix))
                continue;
            ++kindMetrics;
            const env::RecordedMetric* declared = nullptr;
            for (const env::RecordedMetric& candidate : runtime->recordedMetrics) {
                if (env::matchesMetricPattern(candidate.pattern, metric.name))
                    declared = &candidate;
            }
            QVERIFY2(declared, ("not declared by " + kind.toStdString() + ": " + metric.name).c_str());
            QVERIFY2(declared->unit == metric.unit,
                     (metric.name + " recorded in " + metric.unit + ", declared in " + declared->unit).c_str());
        }
        QVERIFY(kindMetrics >= 5);
    }

    void modelDocListsEveryDeclaration()
    {
        QFile file(QStringLiteral(ORRERY_SOURCE_DIR "/docs/model.md"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString doc = QString::fromUtf8(file.readAll());
        for (const char* kind : {"Microservices", "Functions", "model-serving", "training-jobs", "strl-jobs"}) {
            const env::WorkloadKindRuntime* runtime = env::findWorkloadKindRuntime(kind);
            QVERIFY(runtime);
            QVERIFY(!runtime->recordedMetrics.empty());
            for (const env::RecordedMetric& metric : runtime->recordedMetrics) {
                const QString row = QStringLiteral("| `%1` | `%2` | %3 |")
                                        .arg(kind, QString::fromStdString(metric.pattern), QString::fromStdString(metric.unit));
                QVERIFY2(doc.contains(row), qPrintable("docs/model.md, \"Metrics each kind records\", lacks " + row));
            }
        }
    }

    void functionLatenciesAreLatencyLike()
    {
        QVERIFY(experiment::isLatencyLike("fn.image-resize.latency.p99"));
        QVERIFY(!experiment::isLatencyLike("fn.image-resize.slo_violation_rate"));
        QVERIFY(experiment::isLatencyLike("ms.compose-post.latency.p99"));
        QVERIFY(experiment::isLatencyLike("ms.service.text-service.latency.p99"));
        QVERIFY(!experiment::isLatencyLike("ms.compose-post.slo_violation_rate"));
        QVERIFY(!experiment::isKnownMetric("strl.no_such_metric"));
        QVERIFY(experiment::isKnownMetric("strl.slo_attainment"));
    }

private:
    policy::PluginRegistry m_registry;
};

QTEST_GUILESS_MAIN(TestKindMetrics)
#include "tst_kind_metrics.moc"
