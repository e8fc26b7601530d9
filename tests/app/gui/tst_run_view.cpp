// The Overview's run view with a control policy's classes (`policy.label` annotations, e.g.
// AWARE's lifecycle stages): both charts shade the stretches of one target behind the lines,
// one colour per class, and a note says which target they belong to; runs without such
// annotations look as before. The project is written through the store, as a run would be.
#include "gui/policy_label_track.h"
#include "gui/run_view.h"

#include "sim/run_recorder.h"
#include "store/project.h"
#include "store/project_run_recorder.h"
#include "widgets/time_series_chart.h"

#include <QAreaSeries>
#include <QAbstractItemModel>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLocale>
#include <QTableView>
#include <QLineSeries>
#include <QSet>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QValueAxis>

using namespace orrery;

namespace {

struct Label {
    const char* target;
    const char* label;
    sim::SimTime start;
    sim::SimTime end;
};

sim::RunAnnotation labelAnnotation(const Label& label)
{
    return sim::RunAnnotation{label.start, label.end, "policy.label",
                              std::string(label.target) + "=" + label.label, 0.0};
}

//! Records a ten-minute run with allocation and queue series and `labels` into `path`.
store::RunId recordRun(const QString& path, const std::vector<Label>& labels,
                       const std::vector<sim::RunAnnotation>& others = {})
{
    store::Project project = store::Project::open(path.toStdString());
    store::ProjectRunRecorder recorder(project);
    recorder.beginRun(sim::RunInfo{"aware-stages", "name: aware-stages\n", 3, 10 * sim::kMinute,
                                   {{"control", "aware {}"}}, {}});
    const sim::SeriesId cpu = recorder.defineSeries("cluster.cpu_allocated", "ratio");
    const sim::SeriesId pending = recorder.defineSeries("jobs.pending", "tasks");
    for (int minute = 0; minute <= 10; ++minute) {
        recorder.recordSample(cpu, minute * sim::kMinute, 0.05 * minute);
        recorder.recordSample(pending, minute * sim::kMinute, minute % 3);
    }
    for (const Label& label : labels)
        recorder.recordAnnotation(labelAnnotation(label));
    for (const sim::RunAnnotation& annotation : others)
        recorder.recordAnnotation(annotation);
    recorder.recordMetric("slo_violations", 2, "count");
    recorder.endRun(sim::RunStatus::Completed, "");
    return *recorder.runId();
}

// AWARE labels every target alike; the two targets' stretches are given out of order.
const std::vector<Label> kAlike{
    {"frontend", "online", 2 * sim::kMinute, 5 * sim::kMinute},
    {"backend", "offline", 0, 2 * sim::kMinute},
    {"backend", "online", 2 * sim::kMinute, 5 * sim::kMinute},
    {"backend", "serving", 5 * sim::kMinute, 10 * sim::kMinute},
    {"frontend", "offline", 0, 2 * sim::kMinute},
    {"frontend", "serving", 5 * sim::kMinute, 10 * sim::kMinute},
};

QList<widgets::TimeBand> expectedAlikeBands()
{
    return {{0, 2, QStringLiteral("offline"), {}},
            {2, 5, QStringLiteral("online"), {}},
            {5, 10, QStringLiteral("serving"), {}}};
}

//! The bands' extents and labels (colours checked apart).
void compareBands(const QList<widgets::TimeBand>& actual, const QList<widgets::TimeBand>& expected)
{
    QCOMPARE(actual.size(), expected.size());
    for (qsizetype i = 0; i < actual.size(); ++i) {
        QCOMPARE(actual[i].label, expected[i].label);
        QCOMPARE(actual[i].start, expected[i].start);
        QCOMPARE(actual[i].end, expected[i].end);
    }
}

} // namespace

class TestRunView : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void trackTakesTheFirstTargetInNameOrder();
    void stagesShadeBothCharts();
    void differingTargetsShowTheFirstAndSaySo();
    void runWithoutLabelsLooksAsBefore();
    void eventsListWhatHappened();

private:
    //! Shows `runId` and waits until it is on screen.
    bool show(app::RunView& view, store::RunId runId);

    QTemporaryDir m_dir;
    QString m_path;
};

void TestRunView::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_path = m_dir.filePath(QStringLiteral("labels.orrery"));
}

bool TestRunView::show(app::RunView& view, store::RunId runId)
{
    QSignalSpy loaded(&view, &app::RunView::loaded);
    view.showRun(m_path, runId);
    return loaded.wait(10000) && loaded.constLast().at(0).toLongLong() == runId;
}

void TestRunView::trackTakesTheFirstTargetInNameOrder()
{
    std::vector<sim::RunAnnotation> annotations;
    annotations.push_back(sim::RunAnnotation{0, sim::kMinute, "anomaly.cpu", "frontend=x", 0.5}); // another kind
    annotations.push_back(sim::RunAnnotation{0, sim::kMinute, "policy.label", "no-label-here", 0.0});
    for (const Label& label : kAlike)
        annotations.push_back(labelAnnotation(label));
    const app::PolicyLabelTrack alike = app::policyLabelTrack(annotations);
    QCOMPARE(alike.target, QStringLiteral("backend"));
    QCOMPARE(alike.targetCount, 2);
    QVERIFY(alike.targetsAlike);
    QCOMPARE(alike.labels, (QStringList{QStringLiteral("offline"), QStringLiteral("online"), QStringLiteral("serving")}));
    QCOMPARE(alike.stretches.size(), 3);
    QCOMPARE(alike.stretches[1].label, QStringLiteral("online"));
    QCOMPARE(alike.stretches[1].startSeconds, 120.0);
    QCOMPARE(alike.stretches[1].endSeconds, 300.0);

    annotations.push_back(labelAnnotation({"frontend", "online", 10 * sim::kMinute, 11 * sim::kMinute}));
    QVERIFY(!app::policyLabelTrack(annotations).targetsAlike);
    // A label may contain '=': the target ends at the last one.
    const auto withEquals = app::policyLabelTrack({labelAnnotation({"svc=a", "hot", 0, sim::kSecond})});
    QCOMPARE(withEquals.target, QStringLiteral("svc=a"));
    QVERIFY(app::policyLabelTrack({annotations[0]}).isEmpty());
}

void TestRunView::stagesShadeBothCharts()
{
    const sim::RunAnnotation anomaly{sim::kMinute, 3 * sim::kMinute, "anomaly.cpu", "frontend/0", 0.8};
    const store::RunId runId = recordRun(m_path, kAlike, {anomaly});
    app::RunView view;
    view.resize(1000, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(show(view, runId));

    auto* allocation = view.findChild<widgets::TimeSeriesChart*>(QStringLiteral("allocationChart"));
    auto* queue = view.findChild<widgets::TimeSeriesChart*>(QStringLiteral("queueChart"));
    QVERIFY(allocation && queue);
    // Ten minutes: the x axis is in minutes, and so are the bands.
    compareBands(allocation->bands(), expectedAlikeBands());
    compareBands(queue->bands(), expectedAlikeBands());
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(allocation->bandLabels(),
             (QStringList{QStringLiteral("offline"), QStringLiteral("online"), QStringLiteral("serving")}));

    // One area per stage, distinct colours, all beneath the recorded lines; a legend entry each.
    QSet<QRgb> colours;
    for (const QString& stage : allocation->bandLabels()) {
        QAreaSeries* area = allocation->bandSeries(stage);
        QVERIFY2(area, qPrintable(stage));
        QVERIFY(area->isVisible());
        QVERIFY(area->brush().color().alpha() < 128); // translucent
        colours.insert(area->brush().color().rgb());
        const QList<QLegendMarker*> markers = allocation->chart()->legend()->markers(area);
        QCOMPARE(markers.size(), 1);
        QCOMPARE(markers.front()->label(), stage);
        QVERIFY(markers.front()->isVisible());
        QCOMPARE(queue->bandSeries(stage)->brush().color(), area->brush().color()); // same key in both charts
    }
    QCOMPARE(colours.size(), 3);
    QCOMPARE(allocation->seriesCount(), 1); // only CPU was recorded
    const QList<QAbstractSeries*> drawn = allocation->chart()->series();
    QCOMPARE(drawn.size(), 4);
    QCOMPARE(drawn.back(), allocation->lineSeries(0));
    QCOMPARE(queue->seriesCount(), 1);
    QCOMPARE(queue->chart()->series().back(), queue->lineSeries(0));
    // The y axis still shows the data (0–100 % here), the x axis the run.
    auto* y = qobject_cast<QValueAxis*>(allocation->chart()->axes(Qt::Vertical).front());
    auto* x = qobject_cast<QValueAxis*>(allocation->chart()->axes(Qt::Horizontal).front());
    QCOMPARE(y->max(), 100.0);
    QCOMPARE(x->min(), 0.0);
    QCOMPARE(x->max(), 10.0);
    QCOMPARE(allocation->bandToolTip(QStringLiteral("online"), 3.0),
             QStringLiteral("online: from 2 to 5 (simulated time (min))"));

    auto* note = view.findChild<QLabel*>(QStringLiteral("policyLabelNote"));
    QVERIFY(note);
    QVERIFY(note->isVisible());
    QVERIFY2(note->text().contains(QStringLiteral("2 targets")), qPrintable(note->text()));
    QVERIFY2(note->text().contains(QStringLiteral("all held the same")), qPrintable(note->text()));
    QVERIFY(note->toolTip().contains(QStringLiteral("policy.label")));
}

void TestRunView::differingTargetsShowTheFirstAndSaySo()
{
    const store::RunId runId = recordRun(m_path, {
        {"b-svc", "offline", 0, 5 * sim::kMinute},
        {"b-svc", "serving", 5 * sim::kMinute, 10 * sim::kMinute},
        {"a-svc", "offline", 0, sim::kMinute},
        {"a-svc", "online", sim::kMinute, 4 * sim::kMinute},
        {"a-svc", "serving", 4 * sim::kMinute, 10 * sim::kMinute},
        {"c-svc", "offline", 0, 10 * sim::kMinute},
    });
    app::RunView view;
    view.resize(1000, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(show(view, runId));
    auto* allocation = view.findChild<widgets::TimeSeriesChart*>(QStringLiteral("allocationChart"));
    compareBands(allocation->bands(), {{0, 1, QStringLiteral("offline"), {}},
                                       {1, 4, QStringLiteral("online"), {}},
                                       {4, 10, QStringLiteral("serving"), {}}});
    if (QTest::currentTestFailed())
        return;
    auto* note = view.findChild<QLabel*>(QStringLiteral("policyLabelNote"));
    QVERIFY(note->isVisible());
    QVERIFY2(note->text().contains(QStringLiteral("a-svc")), qPrintable(note->text()));
    QVERIFY2(note->text().contains(QStringLiteral("first in name order of 3")), qPrintable(note->text()));
}

void TestRunView::runWithoutLabelsLooksAsBefore()
{
    const store::RunId labelled = recordRun(m_path, kAlike);
    const store::RunId plain = recordRun(m_path, {}, {{0, sim::kMinute, "anomaly.cpu", "frontend/0", 0.5}});
    app::RunView view;
    view.resize(1000, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    auto* allocation = view.findChild<widgets::TimeSeriesChart*>(QStringLiteral("allocationChart"));
    auto* queue = view.findChild<widgets::TimeSeriesChart*>(QStringLiteral("queueChart"));
    auto* note = view.findChild<QLabel*>(QStringLiteral("policyLabelNote"));
    QVERIFY(show(view, labelled));
    QCOMPARE(allocation->bands().size(), 3);
    QVERIFY(note->isVisible());

    // The next run has no labels: no band, no extra axis or legend entry, no note.
    QVERIFY(show(view, plain));
    for (widgets::TimeSeriesChart* chart : {allocation, queue}) {
        QVERIFY(chart->bands().isEmpty());
        QCOMPARE(chart->chart()->series().size(), 1);
        QCOMPARE(chart->chart()->axes().size(), 2);
        QCOMPARE(chart->chart()->legend()->markers().size(), 1);
    }
    QVERIFY(!note->isVisible());
    QVERIFY(!allocation->bandSeries(QStringLiteral("offline")));
}

void TestRunView::eventsListWhatHappened()
{
    const std::vector<sim::RunAnnotation> events{
        {sim::kMinute, 3 * sim::kMinute, "anomaly.cpu", "frontend/0", 0.8},
        {2 * sim::kMinute, 2 * sim::kMinute, "control.replicas", "frontend", 2.0},
        {4 * sim::kMinute, 4 * sim::kMinute + 10 * sim::kSecond, "memory.oom-kill", "backend/0", 1.25},
    };
    const store::RunId runId = recordRun(m_path, kAlike, events);
    const store::RunId quiet = recordRun(m_path, {});
    app::RunView view;
    view.resize(1000, 700);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(show(view, runId));
    auto* table = view.findChild<QTableView*>(QStringLiteral("runEventsTable"));
    auto* title = view.findChild<QLabel*>(QStringLiteral("runEventsTitle"));
    QVERIFY(table && title);
    QVERIFY(table->isVisible());
    // The policy's classes are bands on the charts, not rows here.
    QAbstractItemModel* model = table->model();
    QCOMPARE(model->rowCount(), 3);
    QCOMPARE(title->text(), QStringLiteral("Events (3)"));
    QCOMPARE(model->index(2, 2).data().toString(), QStringLiteral("memory.oom-kill"));
    QCOMPARE(model->index(2, 3).data().toString(), QStringLiteral("backend/0"));
    QCOMPARE(model->index(2, 0).data().toString(), QLocale().toString(240.0, 'f', 3));
    QCOMPARE(model->index(2, 1).data().toString(), QLocale().toString(250.0, 'f', 3));
    QCOMPARE(model->index(1, 1).data().toString(), QString()); // an instant has no end
    QCOMPARE(model->index(0, 4).data().toString(), QLocale().toString(0.8, 'g', 6));
    QVERIFY(show(view, quiet));
    QCOMPARE(model->rowCount(), 0);
    QVERIFY2(title->text().contains(QStringLiteral("none recorded")), qPrintable(title->text()));
}

QTEST_MAIN(TestRunView)
#include "tst_run_view.moc"
