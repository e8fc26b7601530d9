// The Live Cluster dock against a loopback API server (tests/core/live's FakeHttpServer) serving
// the recorded answers of tests/fixtures/live: contexts from KUBECONFIG, node and pod tables,
// pagination with `continue`, the cluster snapshot, a Prometheus range query, an unreachable
// server that fails within the timeout while the UI event loop keeps running, and "Simulate this
// cluster…" in the main window (snapshot → scenario editor → run).
#include "fake_http_server.h"
#include "gui_test_support.h"

#include "gui/main_window.h"
#include "gui/scenario_editor.h"
#include "sim/run_recorder.h"

#include "gui/live_dock.h"
#include "gui/live_node_model.h"
#include "gui/live_pod_model.h"
#include "gui/live_scheduling_model.h"
#include "gui/live_query_panel.h"
#include "widgets/time_series_chart.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QPainter>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <memory>

using namespace orrery;
using orrery::testing::FakeHttpServer;
using orrery::testing::readFile;
using orrery::testing::RecordedRequest;
using orrery::testing::ScriptedResponse;

namespace {

const QString kFixtures = QStringLiteral(ORRERY_FIXTURE_DIR "/live/");

//! `file`'s items, `limit` at a time, with continue tokens "page-N".
ScriptedResponse pagedList(const RecordedRequest& request, const QString& file, const char* kind)
{
    const QJsonArray items = QJsonDocument::fromJson(readFile(kFixtures + file)).object()["items"].toArray();
    const int limit = request.query.value("limit", "500").toInt();
    const int page = request.query.value("continue").isEmpty() ? 0 : request.query.value("continue").mid(5).toInt();
    QJsonArray slice;
    for (int i = page * limit; i < std::min<int>(items.size(), (page + 1) * limit); ++i)
        slice.append(items[i]);
    QJsonObject metadata{{"resourceVersion", "1000"}};
    if ((page + 1) * limit < items.size())
        metadata["continue"] = QStringLiteral("page-%1").arg(page + 1);
    const QJsonObject answer{{"kind", kind}, {"apiVersion", "v1"}, {"metadata", metadata}, {"items", slice}};
    return {200, "application/json", QJsonDocument(answer).toJson(QJsonDocument::Compact), {}, false};
}

//! A list of `kind` holding the objects of `files` (tests/fixtures/live).
ScriptedResponse listOf(const char* kind, const QStringList& files)
{
    QJsonArray items;
    for (const QString& file : files)
        items.append(QJsonDocument::fromJson(readFile(kFixtures + file)).object());
    const QJsonObject answer{{"kind", kind}, {"metadata", QJsonObject{{"resourceVersion", "1000"}}}, {"items", items}};
    return {200, "application/json", QJsonDocument(answer).toJson(QJsonDocument::Compact), {}, false};
}

ScriptedResponse answer(const RecordedRequest& request)
{
    if (request.path == "/version")
        return {200, "application/json", R"({"major":"1","minor":"29","gitVersion":"v1.29.3"})", {}, false};
    if (request.path == "/api/v1/nodes")
        return pagedList(request, QStringLiteral("nodelist.json"), "NodeList");
    if (request.path == "/api/v1/pods" || request.path.endsWith("/pods"))
        return pagedList(request, QStringLiteral("podlist.json"), "PodList");
    // What a snapshot lists besides nodes and pods: the recorded Deployment and HPA, no ReplicaSets.
    // Events in the core/v1 EventList format, written by hand after what kube-scheduler (events.k8s.io
    // eventTime, no lastTimestamp) and `orrery schedule` record; no real API server runs here.
    if (request.path == "/api/v1/events" || request.path.endsWith("/events"))
        return {200, "application/json", readFile(kFixtures + "eventlist-scheduling.json"), {}, false};
    if (request.path.endsWith("/deployments"))
        return listOf("DeploymentList", {QStringLiteral("deployment.json")});
    if (request.path.endsWith("/replicasets"))
        return listOf("ReplicaSetList", {});
    if (request.path.endsWith("/horizontalpodautoscalers"))
        return listOf("HorizontalPodAutoscalerList", {QStringLiteral("hpa.json")});
    if (request.path == "/api/v1/query_range") {
        // The recorded samples (2019), moved so the newest is now: the chart shows the last hour.
        QJsonArray result = QJsonDocument::fromJson(readFile(kFixtures + "up-matrix-result.json")).array();
        double newest = 0;
        for (const QJsonValue series : result)
            for (const QJsonValue sample : series.toObject()["values"].toArray())
                newest = std::max(newest, sample.toArray()[0].toDouble());
        const double shift = static_cast<double>(QDateTime::currentSecsSinceEpoch()) - newest;
        for (qsizetype i = 0; i < result.size(); ++i) {
            QJsonObject series = result[i].toObject();
            QJsonArray values = series["values"].toArray();
            for (qsizetype j = 0; j < values.size(); ++j)
                values[j] = QJsonArray{values[j].toArray()[0].toDouble() + shift, values[j].toArray()[1]};
            series["values"] = values;
            result[i] = series;
        }
        const QJsonObject body{{"status", "success"}, {"data", QJsonObject{{"resultType", "matrix"}, {"result", result}}}};
        return {200, "application/json", QJsonDocument(body).toJson(QJsonDocument::Compact), {}, false};
    }
    return {404, "application/json", R"({"kind":"Status","status":"Failure","message":"not found","code":404})", {}, false};
}

} // namespace

class TestLiveDock : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void listsContextsFromKubeconfig();
    void nodeTableRowsAreTheNodeListItems();
    void loadMoreFetchesTheSecondPage();
    void namespaceFilterListsThatNamespace();
    void showInClusterViewSumsPodRequests();
    void prometheusQueryDrawsSeries();
    void unreachableContextFailsWithoutBlockingTheUi();
    void simulateThisClusterUsesTheNamespaceFilter();
    void simulateThisClusterOpensTheSnapshotAndRunsIt();
    void simulateUnreachableClusterLeavesTheEditorAlone();
    void schedulingTabShowsDecisions();
    void liveDockScreenshot();

private:
    void connectTo(const QString& context);
    std::unique_ptr<FakeHttpServer> m_server;
    std::unique_ptr<QTcpServer> m_blackHole; //!< accepts connections and never answers
    QTemporaryDir m_dir;
    std::unique_ptr<app::LiveDock> m_dock;
};

void TestLiveDock::initTestCase()
{
    // The Prometheus URL is remembered in QSettings; the main window keeps its layout there.
    testing::isolateSettings(QStringLiteral("tst_live_dock"));
    QVERIFY(m_dir.isValid());
    m_server = std::make_unique<FakeHttpServer>(&answer);
    m_blackHole = std::make_unique<QTcpServer>();
    QVERIFY(m_blackHole->listen(QHostAddress::LocalHost));
    const QString path = m_dir.filePath(QStringLiteral("config"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QStringLiteral(R"(apiVersion: v1
kind: Config
current-context: fake
clusters:
- name: fake
  cluster:
    server: %1
    insecure-skip-tls-verify: true
- name: dead
  cluster:
    server: http://127.0.0.1:%2
users:
- name: alice
  user:
    token: s3cr3t
contexts:
- name: fake
  context: {cluster: fake, user: alice}
- name: dead
  context: {cluster: dead, user: alice}
)").arg(m_server->url()).arg(m_blackHole->serverPort()).toUtf8());
    file.close();
    qputenv("KUBECONFIG", path.toLocal8Bit());
}

void TestLiveDock::init()
{
    m_dock = std::make_unique<app::LiveDock>();
    QVERIFY(m_dock->loadKubeConfig());
    m_server->clearRequests();
}

void TestLiveDock::connectTo(const QString& context)
{
    m_dock->contextBox()->setCurrentText(context);
    QSignalSpy idle(m_dock.get(), &app::LiveDock::idle);
    m_dock->connectSelected();
    QTRY_VERIFY_WITH_TIMEOUT(!m_dock->isBusy(), 20000);
}

void TestLiveDock::listsContextsFromKubeconfig()
{
    QComboBox* box = m_dock->contextBox();
    QCOMPARE(box->count(), 2);
    QCOMPARE(box->itemText(0), QStringLiteral("dead"));
    QCOMPARE(box->itemText(1), QStringLiteral("fake"));
    QCOMPARE(box->currentText(), QStringLiteral("fake")); // current-context
    connectTo(QStringLiteral("fake"));
    QVERIFY2(m_dock->warningText().contains(QStringLiteral("insecure-skip-tls-verify")), qPrintable(m_dock->warningText()));
    QVERIFY2(m_dock->statusText().contains(QStringLiteral("v1.29.3")), qPrintable(m_dock->statusText()));
    QVERIFY(!m_dock->hasError());
    // The bearer token of the kubeconfig reached the server.
    QCOMPARE(m_server->requests().value(0).headers.value("authorization"), QByteArray("Bearer s3cr3t"));
}

void TestLiveDock::nodeTableRowsAreTheNodeListItems()
{
    QAbstractItemModelTester nodeTester(m_dock->nodeModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester podTester(m_dock->podModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    connectTo(QStringLiteral("fake"));
    const QJsonArray items = QJsonDocument::fromJson(readFile(kFixtures + "nodelist.json")).object()["items"].toArray();
    QCOMPARE(m_dock->nodeModel()->rowCount(), items.size());
    for (int row = 0; row < items.size(); ++row)
        QCOMPARE(m_dock->nodeModel()->index(row, app::LiveNodeModel::NameColumn).data().toString(),
                 items[row].toObject()["metadata"].toObject()["name"].toString());
    const qsizetype pods = QJsonDocument::fromJson(readFile(kFixtures + "podlist.json")).object()["items"].toArray().size();
    QCOMPARE(m_dock->podModel()->rowCount(), pods);
    QVERIFY(!m_dock->loadMoreNodesButton()->isEnabled()); // one page held everything
}

// The Scheduling tab: only the pods' Scheduled and FailedScheduling Events, newest first, with the
// node a Scheduled one names, the reason a failed one gives, and who decided; shown by choosing
// the tab, then followed every 2 s.
void TestLiveDock::schedulingTabShowsDecisions()
{
    QAbstractItemModelTester tester(m_dock->schedulingModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    connectTo(QStringLiteral("fake"));
    QCOMPARE(m_dock->schedulingModel()->rowCount(), 0); // not fetched until the tab is shown
    m_server->clearRequests();
    m_dock->tabs()->setCurrentIndex(m_dock->tabs()->count() - 1);
    QCOMPARE(m_dock->tabs()->tabText(m_dock->tabs()->currentIndex()), QStringLiteral("Scheduling"));
    QTRY_COMPARE_WITH_TIMEOUT(m_dock->schedulingModel()->rowCount(), 2, 20000); // kubelet's Pulled left out
    const auto cell = [&](int row, int column) { return m_dock->schedulingModel()->index(row, column).data().toString(); };
    QCOMPARE(cell(0, app::LiveSchedulingModel::PodColumn), QStringLiteral("ml/train-0")); // 20:18:10, the newest
    QCOMPARE(cell(0, app::LiveSchedulingModel::ResultColumn), QStringLiteral("FailedScheduling (×4)"));
    QVERIFY(cell(0, app::LiveSchedulingModel::NodeColumn).startsWith(QStringLiteral("0/3 nodes are available")));
    QCOMPARE(cell(0, app::LiveSchedulingModel::SchedulerColumn), QStringLiteral("orrery"));
    QCOMPARE(cell(1, app::LiveSchedulingModel::NodeColumn), QStringLiteral("ip-10-0-1-17.ec2.internal"));
    QCOMPARE(cell(1, app::LiveSchedulingModel::TimeColumn), QStringLiteral("2026-11-28T20:15:03.412345Z")); // eventTime
    QCOMPARE(cell(1, app::LiveSchedulingModel::SchedulerColumn), QStringLiteral("default-scheduler"));
    const auto eventRequests = [&] {
        int count = 0;
        for (const auto& request : m_server->requests())
            count += request.path == "/api/v1/events" ? 1 : 0;
        return count;
    };
    QCOMPARE(eventRequests(), 1);
    // Following: another request within the refresh period, without a click.
    QTRY_VERIFY_WITH_TIMEOUT(eventRequests() >= 2, 3 * app::LiveDock::kSchedulingRefreshMs);
    m_dock->followScheduling()->setChecked(false);
    m_dock->tabs()->setCurrentIndex(0);
}

void TestLiveDock::loadMoreFetchesTheSecondPage()
{
    QAbstractItemModelTester tester(m_dock->nodeModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    m_dock->setPageSize(1);
    connectTo(QStringLiteral("fake"));
    QCOMPARE(m_dock->nodeModel()->rowCount(), 1);
    QVERIFY(m_dock->loadMoreNodesButton()->isEnabled());
    m_server->clearRequests();
    QTest::mouseClick(m_dock->loadMoreNodesButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(!m_dock->isBusy(), 20000);
    QCOMPARE(m_dock->nodeModel()->rowCount(), 2);
    QCOMPARE(m_dock->nodeModel()->nodes()[1].meta.name, std::string("duckboat-02"));
    QVERIFY(!m_dock->loadMoreNodesButton()->isEnabled()); // the last page has no continue token
    QCOMPARE(m_server->requests().size(), 1);
    QCOMPARE(m_server->requests()[0].query.value("continue"), QByteArray("page-1"));
    QCOMPARE(m_server->requests()[0].query.value("limit"), QByteArray("1"));
}

void TestLiveDock::namespaceFilterListsThatNamespace()
{
    connectTo(QStringLiteral("fake"));
    m_server->clearRequests();
    m_dock->namespaceFilter()->setText(QStringLiteral("kube-system"));
    emit m_dock->namespaceFilter()->editingFinished();
    QTRY_VERIFY_WITH_TIMEOUT(!m_dock->isBusy(), 20000);
    QCOMPARE(m_server->requests().size(), 1);
    QCOMPARE(m_server->requests()[0].path, QByteArray("/api/v1/namespaces/kube-system/pods"));
}

void TestLiveDock::showInClusterViewSumsPodRequests()
{
    connectTo(QStringLiteral("fake"));
    QSignalSpy ready(m_dock.get(), &app::LiveDock::clusterSnapshotReady);
    m_dock->showInClusterView();
    QTRY_COMPARE_WITH_TIMEOUT(ready.size(), 1, 20000);
    const auto snapshot = ready[0][0].value<widgets::ClusterSnapshot>();
    QCOMPARE(snapshot.nodes.size(), std::size_t(2));
    QCOMPARE(snapshot.nodes[0].name, QStringLiteral("duckboat-01"));
    QVERIFY(snapshot.nodes[0].capacity.millicores > 0);
    // podlist.json: every pod runs on duckboat-01; requests 100m + 100m + 250m CPU, 2 × 100Mi.
    QCOMPARE(snapshot.nodes[0].allocated.millicores, 450);
    QCOMPARE(snapshot.nodes[0].allocated.memoryBytes, 200LL * 1024 * 1024);
    QCOMPARE(snapshot.nodes[1].allocated.millicores, 0);
}

void TestLiveDock::prometheusQueryDrawsSeries()
{
    app::LiveQueryPanel* panel = m_dock->queryPanel();
    panel->urlEdit()->setText(m_server->url());
    panel->queryEdit()->setText(QStringLiteral("up"));
    QSignalSpy finished(panel, &app::LiveQueryPanel::finished);
    panel->runQuery();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 20000);
    const qsizetype series = QJsonDocument::fromJson(readFile(kFixtures + "up-matrix-result.json")).array().size();
    QCOMPARE(panel->chart()->seriesCount(), series);
    QCOMPARE(m_server->requests().value(0).path, QByteArray("/api/v1/query_range"));
    QCOMPARE(m_server->requests().value(0).query.value("query"), QByteArray("up"));
}

void TestLiveDock::unreachableContextFailsWithoutBlockingTheUi()
{
    m_dock->setTimeouts({std::chrono::milliseconds(1000), std::chrono::milliseconds(1500)});
    int ticks = 0;
    qint64 maxGapMs = 0;
    QElapsedTimer sinceTick;
    sinceTick.start();
    QTimer timer;
    timer.setInterval(10);
    connect(&timer, &QTimer::timeout, this, [&] {
        ++ticks;
        maxGapMs = std::max(maxGapMs, sinceTick.restart());
    });
    timer.start();
    QElapsedTimer attempt;
    attempt.start();
    m_dock->contextBox()->setCurrentText(QStringLiteral("dead"));
    m_dock->connectSelected();
    QVERIFY(m_dock->isBusy());
    QTRY_VERIFY_WITH_TIMEOUT(!m_dock->isBusy(), 10000);
    timer.stop();
    QVERIFY(m_dock->hasError());
    QVERIFY2(m_dock->statusText().contains(QStringLiteral("127.0.0.1:%1").arg(m_blackHole->serverPort())),
             qPrintable(m_dock->statusText()));
    QVERIFY2(attempt.elapsed() >= 1400, "the black hole never answers: the request must time out");
    // The attempt took ~1.5 s; a UI thread waiting on the network would have let at most a few
    // ticks through.
    QVERIFY2(ticks > 50, qPrintable(QString::number(ticks)));
    QVERIFY2(maxGapMs < 250, qPrintable(QString::number(maxGapMs)));
    QCOMPARE(m_dock->nodeModel()->rowCount(), 0);
}

void TestLiveDock::simulateThisClusterUsesTheNamespaceFilter()
{
    connectTo(QStringLiteral("fake"));
    m_dock->namespaceFilter()->setText(QStringLiteral("metallb-system"));
    QTRY_VERIFY_WITH_TIMEOUT(!m_dock->isBusy(), 20000);
    m_server->clearRequests();
    QSignalSpy ready(m_dock.get(), &app::LiveDock::simulationScenarioReady);
    QTest::mouseClick(m_dock->simulateButton(), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(ready.size(), 1, 20000);
    QVERIFY2(!m_dock->hasError(), qPrintable(m_dock->statusText()));
    QStringList paths;
    for (const RecordedRequest& request : m_server->requests())
        paths << QString::fromLatin1(request.path);
    // Nodes are cluster-wide; everything else is listed in the filter's namespace.
    QCOMPARE(paths, QStringList({"/api/v1/nodes", "/api/v1/namespaces/metallb-system/pods",
                                 "/apis/apps/v1/namespaces/metallb-system/deployments",
                                 "/apis/apps/v1/namespaces/metallb-system/replicasets",
                                 "/apis/autoscaling/v1/namespaces/metallb-system/horizontalpodautoscalers"}));
    QCOMPARE(ready[0][1].toString(), QStringLiteral("snapshot-fake.yaml"));
    QVERIFY(ready[0][0].toString().contains(QStringLiteral("namespace metallb-system")));
}

void TestLiveDock::simulateThisClusterOpensTheSnapshotAndRunsIt()
{
    app::MainWindow window(testing::pluginRegistry());
    QVERIFY(window.openProject(m_dir.filePath(QStringLiteral("simulate.orrery"))));
    app::LiveDock* dock = window.liveDock();
    QVERIFY(dock->loadKubeConfig());
    dock->contextBox()->setCurrentText(QStringLiteral("fake"));
    dock->connectSelected();
    QTRY_VERIFY_WITH_TIMEOUT(!dock->isBusy(), 20000);
    QVERIFY(dock->simulateButton()->isEnabled());
    QSignalSpy finished(&window, &app::MainWindow::runFinished);
    m_server->clearRequests();

    QTest::mouseClick(dock->simulateButton(), Qt::LeftButton);
    // The capture runs on a worker thread: the click returns with the dock busy.
    QVERIFY(dock->isBusy());
    QVERIFY(dock->findChild<QProgressBar*>(QStringLiteral("liveBusy"))->isVisibleTo(dock));
    QVERIFY(!dock->simulateButton()->isEnabled());
    QTRY_VERIFY_WITH_TIMEOUT(!dock->isBusy(), 20000);
    QVERIFY2(!dock->hasError(), qPrintable(dock->statusText()));
    QVERIFY(!dock->findChild<QProgressBar*>(QStringLiteral("liveBusy"))->isVisibleTo(dock));
    // All namespaces (the filter is empty), as `orrery live snapshot` does by default.
    QCOMPARE(m_server->requests().value(2).path, QByteArray("/apis/apps/v1/deployments"));

    // The editor holds the snapshot, unsaved under its file name, and it validates.
    app::ScenarioEditor* editor = window.scenarioEditor();
    QCOMPARE(editor->filePath(), QStringLiteral("snapshot-fake.yaml"));
    QVERIFY(editor->text().contains(QStringLiteral("# Node duckboat-01 status.allocatable.cpu")));
    const app::CheckedScenario checked = editor->check();
    QVERIFY2(checked.scenario && checked.diagnostics.empty(), model::formatAll(checked.diagnostics).c_str());
    QCOMPARE(checked.scenario->name, std::string("snapshot-fake"));
    QCOMPARE(checked.scenario->cluster.pools.size(), std::size_t(1));
    QCOMPARE(checked.scenario->cluster.pools[0].name, std::string("custom-1"));
    QCOMPARE(checked.scenario->cluster.pools[0].count, 2);
    QVERIFY(!checked.scenario->workloads.empty());
    QVERIFY(window.findChild<QDockWidget*>(QStringLiteral("scenarioDock"))->isVisibleTo(&window));

    // …and the run started by the Run menu's path completes into the project.
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 60000);
    QVERIFY(finished[0][0].toLongLong() > 0);
    QCOMPARE(finished[0][1].toInt(), static_cast<int>(sim::RunStatus::Completed));
    QVERIFY(!window.isRunActive());
}

void TestLiveDock::simulateUnreachableClusterLeavesTheEditorAlone()
{
    app::MainWindow window(testing::pluginRegistry());
    QVERIFY(window.openProject(m_dir.filePath(QStringLiteral("unreachable.orrery"))));
    app::ScenarioEditor* editor = window.scenarioEditor();
    editor->setText(QStringLiteral("# my scenario"), QStringLiteral("mine.yaml"));
    app::LiveDock* dock = window.liveDock();
    QVERIFY(dock->loadKubeConfig());
    dock->setTimeouts({std::chrono::milliseconds(1000), std::chrono::milliseconds(1500)});
    // Not connected: the selected context is resolved and captured in one go.
    dock->contextBox()->setCurrentText(QStringLiteral("dead"));
    QSignalSpy finished(&window, &app::MainWindow::runFinished);
    QSignalSpy ready(dock, &app::LiveDock::simulationScenarioReady);

    QTest::mouseClick(dock->simulateButton(), Qt::LeftButton);
    QVERIFY(dock->isBusy());
    QTRY_VERIFY_WITH_TIMEOUT(!dock->isBusy(), 10000);
    QVERIFY(dock->hasError());
    QVERIFY2(dock->statusText().contains(QStringLiteral("127.0.0.1:%1").arg(m_blackHole->serverPort())),
             qPrintable(dock->statusText()));
    QCOMPARE(ready.size(), 0);
    QCOMPARE(editor->text(), QStringLiteral("# my scenario"));
    QCOMPARE(editor->filePath(), QStringLiteral("mine.yaml"));
    QVERIFY(!window.isRunActive());
    QCOMPARE(finished.size(), 0);
    QVERIFY(dock->simulateButton()->isEnabled()); // it can be tried again
}

//! docs/screenshots/live-dock.png (with ORRERY_UPDATE_SCREENSHOTS=1; else the build's screenshots/).
void TestLiveDock::liveDockScreenshot()
{
    m_dock->resize(1000, 420);
    m_dock->setWindowTitle(QStringLiteral("Live Cluster"));
    m_dock->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_dock.get()));
    connectTo(QStringLiteral("fake"));
    app::LiveQueryPanel* panel = m_dock->queryPanel();
    panel->urlEdit()->setText(m_server->url());
    panel->queryEdit()->setText(QStringLiteral("up"));
    QSignalSpy finished(panel, &app::LiveQueryPanel::finished);
    panel->runQuery();
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 20000);
    auto* tabs = m_dock->findChild<QTabWidget*>(QStringLiteral("liveTabs"));
    QImage chartTab;
    tabs->setCurrentIndex(2);
    QTest::qWait(50);
    chartTab = tabs->widget(2)->grab().toImage();
    tabs->setCurrentIndex(0);
    QTest::qWait(50);
    const QImage nodesTab = m_dock->grab().toImage();
    // One picture: the dock on its Nodes tab, and below it the Prometheus tab's page.
    QImage image(nodesTab.width(), nodesTab.height() + chartTab.height() + 8, QImage::Format_RGB32);
    image.fill(m_dock->palette().color(QPalette::Window));
    QPainter painter(&image);
    painter.drawImage(0, 0, nodesTab);
    painter.drawImage((nodesTab.width() - chartTab.width()) / 2, nodesTab.height() + 8, chartTab);
    painter.end();
    const bool update = qEnvironmentVariable("ORRERY_UPDATE_SCREENSHOTS") == QStringLiteral("1");
    const QString dir = update ? QStringLiteral(ORRERY_SOURCE_DIR "/docs/screenshots")
                               : QStringLiteral(ORRERY_BIN_DIR "/../screenshots");
    QDir().mkpath(dir);
    const QString out = QDir(dir).filePath(QStringLiteral("live-dock.png"));
    QVERIFY2(image.save(out), qPrintable(out));
    qInfo("screenshot: %s", qPrintable(QDir::cleanPath(out)));
}

QTEST_MAIN(TestLiveDock)
#include "tst_live_dock.moc"
