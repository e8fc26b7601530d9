// A live A/B between placement policies end to end, in CI: `orrery serve` presents the simulated
// Social Network as a Kubernetes API (pods can be created pending, bound through pods/binding and
// deleted) and /metrics, a real Prometheus (Debian package) scrapes it, and `orrery experiment …
// --actuate` lets first-fit and kube (least-allocated spreading) each place the same burst of pods
// in alternating windows. Checked: without --actuate nothing is created; the experiment completes,
// every pod it submitted was bound, audited and deleted, the arms differ where they must (nodes
// used), a PromQL metric came from the real Prometheus and the report shows the comparison; a
// SIGKILL mid-window leaves labelled pods that the next start deletes before it resumes.
#include "cli_test_support.h"
#include "project_query.h"
#include "prometheus_process.h"
#include "served_cluster_process.h"

#include "live/context_resolver.h"
#include "live/experiment_pods.h"
#include "live/kube_client.h"
#include "live/kube_config_loader.h"

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using namespace orrery;
using namespace orrery::testing;

namespace {

const QString kNamespace = QStringLiteral("social-network");

QString scenarioPath()
{
    return QStringLiteral(ORRERY_SOURCE_DIR "/resources/scenarios/socialnetwork-steady.yaml");
}

//! first-fit (packs the burst onto the first nodes with room) against kube (scores the least
//! allocated node highest, so it spreads): six pods of 2 cores per window.
QString experimentText(const QString& name, const QString& kubeconfig, const QString& prometheus, int windowsPerArm,
                       const QString& window)
{
    return QStringLiteral(R"(apiVersion: orrery.dev/v1
kind: Experiment
metadata:
  name: %1
spec:
  target: live
  live:
    kubeconfig: %2
    namespace: social-network
    prometheus: %3
    windowsPerArm: %4
    window: %5
    washout: 0s
    controlPeriod: 1s
    placement:
      pods: 6
      request: {cpu: 2, memory: 1Gi}
      schedulerName: orrery-ab
    metrics:
      - {name: requests.rate, unit: req/s, query: 'sum(rate(orrery_requests_total{namespace="$namespace"}[$window]))'}
  arms:
    - name: first-fit
      policies:
        placement: {plugin: first-fit}
    - name: kube
      policies:
        placement: {plugin: kube}
)")
        .arg(name, kubeconfig, prometheus)
        .arg(windowsPerArm)
        .arg(window);
}

//! The mean over an arm's windows of one metric.
double armMean(const QString& project, const QString& arm, const QString& metric)
{
    return queryNumber(project, QStringLiteral("SELECT avg(m.value) FROM run_metrics m JOIN experiment_runs e ON e.run_id = m.run_id "
                                               "WHERE m.name = '%1' AND e.arm = '%2'")
                                    .arg(metric, arm));
}

} // namespace

class TestLivePlacementAb : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<ServedClusterProcess> m_served;
    std::unique_ptr<PrometheusProcess> m_prometheus;
    std::unique_ptr<live::KubeClient> m_kube;

    QString writeExperiment(const QString& name, int windowsPerArm, const QString& window = QStringLiteral("3s"))
    {
        const QString path = m_dir.filePath(name + QStringLiteral(".yaml"));
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly))
            qFatal("cannot write %s", qPrintable(path));
        file.write(experimentText(name, m_served->kubeconfig(), m_prometheus->url(), windowsPerArm, window).toUtf8());
        return path;
    }

    //! Pods of the namespace that carry a live experiment's label.
    int experimentPods()
    {
        int count = 0;
        for (const live::KubePod& pod : m_kube->listPods(kNamespace.toStdString()).items)
            count += pod.meta.labels.count(live::kLiveExperimentLabel) > 0 ? 1 : 0;
        return count;
    }

private slots:
    void initTestCase()
    {
        QVERIFY2(QFile::exists(QString::fromLatin1(kPrometheusBinary)), "Debian package prometheus is required (orrery.sh installs it)");
        m_served = std::make_unique<ServedClusterProcess>(QStringLiteral(ORRERY_EXECUTABLE), scenarioPath(), kNamespace, 5.0);
        QVERIFY2(m_served->started(), qPrintable(m_served->output()));
        m_prometheus = std::make_unique<PrometheusProcess>(m_served->port());
        QVERIFY2(m_prometheus->started(), qPrintable(m_prometheus->output()));
        live::ContextResolver resolver(live::KubeConfigLoader::loadDefault(m_served->kubeconfig().toStdString()));
        m_kube = std::make_unique<live::KubeClient>(resolver.resolve(""));
        QCOMPARE(experimentPods(), 0);
        // Prometheus needs two scrapes of the served cluster before rate() has an answer.
        QTest::qWait(3000);
    }

    void refusesWithoutActuation()
    {
        const QString project = m_dir.filePath(QStringLiteral("refused.orrery"));
        const CliResult result = runOrrery({"experiment", writeExperiment("refused", 1), "--project", project}, m_dir.path());
        QCOMPARE(result.exitCode, 2);
        QVERIFY2(result.err.contains("actuation is off") && result.err.contains("creates pods"), qPrintable(result.err));
        QVERIFY(!QFile::exists(project));
        QCOMPARE(experimentPods(), 0);
    }

    void completesCleansUpAndReports()
    {
        const QString project = m_dir.filePath(QStringLiteral("ab.orrery"));
        QElapsedTimer clock;
        clock.start();
        const CliResult result =
            runOrrery({"experiment", writeExperiment("placement-ab", 2), "--project", project, "--actuate", "--quiet"}, m_dir.path());
        QVERIFY2(result.exitCode == 0, qPrintable(result.out + result.err));
        qInfo("placement A/B, 2 arms x 2 windows of 3 s, 6 pods each: %.1f s wall", static_cast<double>(clock.elapsed()) / 1000.0);
        QVERIFY2(result.out.contains("its pods deleted"), qPrintable(result.out));
        QVERIFY2(result.out.contains("placement.nodes_used") && result.out.contains("kube"), qPrintable(result.out));
        QCOMPARE(queryInt(project, QStringLiteral("SELECT count(*) FROM experiment_runs JOIN runs ON runs.id = experiment_runs.run_id "
                                                  "WHERE runs.status = 'completed'")),
                 qint64{4});
        // Every window's pods were all bound, by the arm's own scheduler.
        QCOMPARE(queryInt(project, QStringLiteral("SELECT count(*) FROM run_metrics WHERE name = 'placement.pods_bound' AND value = 6")),
                 qint64{4});
        QCOMPARE(queryInt(project, QStringLiteral("SELECT count(*) FROM run_metrics WHERE name = 'placement.pending_time.mean' AND value > 0")),
                 qint64{4});
        // The arms differ as their policies say: first-fit packs, kube spreads.
        const double packed = armMean(project, QStringLiteral("first-fit"), QStringLiteral("placement.nodes_used"));
        const double spread = armMean(project, QStringLiteral("kube"), QStringLiteral("placement.nodes_used"));
        qInfo("nodes used: first-fit %.1f, kube %.1f", packed, spread);
        QVERIFY2(packed >= 1 && packed < spread, qPrintable(QStringLiteral("first-fit %1, kube %2").arg(packed).arg(spread)));
        // A PromQL metric came from the real Prometheus.
        QCOMPARE(queryInt(project, QStringLiteral("SELECT count(*) FROM run_metrics WHERE name = 'requests.rate' AND value > 0")), qint64{4});
        // Every pod was created, audited, deleted and audited again; none is left.
        QCOMPARE(queryInt(project, QStringLiteral("SELECT count(*) FROM live_audit WHERE action = '{\"pod\":\"create\"}' AND outcome = 'applied'")),
                 qint64{24});
        QCOMPARE(queryInt(project, QStringLiteral("SELECT count(*) FROM live_audit WHERE action = '{\"pod\":\"delete\"}' AND outcome = 'applied'")),
                 qint64{24});
        QCOMPARE(experimentPods(), 0);

        const QString report = m_dir.filePath(QStringLiteral("ab.html"));
        const CliResult reported = runOrrery({"report", "--project", project, "--experiment", "1", "--out", report}, m_dir.path());
        QVERIFY2(reported.exitCode == 0, qPrintable(reported.err));
        QFile html(report);
        QVERIFY(html.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(html.readAll());
        QVERIFY(text.contains("first-fit") && text.contains("placement.nodes_used") && text.contains("placement.pending_time.mean"));

        // Running it again finds every window complete and creates nothing.
        const CliResult again = runOrrery({"experiment", writeExperiment("placement-ab", 2), "--project", project, "--actuate", "--quiet"},
                                          m_dir.path());
        QVERIFY2(again.exitCode == 0, qPrintable(again.err));
        QVERIFY2(again.out.contains("0 run now, 4 already complete"), qPrintable(again.out));
        QCOMPARE(queryInt(project, QStringLiteral("SELECT count(*) FROM live_audit WHERE action = '{\"pod\":\"create\"}'")), qint64{24});
    }

    void aKilledRunsPodsAreDeletedAtTheNextStart()
    {
        const QString file = writeExperiment("killed", 1, QStringLiteral("20s"));
        const QString project = m_dir.filePath(QStringLiteral("killed.orrery"));
        QProcess process;
        process.setProcessEnvironment(headlessEnvironment());
        process.start(QStringLiteral(ORRERY_EXECUTABLE), {"experiment", file, "--project", project, "--actuate", "--quiet"});
        QVERIFY(process.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(experimentPods() == 6, 15000); // the first window's burst is in
        process.kill();
        QVERIFY(process.waitForFinished(5000));
        QCOMPARE(experimentPods(), 6); // a killed process cleans nothing up

        const CliResult rerun =
            runOrrery({"experiment", writeExperiment("killed", 1, QStringLiteral("2s")), "--project", project, "--actuate"}, m_dir.path());
        QVERIFY2(rerun.exitCode == 0, qPrintable(rerun.out + rerun.err));
        QVERIFY2(rerun.err.contains("deleted the 6 pods an interrupted run left"), qPrintable(rerun.err));
        QCOMPARE(queryInt(project, QStringLiteral("SELECT count(*) FROM live_audit WHERE message = 'recovered: an earlier run was interrupted'")),
                 qint64{6});
        QCOMPARE(experimentPods(), 0);
    }
};

QTEST_GUILESS_MAIN(TestLivePlacementAb)
#include "tst_live_placement_ab.moc"
