// The embeddings pipeline end to end with the real commands (issue 15): `orrery generate apps`
// makes 8 applications, `orrery train firm` trains on each (its trajectories go to the project's
// store), `orrery meta-train --manifest` learns the embeddings; the window's Embeddings tab then
// shows one point per application, coloured by the manifest's class, with the current one's
// reward curve. Grabs docs/screenshots/embedding-view-real.png with ORRERY_UPDATE_SCREENSHOTS=1.
#include "cli_test_support.h"
#include "gui/embedding_tab.h"
#include "gui/main_window.h"
#include "gui_test_support.h"
#include "widgets/embedding_view.h"
#include "widgets/time_series_chart.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QScatterSeries>
#include <QTemporaryDir>
#include <QTest>

using namespace orrery;
using testing::runOrrery;

class TestEmbeddingPipeline : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    void initTestCase() { testing::isolateSettings(QStringLiteral("tst_embedding_pipeline")); }

    void generatedApplicationsBecomeEmbeddings()
    {
        const QString apps = m_dir.filePath(QStringLiteral("apps"));
        const QString project = m_dir.filePath(QStringLiteral("embeddings.orrery"));
        auto result = runOrrery({"generate", "apps", "--count", "8", "--seed", "7", "--out", apps}, m_dir.path());
        QVERIFY2(result.exitCode == 0, qPrintable(result.err));
        QStringList scenarios = QDir(apps + QStringLiteral("/scenarios")).entryList({QStringLiteral("*.yaml")}, QDir::Files, QDir::Name);
        QCOMPARE(scenarios.size(), 8);

        // Too few environments is bad input, named as such.
        result = runOrrery({"meta-train", "--project", project, "--hidden", "16"}, m_dir.path());
        QCOMPARE(result.exitCode, 2);
        for (const QString& scenario : scenarios) {
            result = runOrrery({"train", "firm", "--scenario", apps + "/scenarios/" + scenario, "--project", project, "--episodes", "3",
                                "--steps", "20", "--quiet"},
                               m_dir.path());
            QVERIFY2(result.exitCode == 0, qPrintable(result.err));
        }
        result = runOrrery({"meta-train", "--project", project, "--manifest", apps + "/manifest.yaml", "--hidden", "16",
                            "--embedding", "8", "--bundle", "3", "--steps", "30", "--quiet"},
                           m_dir.path());
        QVERIFY2(result.exitCode == 0, qPrintable(result.err));
        QVERIFY2(result.out.contains(QStringLiteral("embeddings of 8 environments")), qPrintable(result.out));
        // The same embeddings as a report page: the scatter, a row per application, the reward curves.
        const QString report = m_dir.filePath(QStringLiteral("embeddings.html"));
        result = runOrrery({"report", "--project", project, "--embeddings", "--out", report}, m_dir.path());
        QVERIFY2(result.exitCode == 0, qPrintable(result.err));
        QFile html(report);
        QVERIFY(html.open(QIODevice::ReadOnly));
        const QString page = QString::fromUtf8(html.readAll());
        QCOMPARE(page.count(QStringLiteral("<tr><td>app-")), 8);
        QCOMPARE(page.count(QStringLiteral("<svg")), 2);
        QVERIFY(page.contains(QStringLiteral("Reward per episode")));

        app::MainWindow window(testing::pluginRegistry());
        window.resize(1400, 850);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openProject(project));
        window.showViewTab(app::MainWindow::ViewTab::Embeddings);
        widgets::EmbeddingView* view = window.embeddingTab()->view();
        QTRY_VERIFY(view->isVisible());
        int points = 0;
        for (QScatterSeries* series : view->categorySeries())
            points += series->count();
        QCOMPARE(points, 8);
        QCOMPARE(view->colorAttribute(), QStringLiteral("class"));
        QVERIFY(view->current().has_value());
        QCOMPARE(view->adaptationChart()->seriesCount(), 1);
        QTest::qWait(200);
        const bool update = qEnvironmentVariable("ORRERY_UPDATE_SCREENSHOTS") == QStringLiteral("1");
        const QString dir = update ? QStringLiteral(ORRERY_SOURCE_DIR "/docs/screenshots") : QStringLiteral(ORRERY_BIN_DIR "/../screenshots");
        QDir().mkpath(dir);
        const QString out = QDir(dir).filePath(QStringLiteral("embedding-view-real.png"));
        QVERIFY(window.grab().toImage().save(out));
        qInfo("screenshot: %s", qPrintable(QDir::cleanPath(out)));
    }
};

QTEST_MAIN(TestEmbeddingPipeline)
#include "tst_embedding_pipeline.moc"
