// MainWindow driven as a user would: the explorer lists the project's runs, a click shows a
// run's metrics and charts, runs started from the window show progress and stop on Cancel,
// settings survive a restart, and an empty demo project gets a demo run.
#include "gui/main_window.h"

#include "gui/metrics_table_model.h"
#include "gui/recent_projects.h"
#include "gui/run_list_model.h"
#include "gui/startup_project.h"
#include "gui_test_support.h"
#include "store/project.h"
#include "widgets/time_series_chart.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QLineSeries>
#include <QMenu>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

#include <algorithm>
#include <cmath>

using namespace orrery;
using app::MainWindow;
using app::RunListModel;

namespace {

//! Waits for the simulation to advance: one progress step (1 % of the long scenario) takes about
//! 0.1 s in a release build and seconds in a sanitizer build.
constexpr int kProgressTimeoutMs = 60000;

QTreeView* explorerOf(const MainWindow& window)
{
    return window.findChild<QTreeView*>(QStringLiteral("projectExplorer"));
}

//! The explorer's text at (row, column) under "Runs".
QString cell(const MainWindow& window, int row, int column)
{
    const QAbstractItemModel* model = explorerOf(window)->model();
    return model->index(row, column, model->index(0, 0)).data().toString();
}

int runRows(const MainWindow& window)
{
    const QAbstractItemModel* model = explorerOf(window)->model();
    return model->rowCount(model->index(0, 0));
}

QString logText(const MainWindow& window)
{
    return window.findChild<QPlainTextEdit*>(QStringLiteral("log"))->toPlainText();
}

bool writeFile(const QString& path, const std::string& text)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(text.data(), static_cast<qint64>(text.size())) == static_cast<qint64>(text.size());
}

std::optional<store::StoredSeriesId> seriesId(const store::Project& project, store::RunId run, const std::string& name)
{
    for (const auto& info : project.series(run)) {
        if (info.name == name)
            return info.id;
    }
    return std::nullopt;
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void explorerListsRunsAndSelectionFillsRunView();
    void runFromWindowShowsProgressAndCancels();
    void pauseHoldsTheRunAndEscapeCancelsIt();
    void closingDuringRunCancelsAndJoins();
    void invalidScenarioShowsDiagnostics();
    void settingsRestoreLayoutAndRecentProjects();
    void emptyDemoProjectRunsTheDemoAtStartup();

private:
    QTemporaryDir m_dir;
};

void TestMainWindow::initTestCase()
{
    testing::isolateSettings(QStringLiteral("tst_main_window"));
    QVERIFY(m_dir.isValid());
}

void TestMainWindow::init()
{
    QSettings().clear();
}

void TestMainWindow::explorerListsRunsAndSelectionFillsRunView()
{
    const QString path = m_dir.filePath(QStringLiteral("two-runs.orrery"));
    const store::RunId first = testing::recordDemoRun(path, 7);
    const store::RunId second = testing::recordDemoRun(path, 42);
    const store::Project project = store::Project::open(path.toStdString());

    MainWindow window(testing::pluginRegistry());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTreeView* explorer = explorerOf(window);
    QAbstractItemModelTester tester(explorer->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(window.openProject(path));

    const QModelIndex group = explorer->model()->index(0, 0);
    QCOMPARE(group.data().toString(), QStringLiteral("Runs (2)"));
    QVERIFY(explorer->isExpanded(group));
    QCOMPARE(runRows(window), 2);
    QCOMPARE(cell(window, 0, RunListModel::IdColumn), QString::number(first));
    QCOMPARE(cell(window, 0, RunListModel::ScenarioColumn), QStringLiteral("demo"));
    QCOMPARE(cell(window, 0, RunListModel::SeedColumn), QStringLiteral("7"));
    QCOMPARE(cell(window, 0, RunListModel::StatusColumn), QStringLiteral("completed"));
    QVERIFY(cell(window, 0, RunListModel::PoliciesColumn).startsWith(QStringLiteral("placement: first-fit")));
    QCOMPARE(cell(window, 1, RunListModel::SeedColumn), QStringLiteral("42"));

    // Opening a project shows its newest run.
    auto* title = window.findChild<QLabel*>(QStringLiteral("runTitle"));
    QTRY_COMPARE(title->text(), QStringLiteral("Run %1 — demo").arg(second));

    // A click on the first run shows it.
    const QModelIndex firstRow = explorer->model()->index(0, RunListModel::ScenarioColumn, group);
    QTest::mouseClick(explorer->viewport(), Qt::LeftButton, {}, explorer->visualRect(firstRow).center());
    QTRY_COMPARE(title->text(), QStringLiteral("Run %1 — demo").arg(first));

    // The metrics table holds exactly the stored metrics of that run (they differ between seeds).
    const auto metrics = project.metrics(first);
    const auto otherMetrics = project.metrics(second);
    QVERIFY(!metrics.empty());
    QVERIFY(!std::equal(metrics.begin(), metrics.end(), otherMetrics.begin(), otherMetrics.end(),
                        [](const auto& a, const auto& b) { return a.value == b.value; }));
    QAbstractItemModel* table = window.findChild<QTableView*>(QStringLiteral("metricsTable"))->model();
    QAbstractItemModelTester tableTester(table, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(table->rowCount(), static_cast<int>(metrics.size()));
    for (int row = 0; row < table->rowCount(); ++row) {
        const auto& metric = metrics[static_cast<std::size_t>(row)];
        QCOMPARE(table->index(row, 0).data().toString(), QString::fromStdString(metric.name));
        QCOMPARE(table->index(row, 1).data(app::MetricsTableModel::ValueRole).toDouble(), metric.value);
        QCOMPARE(table->index(row, 1).data().toString(), app::MetricsTableModel::formatValue(metric.value, metric.unit));
        QCOMPARE(table->index(row, 2).data().toString(), QString::fromStdString(metric.unit));
    }

    // The allocation chart draws the three stored allocation series, in % of capacity.
    auto* allocation = window.findChild<widgets::TimeSeriesChart*>(QStringLiteral("allocationChart"));
    QVERIFY(allocation->isVisible());
    QCOMPARE(allocation->seriesCount(), 3);
    const std::pair<const char*, QString> expected[] = {{"cluster.cpu_allocated", QStringLiteral("CPU allocated")},
                                                        {"cluster.memory_allocated", QStringLiteral("Memory allocated")},
                                                        {"cluster.gpu_allocated", QStringLiteral("GPUs allocated")}};
    const qsizetype bound = 2 * static_cast<qsizetype>(allocation->decimationBuckets());
    for (int i = 0; i < 3; ++i) {
        QLineSeries* line = allocation->lineSeries(i);
        QCOMPARE(line->name(), expected[i].second);
        const auto id = seriesId(project, first, expected[i].first);
        QVERIFY(id);
        const auto samples = project.samples(*id);
        QVERIFY(samples.size() > 100);
        QCOMPARE(allocation->sourcePointCount(i), static_cast<qsizetype>(samples.size()));
        if (static_cast<qsizetype>(samples.size()) <= bound)
            QCOMPARE(line->count(), static_cast<qsizetype>(samples.size()));
        else
            QVERIFY(line->count() <= bound);
        const auto points = line->points();
        const auto [low, high] = std::minmax_element(points.begin(), points.end(),
                                                     [](QPointF a, QPointF b) { return a.y() < b.y(); });
        QVERIFY(low->y() >= 0.0);
        QVERIFY(high->y() <= 100.0);
        QVERIFY2(high->y() > 5.0, "allocation is drawn in percent, not as a ratio");
        // x in minutes; the last drawn point lies in the last pixel column
        const double end = sim::toSeconds(samples.back().time) / 60.0;
        QVERIFY(std::abs(points.back().x() - end) <= end / allocation->decimationBuckets() + 1e-9);
    }
    auto* queue = window.findChild<widgets::TimeSeriesChart*>(QStringLiteral("queueChart"));
    QCOMPARE(queue->seriesCount(), 2);
    QCOMPARE(queue->lineSeries(0)->name(), QStringLiteral("Pending"));
    QCOMPARE(queue->lineSeries(1)->name(), QStringLiteral("Running"));
    QVERIFY(queue->lineSeries(1)->count() > 100);
}

void TestMainWindow::runFromWindowShowsProgressAndCancels()
{
    const QString scenario = m_dir.filePath(QStringLiteral("long.yaml"));
    QVERIFY(writeFile(scenario, testing::longScenarioText()));
    MainWindow window(testing::pluginRegistry());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QAbstractItemModelTester tester(explorerOf(window)->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(window.openProject(m_dir.filePath(QStringLiteral("cancel.orrery"))));
    QCOMPARE(runRows(window), 0);
    QSignalSpy finished(&window, &MainWindow::runFinished);

    QVERIFY(window.runScenarioFile(scenario));
    auto* bar = window.findChild<QProgressBar*>(QStringLiteral("runProgressBar"));
    auto* cancel = window.findChild<QPushButton*>(QStringLiteral("cancelRunButton"));
    QVERIFY(bar->isVisible());
    QVERIFY(cancel->isVisible());
    QTRY_VERIFY_WITH_TIMEOUT(bar->value() > 0, kProgressTimeoutMs);
    QVERIFY(bar->value() < bar->maximum());
    QTRY_COMPARE_WITH_TIMEOUT(runRows(window), 1, kProgressTimeoutMs); // listed while it runs
    QCOMPARE(cell(window, 0, RunListModel::StatusColumn), QStringLiteral("running"));
    QCOMPARE(cell(window, 0, RunListModel::ScenarioColumn), QStringLiteral("long-demo"));
    QVERIFY(!window.findChild<QAction*>(QStringLiteral("openProjectAction"))->isEnabled());

    QTest::mouseClick(cancel, Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(cell(window, 0, RunListModel::StatusColumn), QStringLiteral("cancelled"), 15000);
    QTRY_VERIFY(!bar->isVisible());
    QVERIFY(!cancel->isVisible());
    QVERIFY(!window.isRunActive());
    QCOMPARE(finished.count(), 1);
    QCOMPARE(finished.front().at(1).toInt(), static_cast<int>(sim::RunStatus::Cancelled));
    QVERIFY(logText(window).contains(QStringLiteral("cancelled after")));
    QVERIFY(window.findChild<QAction*>(QStringLiteral("openProjectAction"))->isEnabled());
    // The cancelled run is shown, with what it recorded before it stopped.
    auto* title = window.findChild<QLabel*>(QStringLiteral("runTitle"));
    QTRY_COMPARE(title->text(), QStringLiteral("Run 1 — long-demo"));
    QTRY_COMPARE(window.findChild<widgets::TimeSeriesChart*>(QStringLiteral("allocationChart"))->seriesCount(), 3);
}

void TestMainWindow::pauseHoldsTheRunAndEscapeCancelsIt()
{
    const QString scenario = m_dir.filePath(QStringLiteral("long-pause.yaml"));
    QVERIFY(writeFile(scenario, testing::longScenarioText()));
    MainWindow window(testing::pluginRegistry());
    window.show();
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(window.openProject(m_dir.filePath(QStringLiteral("pause.orrery"))));
    QVERIFY(window.runScenarioFile(scenario));
    auto* bar = window.findChild<QProgressBar*>(QStringLiteral("runProgressBar"));
    QTRY_VERIFY_WITH_TIMEOUT(bar->value() > 0, kProgressTimeoutMs);

    auto* pause = window.findChild<QAction*>(QStringLiteral("pauseAction"));
    QVERIFY(pause->isEnabled());
    pause->trigger();
    QVERIFY(pause->isChecked());
    QCOMPARE(pause->text(), QStringLiteral("&Resume"));
    QVERIFY(window.findChild<QLabel*>(QStringLiteral("runProgressLabel"))->text().endsWith(QStringLiteral("paused")));
    QTest::qWait(300); // reports already queued arrive
    const int pausedAt = bar->value();
    QTest::qWait(1000); // unpaused, the run would advance ~10 % of its horizon meanwhile
    QCOMPARE(bar->value(), pausedAt);

    pause->trigger();
    QVERIFY(!pause->isChecked());
    QTRY_VERIFY_WITH_TIMEOUT(bar->value() > pausedAt, kProgressTimeoutMs);

    QTest::keyClick(&window, Qt::Key_Escape); // Run ▸ Cancel Run
    QTRY_COMPARE_WITH_TIMEOUT(cell(window, 0, RunListModel::StatusColumn), QStringLiteral("cancelled"), 15000);
    QTRY_VERIFY(!bar->isVisible());
    QVERIFY(!pause->isEnabled());
}

void TestMainWindow::closingDuringRunCancelsAndJoins()
{
    const QString scenario = m_dir.filePath(QStringLiteral("long-close.yaml"));
    QVERIFY(writeFile(scenario, testing::longScenarioText()));
    const QString path = m_dir.filePath(QStringLiteral("close.orrery"));
    {
        MainWindow window(testing::pluginRegistry());
        window.show();
        QVERIFY(window.openProject(path));
        QVERIFY(window.runScenarioFile(scenario));
        auto* bar = window.findChild<QProgressBar*>(QStringLiteral("runProgressBar"));
        QTRY_VERIFY_WITH_TIMEOUT(bar->value() > 0, kProgressTimeoutMs);
        QElapsedTimer timer;
        timer.start();
        QVERIFY(window.close());
        QVERIFY2(timer.elapsed() < 5000, "closing waits for the worker only until it sees the cancel");
        QVERIFY(!window.isRunActive());
    }
    const auto runs = store::Project::open(path.toStdString()).listRuns();
    QCOMPARE(runs.size(), std::size_t{1});
    QCOMPARE(sim::toString(runs.front().status), std::string_view("cancelled"));
}

void TestMainWindow::invalidScenarioShowsDiagnostics()
{
    std::string text = testing::longScenarioText();
    text.replace(text.find("plugin: first-fit"), 17, "plugin: first-fitt");
    const QString scenario = m_dir.filePath(QStringLiteral("typo.yaml"));
    QVERIFY(writeFile(scenario, text));
    MainWindow window(testing::pluginRegistry());
    window.show();
    QVERIFY(window.openProject(m_dir.filePath(QStringLiteral("typo.orrery"))));

    QVERIFY(!window.runScenarioFile(scenario));
    QVERIFY(!window.isRunActive());
    QMessageBox* box = nullptr;
    QTRY_VERIFY((box = window.findChild<QMessageBox*>(QStringLiteral("problemBox"))) != nullptr && box->isVisible());
    QVERIFY(box->text().contains(QStringLiteral("typo.yaml")));
    QVERIFY(box->detailedText().contains(QStringLiteral("first-fitt")));
    QVERIFY(box->detailedText().contains(QStringLiteral("typo.yaml:")));
    QVERIFY(logText(window).contains(QStringLiteral("error: ")));
    QVERIFY(logText(window).contains(QStringLiteral("first-fitt")));
    box->close();
    QCOMPARE(runRows(window), 0);
}

void TestMainWindow::settingsRestoreLayoutAndRecentProjects()
{
    const QString a = m_dir.filePath(QStringLiteral("a.orrery"));
    const QString b = m_dir.filePath(QStringLiteral("b.orrery"));
    {
        MainWindow window(testing::pluginRegistry());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.resize(1000, 700);
        window.findChild<QDockWidget*>(QStringLiteral("logDock"))->hide();
        QVERIFY(window.openProject(a));
        QVERIFY(window.openProject(b));
        QVERIFY(window.close());
    }
    QCOMPARE(app::recent_projects::list(), (QStringList{b, a}));
    QCOMPARE(app::startupProjectPath(), b);

    MainWindow window(testing::pluginRegistry());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCOMPARE(window.size(), QSize(1000, 700));
    QVERIFY(!window.findChild<QDockWidget*>(QStringLiteral("logDock"))->isVisible());
    QVERIFY(window.findChild<QDockWidget*>(QStringLiteral("projectDock"))->isVisible());
    auto* recent = window.findChild<QMenu*>(QStringLiteral("recentMenu"));
    QVERIFY(recent->isEnabled());
    emit recent->aboutToShow();
    const auto entries = recent->actions();
    QVERIFY(entries.size() >= 2);
    QCOMPARE(entries[0]->text(), QStringLiteral("&1 b.orrery"));
    QCOMPARE(entries[1]->text(), QStringLiteral("&2 a.orrery"));
    entries[1]->trigger();
    QCOMPARE(window.projectPath(), a);

    // Nine projects later, the menu keeps eight.
    for (int i = 0; i < 9; ++i)
        QVERIFY(window.openProject(m_dir.filePath(QStringLiteral("p%1.orrery").arg(i))));
    QCOMPARE(app::recent_projects::list().size(), app::recent_projects::kMaxRecentProjects);
    QCOMPARE(QFileInfo(app::recent_projects::list().front()).fileName(), QStringLiteral("p8.orrery"));
}

void TestMainWindow::emptyDemoProjectRunsTheDemoAtStartup()
{
    const QString demo = app::demoProjectPath();
    QVERIFY2(demo.contains(QStringLiteral(".qttest")), qPrintable(demo)); // never the user's own
    for (const QString& suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm")})
        QFile::remove(demo + suffix);
    {
        MainWindow window(testing::pluginRegistry());
        window.show();
        QSignalSpy finished(&window, &MainWindow::runFinished);
        window.openStartupProject();
        QCOMPARE(window.projectPath(), demo);
        QVERIFY(window.isRunActive());
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kProgressTimeoutMs);
        QCOMPARE(finished.front().at(1).toInt(), static_cast<int>(sim::RunStatus::Completed));
        QCOMPARE(runRows(window), 1);
        QCOMPARE(cell(window, 0, RunListModel::StatusColumn), QStringLiteral("completed"));
        QTRY_COMPARE(window.findChild<QLabel*>(QStringLiteral("runTitle"))->text(), QStringLiteral("Run 1 — demo"));
        window.close();
    }
    // Next start: the demo project is the last project and has a run, so nothing starts.
    MainWindow window(testing::pluginRegistry());
    window.openStartupProject();
    QCOMPARE(window.projectPath(), demo);
    QVERIFY(!window.isRunActive());
    QCOMPARE(runRows(window), 1);
}

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
