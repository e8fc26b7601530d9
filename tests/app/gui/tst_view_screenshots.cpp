// Screenshots of the views as a user sees them, in the window after a demo run with the
// DeathStarBench traces open: cluster-tab.png, service-graph-view.png, trace-view.png in
// <build>/screenshots, or docs/screenshots when ORRERY_UPDATE_SCREENSHOTS=1. Each must show
// its content: the critical path's red in the graph and the timeline, the tile colours in the cluster.
#include "gui/main_window.h"

#include "gui_test_support.h"
#include "widgets/cluster_view.h"
#include "widgets/service_graph_scene.h"
#include "widgets/service_graph_view.h"
#include "widgets/trace_view.h"

#include <QDir>
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

QTEST_MAIN(TestViewScreenshots)
#include "tst_view_screenshots.moc"
