// Screenshots of the views as a user sees them, in the window after a demo run with the
// DeathStarBench traces open: cluster-tab.png, service-graph-view.png, trace-view.png in
// <build>/screenshots, or docs/screenshots when ORRERY_UPDATE_SCREENSHOTS=1. Each must show
// its content: the critical path's red in the graph and the timeline, the tile colours in the cluster.
// cluster-gpu-shares.png: the Alibaba GPU fleet after an FGD replay stored with
// ops/replay_project.h, each GPU a column filled to its share; gpu-replay-sweep.png: that replay's
// experiment, GPU allocation against arrived demand for best-fit and FGD.
#include "gui/main_window.h"

#include "ops/replay_project.h"
#include "fleet/gpu_replay_study.h"
#include "gui/experiment_view.h"
#include "gui_test_support.h"
#include "widgets/cluster_view.h"
#include "widgets/comparison_view.h"
#include "widgets/sweep_chart.h"
#include "widgets/service_graph_scene.h"
#include "widgets/service_graph_view.h"
#include "widgets/trace_view.h"

#include <QDir>
#include <QLineSeries>
#include <QTabWidget>
#include <QSet>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace orrery;

namespace {

int distinctColours(const QImage& image)
{
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 3) {
        for (int x = 0; x < image.width(); x += 3)
            colours.insert(image.pixel(x, y));
    }
    return static_cast<int>(colours.size());
}

int pixelsOf(const QImage& image, QColor colour)
{
    int count = 0;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x)
            count += image.pixelColor(x, y) == colour ? 1 : 0;
    }
    return count;
}

QString outputPath(const QString& name)
{
    const bool update = qEnvironmentVariable("ORRERY_UPDATE_SCREENSHOTS") == QStringLiteral("1");
    const QString dir = update ? QStringLiteral(ORRERY_SOURCE_DIR "/docs/screenshots")
                               : QStringLiteral(ORRERY_BIN_DIR "/../screenshots");
    QDir().mkpath(dir);
    return QDir(dir).filePath(name);
}

} // namespace

class TestViewScreenshots : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { testing::isolateSettings(QStringLiteral("tst_view_screenshots")); }
    void views();
    void gpuShares();
};

void TestViewScreenshots::views()
{
    QTemporaryDir dir;
    const QString project = dir.filePath(QStringLiteral("views.orrery"));
    testing::recordDemoRun(project, 7);
    app::MainWindow window(testing::pluginRegistry());
    window.resize(1400, 860);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openProject(project));
    QTRY_COMPARE(window.clusterView()->snapshot().nodes.size(), std::size_t(30));

    QSignalSpy loaded(window.traceView(), &widgets::TraceView::loaded);
    QSignalSpy laidOut(window.serviceGraphView(), &widgets::ServiceGraphView::layoutFinished);
    window.openTrace(QStringLiteral(ORRERY_FIXTURE_DIR "/traces/socialnetwork-jaeger-traces.json"));
    QVERIFY(loaded.wait(20000));
    QVERIFY(laidOut.count() > 0 || laidOut.wait(20000));
    window.serviceGraphView()->selectService(QStringLiteral("compose-post-service"));
    const QColor accent = widgets::ServiceGraphScene::accentColor();

    struct Shot {
        app::MainWindow::ViewTab tab;
        QWidget* view;
        QString file;
        bool red;
    };
    const Shot shots[] = {
        {app::MainWindow::ViewTab::Cluster, window.clusterView(), QStringLiteral("cluster-tab.png"), false},
        {app::MainWindow::ViewTab::ServiceGraph, window.serviceGraphView(), QStringLiteral("service-graph-view.png"), true},
        {app::MainWindow::ViewTab::Traces, window.traceView(), QStringLiteral("trace-view.png"), true},
    };
    for (const Shot& shot : shots) {
        window.showViewTab(shot.tab);
        if (shot.tab == app::MainWindow::ViewTab::ServiceGraph)
            window.serviceGraphView()->fitAll();
        QTest::qWait(100);
        const QImage image = window.grab().toImage();
        QVERIFY2(distinctColours(image) > 30, qPrintable(shot.file + " looks blank"));
        if (shot.red)
            QVERIFY2(pixelsOf(shot.view->grab().toImage(), accent) > 50, qPrintable(shot.file + ": no critical path in red"));
        const QString out = outputPath(shot.file);
        QVERIFY2(image.save(out), qPrintable(out));
        qInfo("screenshot: %s", qPrintable(QDir::toNativeSeparators(QDir::cleanPath(out))));
    }
}

void TestViewScreenshots::gpuShares()
{
    const QString data = QStringLiteral(ORRERY_SOURCE_DIR "/resources/data/alibaba-gpu-2023/");
    const auto nodes = fleet::readAlibabaGpuNodes((data + "openb_node_list_gpu_node.csv").toStdString());
    const auto pods = fleet::readAlibabaGpuPods((data + "openb_pod_list_default.csv").toStdString());
    fleet::GpuReplayStudyOptions options;
    options.policies = {"best-fit", "fgd"};
    options.runs = 1;
    options.threads = 1;
    const fleet::ReplayPolicyFactory makePolicy = app::replayPolicyFactory(testing::pluginRegistry());
    const fleet::GpuReplayStudy study = fleet::runGpuReplayStudy(nodes, pods, options, makePolicy);
    QTemporaryDir dir;
    app::ReplayProjectInput input;
    input.projectPath = dir.filePath(QStringLiteral("replay.orrery")).toStdString();
    input.nodesFile = "openb_node_list_gpu_node.csv";
    input.podsFile = "openb_pod_list_default.csv";
    input.parameters = "replay: alibaba-gpu\n";
    QCOMPARE(app::storeReplayStudy(input, study, options, nodes, pods).runs.size(), std::size_t(2));

    app::MainWindow window(testing::pluginRegistry());
    window.resize(1400, 860);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openProject(QString::fromStdString(input.projectPath)));
    QTRY_VERIFY_WITH_TIMEOUT(window.clusterView()->snapshot().hasGpuShares(), 20000);
    QCOMPARE(window.clusterView()->snapshot().nodes.size(), nodes.size());
    window.showViewTab(app::MainWindow::ViewTab::Cluster);
    window.clusterView()->setTileSize(28);
    QTest::qWait(100);
    const QImage image = window.grab().toImage();
    const QImage view = window.clusterView()->grab().toImage();
    // Whole GPUs, shares and the free parts of fragments all show.
    QVERIFY(pixelsOf(view, window.clusterView()->colorScale().top()) > 500);
    QVERIFY(pixelsOf(view, window.clusterView()->sharedGpuColor()) > 500);
    QVERIFY(pixelsOf(view, window.clusterView()->colorScale().bottom()) > 100);
    const QString out = outputPath(QStringLiteral("cluster-gpu-shares.png"));
    QVERIFY2(image.save(out), qPrintable(out));
    qInfo("screenshot: %s", qPrintable(QDir::toNativeSeparators(QDir::cleanPath(out))));

    // The experiment: one line per policy through the stored means at every 10 % arrived.
    window.selectExperiment(1);
    auto* experimentView = window.findChild<app::ExperimentView*>(QStringLiteral("experimentView"));
    QVERIFY(experimentView);
    widgets::ComparisonView* comparison = experimentView->comparisonView();
    QTRY_VERIFY_WITH_TIMEOUT(!comparison->data().metrics.empty(), 20000);
    window.showViewTab(app::MainWindow::ViewTab::Overview);
    comparison->tabs()->setCurrentIndex(widgets::ComparisonView::SweepTab);
    comparison->setCurrentSweepPoint(13); // the table at 130 % arrived, where the policies part
    QCOMPARE(comparison->sweepChart()->seriesCount(), 2);
    QCOMPARE(comparison->sweepChart()->lineSeries(1)->count(), 14);
    QVERIFY(comparison->sweepChart()->lineSeries(1)->points().back().y() > 90.0); // FGD at 130 % arrived
    QTest::qWait(100);
    const QString sweep = outputPath(QStringLiteral("gpu-replay-sweep.png"));
    QVERIFY2(window.grab().toImage().save(sweep), qPrintable(sweep));
    qInfo("screenshot: %s", qPrintable(QDir::toNativeSeparators(QDir::cleanPath(sweep))));
}

QTEST_MAIN(TestViewScreenshots)
#include "tst_view_screenshots.moc"
