// The window's view tabs: a run's cluster appears in the cluster view (each GPU with its share
// when the run shared GPUs by fraction), File ▸ Open Trace reads a
// Jaeger file into the trace view and its service graph highlights the chosen trace's critical
// path, a Zipkin file dropped on the window opens the same way, and the open tab survives a
// restart.
#include "gui/main_window.h"

#include "analysis/critical_path.h"
#include "env/simulation.h"
#include "gui_test_support.h"
#include "scenario/scenario_loader.h"
#include "store/project.h"
#include "store/project_run_recorder.h"
#include "trace/trace.h"
#include "widgets/cluster_view.h"
#include "widgets/service_graph_view.h"
#include "widgets/trace_view.h"

#include <QAction>
#include <QApplication>
#include <QDropEvent>
#include <QMimeData>
#include <QUrl>
#include <QMenu>
#include <QMenuBar>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace orrery;

namespace {
const QString kTraceFile = QStringLiteral(ORRERY_FIXTURE_DIR "/traces/socialnetwork-jaeger-traces.json");
const QString kZipkinFile = QStringLiteral(ORRERY_FIXTURE_DIR "/traces/zipkin-lens-skew.json");
}

class TestMainWindowViews : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { testing::isolateSettings(QStringLiteral("tst_main_window_views")); }
    void runShowsItsCluster();
    void runThatSharedGpusShowsEachGpu();
    void openTraceShowsTimelineAndGraph();
    void droppedTraceFileOpens();
    void viewTabIsRestored();
};

void TestMainWindowViews::runShowsItsCluster()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("views.orrery"));
    testing::recordDemoRun(path, 7);
    app::MainWindow window(testing::pluginRegistry());
    QVERIFY(window.openProject(path));
    // The demo's three pools: 20 CPU nodes, 5 GPU nodes, 5 ASIC nodes (resources/scenarios/demo.yaml).
    QTRY_COMPARE(window.clusterView()->snapshot().nodes.size(), std::size_t(30));
    QCOMPARE(window.clusterView()->snapshot().pools.size(), std::size_t(3));
    window.showViewTab(app::MainWindow::ViewTab::Cluster);
    QCOMPARE(window.findChild<QTabWidget*>(QStringLiteral("viewTabs"))->currentWidget(),
             static_cast<QWidget*>(window.clusterView()));
}

void TestMainWindowViews::runThatSharedGpusShowsEachGpu()
{
    // Eight jobs of 400m on one node with two T4s: at the peak two shares stack on each GPU.
    const std::string text =
        "apiVersion: orrery.dev/v1\nkind: Scenario\nmetadata: {name: gpu-share}\nspec:\n  seed: 3\n  horizon: 2h\n"
        "  cluster:\n    pools:\n      - {name: t4, count: 1, cpu: 8, memory: 64Gi, devices: [{kind: gpu, model: T4, count: 2}]}\n"
        "  policies:\n    placement: {plugin: best-fit}\n"
        "  workloads:\n    - name: jobs\n      kind: BatchJobs\n      arrivalRate: 1000/s\n      maxJobs: 8\n"
        "      request: {cpu: 500m, memory: 1Gi, gpu: 400m}\n      duration: 100s\n";
    const auto loaded = scenario::parseScenario(text, "gpu-share.yaml");
    QVERIFY(loaded.scenario);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("shares.orrery"));
    {
        store::Project project = store::Project::open(path.toStdString());
        store::ProjectRunRecorder recorder(project);
        env::Simulation simulation(*loaded.scenario, testing::pluginRegistry());
        QVERIFY(simulation.run(recorder).status == sim::RunStatus::Completed);
    }
    app::MainWindow window(testing::pluginRegistry());
    QVERIFY(window.openProject(path));
    QTRY_VERIFY(window.clusterView()->snapshot().hasGpuShares());
    const widgets::ClusterSnapshot& snapshot = window.clusterView()->snapshot();
    QCOMPARE(snapshot.nodes.size(), std::size_t(1));
    QCOMPARE(snapshot.nodes[0].gpus.size(), std::size_t(2));
    for (const model::GpuShare& gpu : snapshot.nodes[0].gpus) {
        QCOMPARE(gpu.usedMilli, 800);
        QVERIFY(!gpu.whole);
    }
    QCOMPARE(snapshot.nodes[0].allocated.deviceCount(model::DeviceKind::Gpu), 2);
    QVERIFY2(snapshot.gpuCaption.contains(QStringLiteral("peak")), qPrintable(snapshot.gpuCaption));
    QCOMPARE(window.clusterView()->metric(), widgets::ClusterMetric::Gpu);
    QVERIFY(window.clusterView()->toolTipText(0).contains(QStringLiteral("GPU 1: 800 m shared, 200 m free")));
}

void TestMainWindowViews::openTraceShowsTimelineAndGraph()
{
    app::MainWindow window(testing::pluginRegistry());
    QAction* open = window.findChild<QAction*>(QStringLiteral("openTraceAction"));
    QVERIFY(open);
    bool inFileMenu = false;
    for (QAction* menu : window.menuBar()->actions())
        inFileMenu = inFileMenu || (menu->menu() && menu->menu()->actions().contains(open));
    QVERIFY(inFileMenu);

    QSignalSpy loaded(window.traceView(), &widgets::TraceView::loaded);
    QSignalSpy laidOut(window.serviceGraphView(), &widgets::ServiceGraphView::layoutFinished);
    window.openTrace(kTraceFile);
    QCOMPARE(window.currentViewTab(), app::MainWindow::ViewTab::Traces);
    QVERIFY(loaded.wait(20000));
    QVERIFY(laidOut.count() > 0 || laidOut.wait(20000));

    const auto& traces = window.traceView()->traceSet();
    const int chosen = window.traceView()->currentTrace();
    const trace::Trace& trace = traces->traces[static_cast<std::size_t>(chosen)];
    const analysis::CriticalPath path = analysis::criticalPath(trace);
    QSet<QString> expected;
    for (const std::uint32_t span : path.spans)
        expected.insert(QString::fromStdString(traces->names.name(trace.spans[span].service)));
    QStringList highlighted = window.serviceGraphView()->highlightedServices();
    QCOMPARE(QSet<QString>(highlighted.begin(), highlighted.end()), expected);

    // Choosing another trace moves the highlight with it, without another layout.
    window.traceView()->setCurrentTrace(5);
    const trace::Trace& other = traces->traces[5];
    QSet<QString> otherExpected;
    for (const std::uint32_t span : analysis::criticalPath(other).spans)
        otherExpected.insert(QString::fromStdString(traces->names.name(other.spans[span].service)));
    highlighted = window.serviceGraphView()->highlightedServices();
    QCOMPARE(QSet<QString>(highlighted.begin(), highlighted.end()), otherExpected);
}

void TestMainWindowViews::droppedTraceFileOpens()
{
    app::MainWindow window(testing::pluginRegistry());
    QVERIFY(window.acceptDrops());
    QCOMPARE(window.currentViewTab(), app::MainWindow::ViewTab::Overview);
    QSignalSpy loaded(window.traceView(), &widgets::TraceView::loaded);

    // A file that is not .json is refused and opens nothing.
    QMimeData other;
    other.setUrls({QUrl::fromLocalFile(QStringLiteral(ORRERY_FIXTURE_DIR "/traces/README.md"))});
    QDragEnterEvent refused(QPoint(10, 10), Qt::CopyAction, &other, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &refused);
    QVERIFY(!refused.isAccepted());

    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(kZipkinFile)});
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &drop);
    QVERIFY(drop.isAccepted());
    QCOMPARE(window.currentViewTab(), app::MainWindow::ViewTab::Traces);
    QVERIFY(loaded.wait(20000));
    // The Zipkin v2 file (auto-detected by trace::readTraceFile) is in the trace view.
    QVERIFY(loaded.takeFirst().at(0).toString().contains(QStringLiteral("zipkin-lens-skew.json")));
    QVERIFY(window.traceView()->traceSet());
    QVERIFY(!window.traceView()->traceSet()->traces.empty());
    QVERIFY(window.traceView()->currentTrace() >= 0);
}

void TestMainWindowViews::viewTabIsRestored()
{
    {
        app::MainWindow window(testing::pluginRegistry());
        window.show();
        window.showViewTab(app::MainWindow::ViewTab::ServiceGraph);
        window.close(); // saves the settings
    }
    app::MainWindow window(testing::pluginRegistry());
    QCOMPARE(window.currentViewTab(), app::MainWindow::ViewTab::ServiceGraph);
}

QTEST_MAIN(TestMainWindowViews)
#include "tst_main_window_views.moc"
