// A live A/B experiment end to end, in CI: `orrery serve` presents the simulated Social Network
// as a Kubernetes API and /metrics, a real Prometheus (Debian package) scrapes it, and
// `orrery experiment … --actuate` runs kube-hpa against aimd on it in alternating windows.
// Checked: the experiment completes and its report is produced; the arms really acted (audited
// patches) and the original replicas and limits are back afterwards; without --actuate nothing
// is touched; a tripped SLO guard stops it and restores; a SIGKILL mid-experiment leaves a
// restore point that the restarted experiment puts back before it resumes.
#include "cli_test_support.h"
#include "project_query.h"
#include "prometheus_process.h"
#include "served_cluster_process.h"

#include "live/context_resolver.h"
#include "live/kube_client.h"
#include "live/kube_config_loader.h"
#include "live/namespace_state.h"

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>

using namespace orrery;
using namespace orrery::testing;

namespace {

const QString kNamespace = QStringLiteral("social-network");
const std::vector<std::string> kWorkloads{"nginx-web-server", "compose-post-service", "home-timeline-service"};

QString scenarioPath()
{
    return QStringLiteral(ORRERY_SOURCE_DIR "/resources/scenarios/socialnetwork-steady.yaml");
}

//! The experiment file: kube-hpa (eager: it scales up at once) against aimd (it cuts limits
//! every period while latency is comfortable), `windowsPerArm` windows each.
QString experimentText(const QString& kubeconfig, const QString& prometheus, int windowsPerArm, const QString& guard)
{
    return QStringLiteral(R"(apiVersion: orrery.dev/v1
kind: Experiment
metadata:
  name: live-ab
spec:
  target: live
  live:
    kubeconfig: %1
    namespace: social-network
    workloads: [nginx-web-server, compose-post-service, home-timeline-service]
    prometheus: %2
    windowsPerArm: %3
    window: 5s
    washout: 1s
    controlPeriod: 1s
    telemetryWindow: 3s
    latencyQuery: 1000 * histogram_quantile(0.99, sum by (le) (rate(orrery_service_request_duration_seconds_bucket{namespace="$namespace",service="$deployment"}[$window])))
    sloLatency: 20ms
    metrics:
      - {name: latency.p99, unit: ms, query: '1000 * histogram_quantile(0.99, sum by (le) (rate(orrery_request_duration_seconds_bucket{namespace="$namespace"}[$window])))'}
      - {name: requests.rate, unit: req/s, query: 'sum(rate(orrery_requests_total{namespace="$namespace"}[$window]))'}
      - {name: replicas.max, unit: replicas, query: 'max_over_time(sum(kube_deployment_spec_replicas{namespace="$namespace"})[$window:1s])'}
%4    actuation: {burst: 50, perSecond: 50}
  arms:
    - name: kube-hpa
      policies:
        control: {plugin: kube-hpa, params: {targetUtilization: 0.01, syncPeriod: 1s, scalingPolicyPeriod: 1s, maxReplicas: 6}}
    - name: aimd
      policies:
        control: {plugin: aimd, params: {decreaseFactor: 0.5}}
)")
        .arg(kubeconfig, prometheus)
        .arg(windowsPerArm)
        .arg(guard);
}

bool sameState(const live::NamespaceState& a, const live::NamespaceState& b, QString* difference)
{
    if (a.deployments.size() != b.deployments.size()) {
        *difference = QStringLiteral("deployment count");
        return false;
    }
    for (std::size_t i = 0; i < a.deployments.size(); ++i) {
        const auto& x = a.deployments[i];
        const auto& y = b.deployments[i];
        if (x.name != y.name || x.replicas != y.replicas || x.cpuMillicores != y.cpuMillicores || x.memoryBytes != y.memoryBytes) {
            *difference = QStringLiteral("%1: replicas %2 vs %3, cpu %4m vs %5m, memory %6 vs %7")
                              .arg(QString::fromStdString(x.name))
                              .arg(x.replicas)
                              .arg(y.replicas)
                              .arg(x.cpuMillicores)
                              .arg(y.cpuMillicores)
                              .arg(x.memoryBytes)
                              .arg(y.memoryBytes);
            return false;
        }
    }
    return true;
}

} // namespace

class TestLiveAb : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<ServedClusterProcess> m_served;
    std::unique_ptr<PrometheusProcess> m_prometheus;
    std::unique_ptr<live::KubeClient> m_kube;
    live::NamespaceState m_original;

    QString writeExperiment(const QString& name, int windowsPerArm, const QString& guard = {})
    {
        const QString path = m_dir.filePath(name);
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly))
            qFatal("cannot write %s", qPrintable(path));
        file.write(experimentText(m_served->kubeconfig(), m_prometheus->url(), windowsPerArm, guard).toUtf8());
        return path;
    }

    live::NamespaceState state() { return live::captureNamespaceState(*m_kube, kNamespace.toStdString(), kWorkloads); }

    void verifyRestored()
    {
        QString difference;
        QVERIFY2(sameState(state(), m_original, &difference), qPrintable("not restored: " + difference));
    }

private slots:
    void initTestCase()
    {
        QVERIFY2(QFile::exists(QString::fromLatin1(kPrometheusBinary)), "Debian package prometheus is required (orrery.sh installs it)");
        m_served = std::make_unique<ServedClusterProcess>(QStringLiteral(ORRERY_EXECUTABLE), scenarioPath(), kNamespace, 5.0);
        QVERIFY2(m_served->started(), qPrintable(m_served->output()));
        QFile scrapeConfig(m_served->prometheusConfig()); // what the walkthrough starts Prometheus with
        QVERIFY(scrapeConfig.open(QIODevice::ReadOnly));
        QVERIFY(scrapeConfig.readAll().contains(QStringLiteral("targets: ['127.0.0.1:%1']").arg(m_served->port()).toUtf8()));
        m_prometheus = std::make_unique<PrometheusProcess>(m_served->port());
        QVERIFY2(m_prometheus->started(), qPrintable(m_prometheus->output()));
        live::ContextResolver resolver(live::KubeConfigLoader::loadDefault(m_served->kubeconfig().toStdString()));
        m_kube = std::make_unique<live::KubeClient>(resolver.resolve(""));
        m_original = state();
        QCOMPARE(m_original.deployments.size(), kWorkloads.size());
        // Prometheus needs two scrapes of the served cluster before rate() has an answer.
        QTest::qWait(3000);
    }

    void refusesWithoutActuation()
    {
        const QString project = m_dir.filePath(QStringLiteral("refused.orrery"));
        const CliResult result = runOrrery({"experiment", writeExperiment("refused.yaml", 1), "--project", project}, m_dir.path());
        QCOMPARE(result.exitCode, 2);
        QVERIFY2(result.err.contains("actuation is off") && result.err.contains("--actuate"), qPrintable(result.err));
        QVERIFY(!QFile::exists(project));
        verifyRestored();
    }

    void completesRestoresAndReports()
    {
        const QString project = m_dir.filePath(QStringLiteral("ab.orrery"));
        QElapsedTimer clock;
        clock.start();
        const CliResult result =
            runOrrery({"experiment", writeExperiment("ab.yaml", 2), "--project", project, "--actuate", "--quiet"}, m_dir.path());
        QVERIFY2(result.exitCode == 0, qPrintable(result.out + result.err));
        qInfo("live A/B, 2 arms x 2 windows of 1 s washout + 5 s: %.1f s wall", static_cast<double>(clock.elapsed()) / 1000.0);
        QVERIFY2(result.out.contains("original state restored"), qPrintable(result.out));
        QVERIFY2(result.out.contains("latency.p99") && result.out.contains("aimd"), qPrintable(result.out));
        // Four windows, each a completed run of its cell, and a stored comparison.
        QCOMPARE(queryInt(project, "SELECT count(*) FROM experiment_runs JOIN runs ON runs.id = experiment_runs.run_id "
                                   "WHERE runs.status = 'completed'"),
                 qint64{4});
        QVERIFY(queryInt(project, "SELECT count(*) FROM experiment_results") > 0);
        // Every window measured a request rate: the metrics came from the real Prometheus.
        QCOMPARE(queryInt(project, "SELECT count(*) FROM run_metrics WHERE name = 'requests.rate' AND value > 0"), qint64{4});
        // The arms acted (dry run first, then applied), and the end put everything back.
        QVERIFY(queryInt(project, "SELECT count(*) FROM live_audit WHERE outcome = 'applied' AND dry_run = 0") > 0);
        QVERIFY(queryInt(project, "SELECT count(*) FROM live_audit WHERE outcome = 'previewed' AND dry_run = 1") > 0);
        QCOMPARE(queryInt(project, "SELECT count(*) FROM live_restore_points WHERE restored_at IS NULL"), qint64{0});
        QCOMPARE(queryInt(project, "SELECT count(*) FROM live_restore_points WHERE restore_reason = 'completed'"), qint64{1});
        verifyRestored();

        const QString report = m_dir.filePath(QStringLiteral("ab.html"));
        const CliResult reported = runOrrery({"report", "--project", project, "--experiment", "1", "--out", report}, m_dir.path());
        QVERIFY2(reported.exitCode == 0, qPrintable(reported.err));
        QFile html(report);
        QVERIFY(html.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(html.readAll());
        QVERIFY(text.contains("kube-hpa") && text.contains("aimd") && text.contains("latency.p99"));

        // Running it again finds every window complete and acts on nothing.
        const qint64 applied = queryInt(project, "SELECT count(*) FROM live_audit WHERE outcome = 'applied'");
        const CliResult again = runOrrery({"experiment", writeExperiment("ab.yaml", 2), "--project", project, "--actuate", "--quiet"},
                                          m_dir.path());
        QVERIFY2(again.exitCode == 0, qPrintable(again.err));
        QVERIFY2(again.out.contains("0 run now, 4 already complete"), qPrintable(again.out));
        QCOMPARE(queryInt(project, "SELECT count(*) FROM live_audit WHERE outcome = 'applied'"), applied);
    }

    void guardTripRestores()
    {
        // The guard watches the namespace's total replicas: kube-hpa's first scale-up trips it.
        const int total = [&] {
            int sum = 0;
            for (const auto& d : live::captureNamespaceState(*m_kube, kNamespace.toStdString(), {}).deployments)
                sum += d.replicas;
            return sum;
        }();
        const QString guard = QStringLiteral("    guard: {query: 'sum(kube_deployment_spec_replicas{namespace=\"$namespace\"})', above: %1}\n")
                                  .arg(total);
        const QString project = m_dir.filePath(QStringLiteral("guard.orrery"));
        QElapsedTimer clock;
        clock.start();
        const CliResult result =
            runOrrery({"experiment", writeExperiment("guard.yaml", 3, guard), "--project", project, "--actuate", "--quiet"}, m_dir.path());
        QCOMPARE(result.exitCode, 1);
        QVERIFY2(result.err.contains("guard tripped") && result.err.contains("original state restored"), qPrintable(result.err));
        QVERIFY(queryInt(project, "SELECT count(*) FROM live_audit WHERE outcome = 'applied' AND message NOT LIKE 'restore:%'") > 0);
        QCOMPARE(queryInt(project, "SELECT count(*) FROM live_restore_points WHERE restored_at IS NULL"), qint64{0});
        QCOMPARE(queryInt(project, "SELECT count(*) FROM runs WHERE status = 'failed'"), qint64{1});
        qInfo("guard trip to restored: %.1f s wall in all; %s", static_cast<double>(clock.elapsed()) / 1000.0,
              qPrintable(result.err.trimmed().split('\n').last()));
        verifyRestored();
    }

    void lostConnectionStopsAndKeepsTheRestorePoint()
    {
        // A cluster of its own, which goes away mid-window.
        auto doomed = std::make_unique<ServedClusterProcess>(QStringLiteral(ORRERY_EXECUTABLE), scenarioPath(), kNamespace, 5.0);
        QVERIFY2(doomed->started(), qPrintable(doomed->output()));
        QString text = experimentText(doomed->kubeconfig(), m_prometheus->url(), 1, {});
        const QString file = m_dir.filePath(QStringLiteral("lost.yaml"));
        {
            QFile out(file);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(text.toUtf8());
        }
        const QString project = m_dir.filePath(QStringLiteral("lost.orrery"));
        QProcess process;
        process.setProcessEnvironment(headlessEnvironment());
        process.start(QStringLiteral(ORRERY_EXECUTABLE), {"experiment", file, "--project", project, "--actuate", "--quiet"});
        QVERIFY(process.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(queryInt(project, "SELECT count(*) FROM live_restore_points WHERE restored_at IS NULL") == 1, 20000);
        doomed.reset(); // the API server is gone
        QVERIFY(process.waitForFinished(60000));
        const QString err = QString::fromUtf8(process.readAllStandardError());
        QCOMPARE(process.exitCode(), 1);
        QVERIFY2(err.contains(QStringLiteral("lost connection")), qPrintable(err));
        // Nothing could be put back, so the point stays for the next start (or orrery live restore).
        QVERIFY2(err.contains(QStringLiteral("NOT fully restored")) || err.contains(QStringLiteral("restore point stays")),
                 qPrintable(err));
        QCOMPARE(queryInt(project, "SELECT count(*) FROM live_restore_points WHERE restored_at IS NULL"), qint64{1});
        QCOMPARE(queryInt(project, "SELECT count(*) FROM runs WHERE status = 'failed'"), qint64{1});
    }

    void killedExperimentIsRestoredOnRestart()
    {
        const QString project = m_dir.filePath(QStringLiteral("killed.orrery"));
        const QString file = writeExperiment("killed.yaml", 1);
        QProcess process;
        process.setProcessEnvironment(headlessEnvironment());
        process.start(QStringLiteral(ORRERY_EXECUTABLE), {"experiment", file, "--project", project, "--actuate", "--quiet"});
        QVERIFY(process.waitForStarted());
        // Wait until an arm has changed the namespace, then kill the experiment without warning.
        QString difference;
        QElapsedTimer clock;
        clock.start();
        while (sameState(state(), m_original, &difference) && clock.elapsed() < 20000 && process.state() == QProcess::Running)
            QTest::qWait(100);
        QVERIFY2(process.state() == QProcess::Running, "the experiment ended before it changed anything");
        ::kill(static_cast<pid_t>(process.processId()), SIGKILL);
        process.waitForFinished(5000);
        QVERIFY2(!sameState(state(), m_original, &difference), "the kill should leave the change in place");
        QCOMPARE(queryInt(project, "SELECT count(*) FROM live_restore_points WHERE restored_at IS NULL"), qint64{1});

        // The restart puts the original state back before anything else, then resumes.
        clock.restart();
        const CliResult result = runOrrery({"experiment", file, "--project", project, "--actuate"}, m_dir.path());
        QVERIFY2(result.exitCode == 0, qPrintable(result.out + result.err));
        QVERIFY2(result.err.contains("restored the state an interrupted run left"), qPrintable(result.err));
        QCOMPARE(queryInt(project, "SELECT count(*) FROM live_restore_points WHERE restored_at IS NULL"), qint64{0});
        QCOMPARE(queryInt(project, "SELECT count(*) FROM live_restore_points WHERE restore_reason LIKE 'recovered%'"), qint64{1});
        verifyRestored();
    }
};

QTEST_GUILESS_MAIN(TestLiveAb)
#include "tst_live_ab.moc"
