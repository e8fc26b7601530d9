// Experiments in the window, end to end: an experiment run into a project by core/experiment's
// runner is listed in the project explorer; clicking it shows the ComparisonView with its arms,
// metrics, sweep points and one run per arm as time series. Also grabs
// docs/screenshots/comparison-view.png (with ORRERY_UPDATE_SCREENSHOTS=1) from the demo A/B
// experiment.
#include "gui/main_window.h"

#include "experiment/experiment_loader.h"
#include "experiment/experiment_runner.h"
#include "gui/experiment_view.h"
#include "gui/run_list_model.h"
#include "gui_test_support.h"
#include "store/project.h"
#include "widgets/box_plot_chart.h"
#include "widgets/cdf_chart.h"
#include "widgets/comparison_table_model.h"
#include "widgets/comparison_view.h"
#include "widgets/scatter_chart.h"
#include "widgets/time_series_chart.h"
#include "tiny_experiment_text.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QLineSeries>
#include <QScatterSeries>
#include <QSet>
#include <QSignalSpy>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

using namespace orrery;

namespace {

constexpr const char* kScenario = testing::kTinyScenario;
constexpr const char* kExperiment = testing::kTinyExperiment;

constexpr const char* kServingScenario = R"(apiVersion: orrery.dev/v1
kind: Scenario
metadata: {name: serving}
spec:
  seed: 1
  horizon: 2m
  cluster:
    pools:
      - {name: gpus, count: 2, cpu: 8, memory: 16Gi, devices: [{kind: gpu, model: V100, count: 1}]}
  policies: {placement: {plugin: alpaserve-placement}}
  workloads:
    - name: serving
      kind: model-serving
      devices: gpus
      models:
        - {model: BERT-base, rate: 3/s}
        - {model: ResNet-50, rate: 6/s}
)";

constexpr const char* kServingExperiment = R"(apiVersion: orrery.dev/v1
kind: Experiment
metadata:
  name: serving-ab
spec:
  scenario: serving.yaml
  arms:
    - {name: default-clock, policies: {placement: {plugin: alpaserve-placement}}}
    - {name: miad, policies: {control: {plugin: miad-frequency, params: {signal: period, minRequests: 1}}}}
  seeds: {count: 3}
  metrics: [serving.power.mean, serving.slo_attainment]
  sweep: {parameter: arrivalRate, values: [1, 2]}
)";

bool writeFile(const QString& path, const char* text)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(text) > 0;
}

//! Runs the experiment file at `path` into `projectPath`; an empty string when it completed.
QString runExperiment(const QString& path, const QString& projectPath)
{
    auto loaded = experiment::loadExperimentFile(path.toStdString());
    if (!loaded.ok())
        return QString::fromStdString(model::formatAll(loaded.diagnostics));
    experiment::ExperimentRunner runner(*loaded.experiment, testing::pluginRegistry(), projectPath.toStdString());
    const experiment::ExperimentOutcome outcome = runner.run();
    return outcome.status == experiment::ExperimentOutcome::Status::Completed ? QString()
                                                                              : QStringLiteral("not completed");
}

//! Clicks the first experiment of the explorer.
void clickFirstExperiment(app::MainWindow& window)
{
    auto* explorer = window.findChild<QTreeView*>(QStringLiteral("projectExplorer"));
    QVERIFY(explorer);
    const auto* model = qobject_cast<const app::RunListModel*>(explorer->model());
    QVERIFY(model);
    const QModelIndex group = model->experimentsGroupIndex();
    QCOMPARE(model->data(group).toString(), QStringLiteral("Experiments (1)"));
    const QModelIndex item = model->index(0, app::RunListModel::ScenarioColumn, group);
    explorer->scrollTo(item);
    const QRect rect = explorer->visualRect(item);
    QVERIFY(rect.isValid());
    QTest::mouseClick(explorer->viewport(), Qt::LeftButton, {}, rect.center());
}

int distinctColours(const QImage& image)
{
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 3) {
        for (int x = 0; x < image.width(); x += 3)
            colours.insert(image.pixel(x, y));
    }
    return static_cast<int>(colours.size());
}

} // namespace

class TestExperimentView : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { testing::isolateSettings(QStringLiteral("tst_experiment_view")); }
    void explorerListsExperimentAndClickShowsComparison();
    void comparisonViewScreenshot();
    void servingExperimentShowsPowerAgainstAttainment();
};

void TestExperimentView::explorerListsExperimentAndClickShowsComparison()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(writeFile(dir.filePath(QStringLiteral("tiny.yaml")), kScenario));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("exp.yaml")), kExperiment));
    const QString project = dir.filePath(QStringLiteral("p.orrery"));
    const QString failure = runExperiment(dir.filePath(QStringLiteral("exp.yaml")), project);
    QVERIFY2(failure.isEmpty(), qPrintable(failure));

    app::MainWindow window(testing::pluginRegistry());
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openProject(project));
    auto* centre = window.findChild<QStackedWidget*>(QStringLiteral("centre"));
    auto* experimentView = window.findChild<app::ExperimentView*>(QStringLiteral("experimentView"));
    auto* exportAction = window.findChild<QAction*>(QStringLiteral("exportReportAction"));
    QVERIFY(centre && experimentView && exportAction);
    QVERIFY(centre->currentWidget() != experimentView); // the newest run is shown first
    QVERIFY(!exportAction->isEnabled());

    QSignalSpy loaded(experimentView, &app::ExperimentView::loaded);
    clickFirstExperiment(window);
    QCOMPARE(centre->currentWidget(), experimentView);
    QTRY_COMPARE(loaded.count(), 1);
    widgets::ComparisonView* view = experimentView->comparisonView();
    QVERIFY(view->isVisible());
    QCOMPARE(view->findChild<QLabel*>(QStringLiteral("comparisonTitle"))->text(),
             QStringLiteral("Experiment 1 — tiny-ab"));

    // The arms, in the table and the charts, with every seed's run.
    const QAbstractItemModel* table = view->tableModel();
    QCOMPARE(table->rowCount(), 2);
    QCOMPARE(table->data(table->index(0, widgets::ComparisonTableModel::ArmColumn)).toString(), QStringLiteral("first-fit"));
    QCOMPARE(table->data(table->index(1, widgets::ComparisonTableModel::ArmColumn)).toString(), QStringLiteral("random"));
    QCOMPARE(table->data(table->index(1, widgets::ComparisonTableModel::RunsColumn)).toString(), QStringLiteral("2"));
    QCOMPARE(table->data(table->index(0, widgets::ComparisonTableModel::RatioColumn)).toString(), QStringLiteral("—"));
    QVERIFY(table->data(table->index(1, widgets::ComparisonTableModel::RatioColumn)).toString().contains(QLatin1Char('[')));
    QCOMPARE(view->cdfChart()->seriesCount(), 2);
    QCOMPARE(view->cdfChart()->lineSeries(0)->count(), 4); // 2 seeds
    QCOMPARE(view->boxPlotChart()->boxCount(), 2);
    auto* metricBox = view->findChild<QComboBox*>(QStringLiteral("metricSelector"));
    auto* sweepBox = view->findChild<QComboBox*>(QStringLiteral("sweepSelector"));
    QCOMPARE(metricBox->count(), 2);
    QCOMPARE(sweepBox->count(), 2);
    QVERIFY(exportAction->isEnabled());

    // One run per arm as time series, reloaded for another sweep point.
    widgets::TimeSeriesChart* series = view->timeSeriesChart();
    QTRY_COMPARE(series->seriesCount(), 2);
    QVERIFY(series->lineSeries(0)->name().startsWith(QStringLiteral("first-fit (run ")));
    QVERIFY(series->sourcePointCount(0) > 10);
    const QString before = series->lineSeries(0)->name();
    QSignalSpy seriesLoaded(experimentView, &app::ExperimentView::timeSeriesLoaded);
    sweepBox->setCurrentIndex(1);
    QTRY_COMPARE(seriesLoaded.count(), 1);
    QVERIFY(series->lineSeries(0)->name() != before);
    if (qEnvironmentVariableIsSet("ORRERY_COMPARISON_TABS_DIR")) { // for looking at
        view->tabs()->setCurrentIndex(widgets::ComparisonView::SweepTab);
        QTest::qWait(50);
        window.grab().save(QDir(qEnvironmentVariable("ORRERY_COMPARISON_TABS_DIR")).filePath(QStringLiteral("sweep.png")));
    }

    // Export writes the report of what is on screen, HTML or PDF by the file's extension.
    const QString html = dir.filePath(QStringLiteral("report.html"));
    QVERIFY(window.exportReport(html));
    QFile htmlFile(html);
    QVERIFY(htmlFile.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(htmlFile.readAll());
    QVERIFY(text.contains(QStringLiteral("tiny-ab")));
    QVERIFY(text.contains(QStringLiteral("first-fit")) && text.contains(QStringLiteral("random")));
    QVERIFY(text.contains(QStringLiteral("<svg")));
    const QString pdf = dir.filePath(QStringLiteral("report.pdf"));
    QVERIFY(window.exportReport(pdf));
    QFile pdfFile(pdf);
    QVERIFY(pdfFile.open(QIODevice::ReadOnly));
    QVERIFY(pdfFile.read(5) == "%PDF-");
    QVERIFY(pdfFile.size() > 1000);
    QVERIFY(!window.exportReport(dir.filePath(QStringLiteral("report.txt")))); // neither: refused
    QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("report.txt"))));
    if (auto* box = window.findChild<QWidget*>(QStringLiteral("problemBox")))
        box->close();

    // Back to a run: the run view returns and Export is off.
    auto* explorer = window.findChild<QTreeView*>(QStringLiteral("projectExplorer"));
    const auto* model = qobject_cast<const app::RunListModel*>(explorer->model());
    explorer->setCurrentIndex(model->index(0, 0, model->runsGroupIndex()));
    QVERIFY(centre->currentWidget() != experimentView);
    QVERIFY(!exportAction->isEnabled());
}

void TestExperimentView::comparisonViewScreenshot()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString project = dir.filePath(QStringLiteral("demo-ab.orrery"));
    const QString failure = runExperiment(QStringLiteral(ORRERY_SOURCE_DIR "/resources/experiments/demo-ab.yaml"), project);
    QVERIFY2(failure.isEmpty(), qPrintable(failure));

    app::MainWindow window(testing::pluginRegistry());
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openProject(project));
    auto* experimentView = window.findChild<app::ExperimentView*>(QStringLiteral("experimentView"));
    QSignalSpy seriesLoaded(experimentView, &app::ExperimentView::timeSeriesLoaded);
    clickFirstExperiment(window);
    QTRY_COMPARE_WITH_TIMEOUT(seriesLoaded.count(), 1, 30000);
    widgets::ComparisonView* view = experimentView->comparisonView();
    QCOMPARE(view->tableModel()->rowCount(), 3);
    QCOMPARE(view->cdfChart()->seriesCount(), 3);
    QTest::qWait(100); // let the layout settle before grabbing

    const QImage image = window.grab().toImage();
    QVERIFY2(distinctColours(image) > 40, "the window looks blank");
    const bool update = qEnvironmentVariable("ORRERY_UPDATE_SCREENSHOTS") == QStringLiteral("1");
    const QString out = update ? QStringLiteral(ORRERY_SOURCE_DIR "/docs/screenshots/comparison-view.png")
                               : dir.filePath(QStringLiteral("comparison-view.png"));
    QVERIFY(QDir().mkpath(QFileInfo(out).absolutePath()));
    QVERIFY2(image.save(out), qPrintable(out));
    qInfo("screenshot: %s", qPrintable(QDir::toNativeSeparators(out)));
    // The other tabs, for looking at (not committed).
    if (qEnvironmentVariableIsSet("ORRERY_COMPARISON_TABS_DIR")) {
        const QString tabsDir = qEnvironmentVariable("ORRERY_COMPARISON_TABS_DIR");
        for (int tab = 0; tab < view->tabs()->count(); ++tab) {
            view->tabs()->setCurrentIndex(tab);
            QTest::qWait(50);
            window.grab().save(QDir(tabsDir).filePath(QStringLiteral("tab%1.png").arg(tab)));
        }
    }
}

//! Issue 16: an experiment recording SLO attainment and power shows one point per run, per arm,
//! at the selected sweep point; other experiments hide the trade-off.
void TestExperimentView::servingExperimentShowsPowerAgainstAttainment()
{
    QTemporaryDir dir;
    QVERIFY(writeFile(dir.filePath(QStringLiteral("serving.yaml")), kServingScenario));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("exp.yaml")), kServingExperiment));
    const QString project = dir.filePath(QStringLiteral("p.orrery"));
    const QString failure = runExperiment(dir.filePath(QStringLiteral("exp.yaml")), project);
    QVERIFY2(failure.isEmpty(), qPrintable(failure));

    // Experiment runs keep their annotations like single runs (here alpaserve-placement's plan,
    // one partition per model, and its placements: both small models replicated on both GPUs).
    int placements = 0, partitions = 0;
    for (const auto& annotation : store::Project::open(project.toStdString()).annotations(1)) {
        placements += annotation.kind == "serving.placement" ? 1 : 0;
        partitions += annotation.kind == "serving.partition" ? 1 : 0;
    }
    QCOMPARE(partitions, 2);
    QCOMPARE(placements, 4);

    app::ExperimentView view;
    view.resize(1000, 900);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QSignalSpy loaded(&view, &app::ExperimentView::loaded);
    view.showExperiment(project, 1);
    QTRY_COMPARE(loaded.count(), 1);
    QVERIFY(view.showsTradeoff());
    const widgets::ScatterChart* chart = view.tradeoffChart();
    QCOMPARE(chart->groupCount(), 2);
    const experiment::ExperimentReportData& data = view.comparisonView()->data();
    const auto valuesOf = [&](const char* metric, int point, int arm) {
        for (const auto& m : data.metrics) {
            if (m.metric == metric)
                return m.points[static_cast<std::size_t>(point)].arms[static_cast<std::size_t>(arm)].values;
        }
        return std::vector<double>{};
    };
    for (int arm = 0; arm < 2; ++arm) {
        const QList<QPointF> points = chart->group(arm)->points();
        QCOMPARE(points.size(), 3); // one per seed
        const std::vector<double> attainment = valuesOf("serving.slo_attainment", 0, arm);
        const std::vector<double> power = valuesOf("serving.power.mean", 0, arm);
        for (qsizetype i = 0; i < points.size(); ++i) { // paired by run: x and y of the same run
            QCOMPARE(points[i].x(), attainment[static_cast<std::size_t>(i)]);
            QCOMPARE(points[i].y(), power[static_cast<std::size_t>(i)]);
        }
    }
    // MIAD on each period's p99 (its seed's literal reading, which steps down in quiet periods)
    // lowers the clock: less power than the default clock in every run.
    for (const QPointF& slow : chart->group(1)->points()) {
        for (const QPointF& fast : chart->group(0)->points())
            QVERIFY(slow.y() < fast.y());
    }
    // The second sweep point has twice the load: more power.
    const double before = chart->group(0)->points().front().y();
    view.comparisonView()->setCurrentSweepPoint(1);
    QTRY_VERIFY(chart->group(0) && chart->group(0)->points().front().y() > before);
}

QTEST_MAIN(TestExperimentView)
#include "tst_experiment_view.moc"
