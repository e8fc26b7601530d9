// The FlowCon tab (issue 18): a recorded training-jobs run shows one panel per worker with one
// stacked CPU-limit band per container that ran there and the evaluation curves of its jobs.
#include "gui/kinds/training_jobs/flowcon_view.h"
#include "gui/main_window.h"

#include "ops/project_run.h"
#include "ops/scenario_check.h"
#include "env/target_label_log.h"
#include "gui_test_support.h"
#include "store/project.h"
#include "widgets/stacked_area_chart.h"
#include "widgets/time_series_chart.h"

#include <QAreaSeries>
#include <QImage>
#include <QLineSeries>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <vector>

using namespace orrery;

namespace {

const char* const kScenario = R"(apiVersion: orrery.dev/v1
kind: Scenario
metadata: {name: flowcon-view}
spec:
  seed: 5
  horizon: 2h
  cluster: {pools: [{name: workers, count: 2, cpu: 4, memory: 16Gi}]}
  policies: {control: {plugin: flowcon}}
  workloads:
    - name: train
      kind: training-jobs
      jobs:
        - {name: a, model: mnist-pytorch, at: 0s}
        - {name: b, model: lstm-pytorch, at: 0s}
        - {name: c, model: mnist-tensorflow, at: 10s}
        - {name: d, model: rnn-gru-tensorflow, at: 20s}
        - {name: e, model: vae-pytorch, at: 30s}
)";

store::RunId recordTrainingRun(const QString& path)
{
    app::CheckedScenario checked = app::checkScenarioText(kScenario, "flowcon-view.yaml", testing::pluginRegistry());
    if (!checked.scenario)
        qFatal("%s", model::formatAll(checked.diagnostics).c_str());
    return app::runIntoProject(*checked.scenario, testing::pluginRegistry(), path.toStdString()).runId;
}

//! Containers per worker, as the run's train.placement annotations record them ("<job>@<worker>").
std::map<QString, int> containersPerWorker(const QString& path, store::RunId runId)
{
    std::map<QString, int> count;
    for (const auto& annotation : store::Project::open(path.toStdString()).annotations(runId)) {
        if (annotation.kind == "train.placement") {
            const QString target = QString::fromStdString(annotation.target);
            ++count[target.mid(target.lastIndexOf(QLatin1Char('@')) + 1)];
        }
    }
    return count;
}

//! Each job's recorded classes in time order (policy.label annotations "<job>=<label>").
std::map<QString, std::vector<QString>> classesPerJob(const QString& path, store::RunId runId)
{
    std::map<QString, std::vector<std::pair<sim::SimTime, QString>>> stretches;
    for (const auto& annotation : store::Project::open(path.toStdString()).annotations(runId)) {
        std::string job, label;
        if (annotation.kind == env::TargetLabelLog::kAnnotationKind && env::TargetLabelLog::split(annotation.target, job, label))
            stretches[QString::fromStdString(job)].emplace_back(annotation.start, QString::fromStdString(label));
    }
    std::map<QString, std::vector<QString>> out;
    for (auto& [job, list] : stretches) {
        std::sort(list.begin(), list.end());
        for (const auto& [start, label] : list)
            out[job].push_back(label);
    }
    return out;
}

} // namespace

class TestFlowConView : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { testing::isolateSettings(QStringLiteral("tst_flowcon_view")); }

    void showsEachWorkersLimitsAndCurves()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("flowcon.orrery"));
        const store::RunId runId = recordTrainingRun(path);
        const std::map<QString, int> expected = containersPerWorker(path, runId);
        const std::map<QString, std::vector<QString>> classes = classesPerJob(path, runId);
        QCOMPARE(classes.size(), std::size_t(5));
        QCOMPARE(expected.size(), std::size_t(2)); // FlowCon's placement used both workers
        int jobs = 0;
        for (const auto& [worker, containers] : expected)
            jobs += containers;
        QCOMPARE(jobs, 5); // every job finished (and so recorded where it ran)

        app::MainWindow window(testing::pluginRegistry());
        QSignalSpy loaded(window.kindView<app::FlowConView>(), &app::FlowConView::loaded);
        QVERIFY(window.openProject(path)); // selects the newest run
        QVERIFY(loaded.count() > 0 || loaded.wait(20000));
        window.showViewWidget(window.kindView<app::FlowConView>());
        QCOMPARE(window.findChild<QTabWidget*>(QStringLiteral("viewTabs"))->currentWidget(),
                 static_cast<QWidget*>(window.kindView<app::FlowConView>()));
        window.resize(1000, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));

        const app::FlowConView* view = window.kindView<app::FlowConView>();
        QVERIFY(!view->showsPlaceholder());
        QCOMPARE(view->workerCount(), 2);
        for (int w = 0; w < view->workerCount(); ++w) {
            const QString worker = view->workerName(w);
            QVERIFY2(expected.count(worker), qPrintable(worker));
            const widgets::StackedAreaChart* limits = view->limitChart(w);
            QVERIFY(limits->isVisible());
            QCOMPARE(limits->bandCount(), expected.at(worker));
            // Each band is drawn on the one below it: the top band's upper edge is the stacked total.
            for (int b = 0; b < limits->bandCount(); ++b) {
                QVERIFY(limits->areaSeries(b)->upperSeries()->count() > 1);
                QVERIFY(!limits->areaSeries(b)->name().isEmpty());
            }
            const QList<QPointF> top = limits->areaSeries(limits->bandCount() - 1)->upperSeries()->points();
            QCOMPARE(top.back().y(), limits->totalAt(top.back().x()));
            // Shortly after the first jobs start, the worker's containers use (or are limited to)
            // some of its 4 cores and never more.
            const double early = top.front().x() + 1.0;
            QVERIFY(limits->totalAt(early) > 0.0);
            QVERIFY(limits->totalAt(early) <= 4.0 + 1e-9);

            // Each band is coloured by FlowCon's class of its container over time: one span per
            // recorded stretch, in its class's colour, drawn over the band's own area.
            for (int b = 0; b < limits->bandCount(); ++b) {
                const std::vector<QString>& labels = classes.at(limits->areaSeries(b)->name());
                QCOMPARE(limits->spanCount(b), static_cast<int>(labels.size()));
                for (int k = 0; k < limits->spanCount(b); ++k) {
                    const QAreaSeries* span = limits->spanSeries(b, k);
                    QCOMPARE(span->color(), view->classColor(labels[static_cast<std::size_t>(k)]));
                    const QList<QPointF> edge = span->upperSeries()->points();
                    QVERIFY(edge.size() >= 2);
                    // The span's top edge is the band's: the stacked total where this band is on top.
                    if (b == limits->bandCount() - 1 && edge.front().x() < edge.back().x())
                        QCOMPARE(edge.back().y(), limits->totalAt(std::nextafter(edge.back().x(), 0.0)));
                }
            }
            const widgets::TimeSeriesChart* evaluation = view->evaluationChart(w);
            QVERIFY(evaluation->isVisible());
            QCOMPARE(evaluation->seriesCount(), expected.at(worker)); // every built-in model reports
            for (int s = 0; s < evaluation->seriesCount(); ++s) {
                QVERIFY(evaluation->sourcePointCount(s) > 1);
                QCOMPARE(evaluation->lineSeries(s)->name(), limits->areaSeries(s)->name()); // same order
            }
        }
        // The run recorded FlowCon's classes: the note is their legend.
        QVERIFY(!view->classLabels().isEmpty());
        for (const QString& label : view->classLabels())
            QVERIFY2(label == QLatin1String("NL") || label == QLatin1String("WL") || label == QLatin1String("CL"),
                     qPrintable(label));
        QVERIFY(view->colourNote().contains(QStringLiteral("NL: new, growing fast")));
        QVERIFY(view->colourNote().contains(view->classColor(QStringLiteral("NL")).name()));

        // The picture of docs/screenshots/flowcon-view.png (written there with
        // ORRERY_UPDATE_SCREENSHOTS=1, else into the temporary directory).
        QTest::qWait(100); // let the layout settle before grabbing
        const QImage image = window.grab().toImage();
        const bool update = qEnvironmentVariable("ORRERY_UPDATE_SCREENSHOTS") == QStringLiteral("1");
        const QString out = update ? QStringLiteral(ORRERY_SOURCE_DIR "/docs/screenshots/flowcon-view.png")
                                   : dir.filePath(QStringLiteral("flowcon-view.png"));
        QVERIFY2(image.save(out), qPrintable(out));
    }

    void runWithoutClassesColoursPerJob()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("swarm.orrery"));
        QString text = QString::fromUtf8(kScenario);
        text.replace(QStringLiteral("plugin: flowcon"), QStringLiteral("plugin: docker-swarm"));
        app::CheckedScenario checked = app::checkScenarioText(text.toStdString(), "swarm.yaml", testing::pluginRegistry());
        QVERIFY(checked.scenario);
        const store::RunId runId = app::runIntoProject(*checked.scenario, testing::pluginRegistry(), path.toStdString()).runId;
        app::FlowConView view;
        QSignalSpy loaded(&view, &app::FlowConView::loaded);
        view.showRun(path, runId);
        QVERIFY(loaded.wait(20000));
        QVERIFY(!view.showsPlaceholder());
        QVERIFY(view.classLabels().isEmpty());
        QVERIFY(view.colourNote().contains(QStringLiteral("per job")));
        for (int w = 0; w < view.workerCount(); ++w) {
            const widgets::StackedAreaChart* limits = view.limitChart(w);
            const widgets::TimeSeriesChart* evaluation = view.evaluationChart(w);
            for (int b = 0; b < limits->bandCount(); ++b) {
                QCOMPARE(limits->spanCount(b), 0);
                QCOMPARE(evaluation->lineSeries(b)->color(), limits->areaSeries(b)->color()); // same job, same colour
            }
        }
    }

    void runWithoutTrainingJobsShowsPlaceholder()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("demo.orrery"));
        const store::RunId runId = testing::recordDemoRun(path, 3);
        app::FlowConView view;
        QSignalSpy loaded(&view, &app::FlowConView::loaded);
        view.showRun(path, runId);
        QVERIFY(loaded.wait(20000));
        QVERIFY(view.showsPlaceholder());
        QCOMPARE(view.workerCount(), 0);
    }
};

QTEST_MAIN(TestFlowConView)
#include "tst_flowcon_view.moc"
