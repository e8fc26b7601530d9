// docs/live-clusters.md's walkthrough, driven in the real window against `orrery serve` and a real
// Prometheus (issue 20, "Done when"): the Live dock on the served cluster, a PromQL query of the
// Prometheus scraping it, "Simulate this cluster…" (snapshot → scenario editor → run), a what-if
// with another placement policy on the snapshot, a live A/B experiment (kube-hpa vs aimd) through
// Run ▸ Run Experiment… with actuation ticked, its comparison and its HTML and PDF report, then a
// live A/B between placement policies and `orrery schedule` seen in the Live dock's Scheduling tab. Each
// step is checked and grabbed as docs/screenshots/live-walkthrough-N-*.png (with
// ORRERY_UPDATE_SCREENSHOTS=1; else under the build's screenshots/). The cluster is back in its
// original state at the end.
#include "cli_test_support.h"
#include "gui_test_support.h"
#include "prometheus_process.h"
#include "served_cluster_process.h"

#include "gui/experiment_dialog.h"
#include "gui/experiment_job.h"
#include "gui/live_dock.h"
#include "gui/live_node_model.h"
#include "gui/live_query_panel.h"
#include "gui/live_scheduling_model.h"
#include "gui/main_window.h"
#include "gui/scenario_editor.h"
#include "live/context_resolver.h"
#include "live/kube_client.h"
#include "live/kube_config_loader.h"
#include "live/namespace_state.h"
#include "sim/run_recorder.h"
#include "store/experiment_store.h"
#include "store/project.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace orrery;

namespace {

const QString kNamespace = QStringLiteral("social-network");

QString screenshotDir()
{
    const bool update = qEnvironmentVariable("ORRERY_UPDATE_SCREENSHOTS") == QStringLiteral("1");
    const QString dir = update ? QStringLiteral(ORRERY_SOURCE_DIR "/docs/screenshots") : QStringLiteral(ORRERY_BIN_DIR "/../screenshots");
    QDir().mkpath(dir);
    return dir;
}

bool save(const QImage& image, const QString& name)
{
    const QString out = QDir(screenshotDir()).filePath(name);
    qInfo("screenshot: %s", qPrintable(QDir::cleanPath(out)));
    return image.save(out);
}

QString experimentText(const QString& kubeconfig, const QString& prometheus)
{
    return QStringLiteral(R"(apiVersion: orrery.dev/v1
kind: Experiment
metadata:
  name: live-walkthrough
  description: kube-hpa vs aimd taking turns on the served Social Network
spec:
  target: live
  live:
    context: orrery-serve
    kubeconfig: %1
    namespace: social-network
    workloads: [nginx-web-server, compose-post-service, home-timeline-service]
    prometheus: %2
    windowsPerArm: 2
    window: 5s
    washout: 1s
    controlPeriod: 1s
    telemetryWindow: 3s
    latencyQuery: 1000 * histogram_quantile(0.99, sum by (le) (rate(orrery_service_request_duration_seconds_bucket{namespace="$namespace",service="$deployment"}[$window])))
    sloLatency: 20ms
    metrics:
      - {name: latency.p99, unit: ms, query: '1000 * histogram_quantile(0.99, sum by (le) (rate(orrery_request_duration_seconds_bucket{namespace="$namespace"}[$window])))'}
      - {name: cpu.usage, unit: cores, query: 'sum(rate(container_cpu_usage_seconds_total{namespace="$namespace",container!=""}[$window]))'}
      - {name: replicas.max, unit: replicas, query: 'max_over_time(sum(kube_deployment_spec_replicas{namespace="$namespace"})[$window:1s])'}
    actuation: {burst: 50, perSecond: 50}
  arms:
    - name: kube-hpa
      policies:
        control: {plugin: kube-hpa, params: {targetUtilization: 0.05, syncPeriod: 1s, scalingPolicyPeriod: 1s, maxReplicas: 6}}
    - name: aimd
      policies:
        control: {plugin: aimd}
)")
        .arg(kubeconfig, prometheus);
}

//! Step 8: first-fit against kube placing the same burst of pods, one window each.
QString placementExperimentText(const QString& kubeconfig, const QString& prometheus)
{
    return QStringLiteral(R"(apiVersion: orrery.dev/v1
kind: Experiment
metadata:
  name: live-walkthrough-placement
  description: first-fit vs kube placing 6 pods of 2 cores on the served Social Network
spec:
  target: live
  live:
    context: orrery-serve
    kubeconfig: %1
    namespace: social-network
    prometheus: %2
    windowsPerArm: 2
    window: 3s
    washout: 0s
    placement: {pods: 6, request: {cpu: 2, memory: 1Gi}}
  arms:
    - {name: first-fit, policies: {placement: {plugin: first-fit}}}
    - {name: kube, policies: {placement: {plugin: kube}}}
)")
        .arg(kubeconfig, prometheus);
}

} // namespace

class TestLiveWalkthrough : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<testing::ServedClusterProcess> m_served;
    std::unique_ptr<testing::PrometheusProcess> m_prometheus;

private slots:
    void initTestCase()
    {
        testing::isolateSettings(QStringLiteral("tst_live_walkthrough"));
        QVERIFY2(QFile::exists(QString::fromLatin1(testing::kPrometheusBinary)), "Debian package prometheus is required");
        m_served = std::make_unique<testing::ServedClusterProcess>(
            QStringLiteral(ORRERY_EXECUTABLE), QStringLiteral(ORRERY_SOURCE_DIR "/resources/scenarios/socialnetwork-steady.yaml"),
            kNamespace, 5.0);
        QVERIFY2(m_served->started(), qPrintable(m_served->output()));
        m_prometheus = std::make_unique<testing::PrometheusProcess>(m_served->port());
        QVERIFY2(m_prometheus->started(), qPrintable(m_prometheus->output()));
        qputenv("KUBECONFIG", m_served->kubeconfig().toUtf8());
        QTest::qWait(3000); // two scrapes, so rate() has an answer
    }

    void walkthrough()
    {
        live::ContextResolver resolver(live::KubeConfigLoader::loadDefault(m_served->kubeconfig().toStdString()));
        live::KubeClient kube(resolver.resolve(""));
        const live::NamespaceState original = live::captureNamespaceState(kube, kNamespace.toStdString(), {});
        QVERIFY(!original.deployments.empty());

        const QString project = m_dir.filePath(QStringLiteral("walkthrough.orrery"));
        app::MainWindow window(testing::pluginRegistry());
        window.resize(1500, 950);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openProject(project));

        // 1. The Live dock on the served cluster: its nodes and pods, as from any cluster.
        app::LiveDock* dock = window.liveDock();
        auto* dockWidget = window.findChild<QDockWidget*>(QStringLiteral("liveDock"));
        QVERIFY(dockWidget);
        dockWidget->show(); // View ▸ Live Cluster
        QVERIFY(dock->loadKubeConfig());
        QVERIFY2(dock->contextBox()->findText(QStringLiteral("orrery-serve")) >= 0, "the served kubeconfig's context");
        dock->contextBox()->setCurrentText(QStringLiteral("orrery-serve"));
        dock->connectSelected();
        QTRY_VERIFY_WITH_TIMEOUT(!dock->isBusy(), 20000);
        QVERIFY2(!dock->hasError(), qPrintable(dock->statusText()));
        QCOMPARE(dock->nodeModel()->rowCount(), 4); // socialnetwork-steady.yaml: 4 nodes
        QVERIFY(save(window.grab().toImage(), QStringLiteral("live-walkthrough-1-live-dock.png")));

        // 2. "Simulate this cluster…": the snapshot in the editor, simulated into the project.
        QSignalSpy runs(&window, &app::MainWindow::runFinished);
        QTest::mouseClick(dock->simulateButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!dock->isBusy(), 20000);
        QVERIFY2(!dock->hasError(), qPrintable(dock->statusText()));
        app::ScenarioEditor* editor = window.scenarioEditor();
        QVERIFY2(editor->text().contains(QStringLiteral("Deployment social-network/nginx-web-server")), qPrintable(editor->text().left(2000)));
        QTRY_COMPARE_WITH_TIMEOUT(runs.size(), 1, 120000);
        QCOMPARE(runs[0][1].toInt(), static_cast<int>(sim::RunStatus::Completed));
        QVERIFY(save(window.grab().toImage(), QStringLiteral("live-walkthrough-2-snapshot.png")));

        // 3. What if kube placed today's pods instead? The same snapshot with another policy.
        QString text = editor->text();
        const QString none = QStringLiteral("  # policies: none, so placement is first-fit; try e.g. policies: {placement: {plugin: kube}}\n");
        QVERIFY2(text.contains(none), "the snapshot says how to choose a policy");
        text.replace(none, QStringLiteral("  policies: {placement: {plugin: kube}}\n"));
        editor->setText(text, editor->filePath());
        QVERIFY(window.runEditorScenario());
        QTRY_COMPARE_WITH_TIMEOUT(runs.size(), 2, 120000);
        QCOMPARE(runs[1][1].toInt(), static_cast<int>(sim::RunStatus::Completed));
        QVERIFY(save(window.grab().toImage(), QStringLiteral("live-walkthrough-3-what-if.png")));

        // 4. A live A/B experiment through Run ▸ Run Experiment…: it acts only when ticked.
        const QString experimentFile = m_dir.filePath(QStringLiteral("live-walkthrough.yaml"));
        {
            QFile file(experimentFile);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(experimentText(m_served->kubeconfig(), m_prometheus->url()).toUtf8());
        }
        app::ExperimentDialog dialog(testing::pluginRegistry(), &window);
        dialog.setExperimentFile(experimentFile);
        auto* status = dialog.findChild<QLabel*>(QStringLiteral("experimentFileStatus"));
        auto* actuate = dialog.findChild<QCheckBox*>(QStringLiteral("experimentActuate"));
        auto* run = dialog.findChild<QPushButton*>(QStringLiteral("experimentRun"));
        QVERIFY(status && actuate && run);
        QVERIFY2(status->text().contains(QStringLiteral("live on orrery-serve/social-network")), qPrintable(status->text()));
        QVERIFY(actuate->isVisibleTo(&dialog));
        QVERIFY(!run->isEnabled()); // not before a person allows the arms to act
        QTest::mouseClick(actuate, Qt::LeftButton, {}, QPoint(8, actuate->height() / 2));
        QVERIFY(actuate->isChecked());
        QVERIFY(run->isEnabled());
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QVERIFY(save(dialog.grab().toImage(), QStringLiteral("live-walkthrough-4-live-ab-dialog.png")));
        const app::ExperimentJob::Request request = dialog.request(project);
        QVERIFY(request.actuate);
        dialog.hide();
        QSignalSpy experiments(&window, &app::MainWindow::experimentFinished);
        QVERIFY(window.startExperiment(request));
        QTRY_COMPARE_WITH_TIMEOUT(experiments.size(), 1, 120000);
        QCOMPARE(experiments[0][0].toInt(), static_cast<int>(app::ExperimentJob::Outcome::Status::Completed));
        QTest::qWait(500);
        QVERIFY(save(window.grab().toImage(), QStringLiteral("live-walkthrough-5-live-ab-results.png")));

        // 5–6. Its comparison and its report, as File ▸ Export Report… writes it: HTML and PDF.
        const QString html = m_dir.filePath(QStringLiteral("live-walkthrough.html"));
        const QString pdf = m_dir.filePath(QStringLiteral("live-walkthrough.pdf"));
        QVERIFY(window.exportReport(html));
        QVERIFY(window.exportReport(pdf));
        QFile report(html);
        QVERIFY(report.open(QIODevice::ReadOnly));
        const QString reportText = QString::fromUtf8(report.readAll());
        QVERIFY(reportText.contains(QStringLiteral("live-walkthrough")) && reportText.contains(QStringLiteral("aimd"))
                && reportText.contains(QStringLiteral("latency.p99")));
        const QString pdftoppm = QStandardPaths::findExecutable(QStringLiteral("pdftoppm"));
        if (!pdftoppm.isEmpty()) {
            const QString prefix = m_dir.filePath(QStringLiteral("report-page"));
            QCOMPARE(QProcess::execute(pdftoppm, {"-png", "-r", "70", "-f", "1", "-l", "1", "-singlefile", pdf, prefix}), 0);
            QImage page(prefix + QStringLiteral(".png"));
            QVERIFY(!page.isNull());
            QVERIFY(save(page, QStringLiteral("live-walkthrough-6-report.png")));
        }

        // 7. Prometheus, scraping the served /metrics, saw the arms act: replicas per Deployment
        //    over the last minutes (kube-hpa's scale-ups, each window's restore).
        app::LiveQueryPanel* panel = dock->queryPanel();
        panel->urlEdit()->setText(m_prometheus->url());
        panel->queryEdit()->setText(QStringLiteral(
            "sum by (deployment) (kube_deployment_spec_replicas{namespace=\"social-network\",deployment=~\"nginx-web-server|compose-post-service|home-timeline-service\"})"));
        auto* window5m = panel->findChild<QComboBox*>(QStringLiteral("liveWindow"));
        QVERIFY(window5m);
        window5m->setCurrentIndex(0); // 5 minutes
        QSignalSpy queried(panel, &app::LiveQueryPanel::finished);
        panel->runQuery();
        QTRY_COMPARE_WITH_TIMEOUT(queried.size(), 1, 20000);
        QCOMPARE(panel->statusText(), QStringLiteral("3 series"));
        auto* tabs = dock->findChild<QTabWidget*>(QStringLiteral("liveTabs"));
        QVERIFY(tabs);
        tabs->setCurrentWidget(panel);
        QTest::qWait(200);
        QVERIFY(save(window.grab().toImage(), QStringLiteral("live-walkthrough-7-prometheus.png")));

        // 8. A live A/B between placement policies: the same burst of pods, placed by each arm.
        const QString placementFile = m_dir.filePath(QStringLiteral("live-walkthrough-placement.yaml"));
        {
            QFile file(placementFile);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(placementExperimentText(m_served->kubeconfig(), m_prometheus->url()).toUtf8());
        }
        dialog.setExperimentFile(placementFile);
        QVERIFY2(actuate->text().contains(QStringLiteral("create and place 6 pods per window")), qPrintable(status->text()));
        QVERIFY(!run->isEnabled());
        actuate->setChecked(true);
        const app::ExperimentJob::Request placementRequest = dialog.request(project);
        QVERIFY(window.startExperiment(placementRequest));
        QTRY_COMPARE_WITH_TIMEOUT(experiments.size(), 2, 120000);
        QCOMPARE(experiments[1][0].toInt(), static_cast<int>(app::ExperimentJob::Outcome::Status::Completed));
        // Its comparison on the metric where the arms differ: first-fit packs, kube spreads.
        auto* metricBox = window.findChild<QComboBox*>(QStringLiteral("metricSelector"));
        QVERIFY(metricBox);
        QTRY_VERIFY(metricBox->findText(QStringLiteral("placement.nodes_used"), Qt::MatchStartsWith) >= 0);
        metricBox->setCurrentIndex(metricBox->findText(QStringLiteral("placement.nodes_used"), Qt::MatchStartsWith));
        QTest::qWait(500);
        QVERIFY(save(window.grab().toImage(), QStringLiteral("live-walkthrough-8-placement-ab.png")));
        for (const live::KubePod& pod : kube.listPods(kNamespace.toStdString()).items)
            QVERIFY2(pod.meta.labels.count("orrery.dev/live-experiment") == 0, "the experiment deleted its pods");

        // 9. Orrery as a scheduler: a pod that asks for it, bound by `orrery schedule`; the Live
        //    dock's Scheduling tab shows its decision beside the placement arms' (orrery-ab).
        kube.post("/api/v1/namespaces/social-network/pods",
                  R"({"apiVersion":"v1","kind":"Pod","metadata":{"name":"batch-0","namespace":"social-network"},)"
                  R"("spec":{"schedulerName":"orrery","containers":[{"name":"main","image":"busybox",)"
                  R"("resources":{"requests":{"cpu":"1","memory":"1Gi"}}}]}})");
        QProcess schedule;
        schedule.setProcessEnvironment(testing::headlessEnvironment());
        schedule.start(QStringLiteral(ORRERY_EXECUTABLE), {"schedule", "--policy", "kube", "--once", "--namespace", kNamespace});
        QVERIFY(schedule.waitForFinished(30000));
        const QString scheduled = QString::fromUtf8(schedule.readAllStandardOutput() + schedule.readAllStandardError());
        QVERIFY2(schedule.exitCode() == 0 && scheduled.contains(QStringLiteral("social-network/batch-0")), qPrintable(scheduled));
        dock->tabs()->setCurrentIndex(dock->tabs()->count() - 1);
        QCOMPARE(dock->tabs()->tabText(dock->tabs()->currentIndex()), QStringLiteral("Scheduling"));
        const auto decidedBy = [&](const QString& scheduler) {
            for (int row = 0; row < dock->schedulingModel()->rowCount(); ++row) {
                if (dock->schedulingModel()->index(row, app::LiveSchedulingModel::SchedulerColumn).data().toString() == scheduler)
                    return true;
            }
            return false;
        };
        QTRY_VERIFY_WITH_TIMEOUT(decidedBy(QStringLiteral("orrery")) && decidedBy(QStringLiteral("orrery-ab")), 20000);
        QTest::qWait(200);
        QVERIFY(save(window.grab().toImage(), QStringLiteral("live-walkthrough-9-scheduling.png")));
        dock->followScheduling()->setChecked(false);

        // The served cluster is as it was before the experiment.
        const live::NamespaceState after = live::captureNamespaceState(kube, kNamespace.toStdString(), {});
        QCOMPARE(after.deployments.size(), original.deployments.size());
        for (std::size_t i = 0; i < after.deployments.size(); ++i) {
            QCOMPARE(after.deployments[i].replicas, original.deployments[i].replicas);
            QCOMPARE(after.deployments[i].cpuMillicores, original.deployments[i].cpuMillicores);
        }
    }
};

QTEST_MAIN(TestLiveWalkthrough)
#include "tst_live_walkthrough.moc"
