// TraceView on the DeathStarBench Social Network traces: the chooser model is sound, the spans
// drawn as the critical path are analysis::criticalPath's, the service graph built from the
// traces highlights the same services, files load off the UI thread, and a 100,000-span trace
// is shown row by row (virtualized) with correct tooltips.
#include "widgets/trace_view.h"

#include "analysis/critical_components.h"
#include "analysis/critical_path.h"
#include "trace/jaeger_reader.h"
#include "widgets/service_graph_scene.h"
#include "widgets/service_graph_view.h"
#include "widgets/trace_list_model.h"
#include "widgets/trace_service_graph.h"
#include "widgets/trace_timeline.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

#include <algorithm>
#include <set>

using namespace orrery;
using widgets::TraceView;

namespace {

const char* const kTraceFile = ORRERY_FIXTURE_DIR "/traces/socialnetwork-jaeger-traces.json";

std::shared_ptr<const trace::TraceSet> socialNetworkTraces()
{
    static const auto traces = std::make_shared<const trace::TraceSet>(trace::readJaegerFile(kTraceFile));
    return traces;
}

//! One trace of `count` spans: a root with children in chains of 10, some of them background.
std::shared_ptr<const trace::TraceSet> syntheticTrace(int count)
{
    auto set = std::make_shared<trace::TraceSet>();
    const trace::NameId services[] = {set->names.intern("frontend"), set->names.intern("cart"), set->names.intern("db")};
    const trace::NameId operation = set->names.intern("op");
    trace::Trace trace;
    trace.id.low = 1;
    trace.requestType = operation;
    for (int i = 0; i < count; ++i) {
        trace::Span span;
        span.id = static_cast<trace::SpanId>(i + 1);
        span.parent = i == 0 ? 0 : (i % 10 == 1 ? 1 : static_cast<trace::SpanId>(i));
        span.relation = i == 0 ? trace::SpanRelation::Root
            : (i % 97 == 0 ? trace::SpanRelation::FollowsFrom : trace::SpanRelation::ChildOf);
        span.startNs = i == 0 ? 0 : static_cast<std::int64_t>(i) * 1000;
        span.durationNs = i == 0 ? static_cast<std::int64_t>(count + 10) * 1000 : 900;
        span.service = services[i % 3];
        span.operation = operation;
        span.instance = span.service;
        trace.spans.push_back(span);
    }
    set->traces.push_back(std::move(trace));
    return set;
}

std::vector<std::uint32_t> sortedPath(const analysis::CriticalPath& path)
{
    std::vector<std::uint32_t> spans = path.spans;
    std::sort(spans.begin(), spans.end());
    return spans;
}

} // namespace

class TestTraceView : public QObject {
    Q_OBJECT

private slots:
    void chooserModelIsSound();
    void highlightsTheCriticalPath_data();
    void highlightsTheCriticalPath();
    void graphFromTracesHighlightsTheSameServices_data() { highlightsTheCriticalPath_data(); }
    void graphFromTracesHighlightsTheSameServices();
    void rowsAreDepthFirst();
    void opensFilesOffTheUiThread();
    void reportsBadFiles();
    void showsHundredThousandSpans();
};

void TestTraceView::chooserModelIsSound()
{
    widgets::TraceListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setTraceSet(socialNetworkTraces());
    QCOMPARE(model.rowCount(), 20);
    QCOMPARE(model.columnCount(), static_cast<int>(widgets::TraceListModel::ColumnCount));
    const trace::Trace& first = socialNetworkTraces()->traces.front();
    QCOMPARE(model.index(0, widgets::TraceListModel::RequestColumn).data().toString(),
             QString::fromStdString(socialNetworkTraces()->names.name(first.requestType)));
    QCOMPARE(model.index(0, widgets::TraceListModel::SpansColumn).data(Qt::EditRole).toLongLong(),
             static_cast<qint64>(first.spans.size()));
    QCOMPARE(model.index(0, widgets::TraceListModel::ServiceColumn).data().toString(), QStringLiteral("nginx-web-server"));
    QVERIFY(model.index(0, widgets::TraceListModel::DurationColumn).data(Qt::EditRole).toLongLong() > 0);
    model.setTraceSet(nullptr);
    QCOMPARE(model.rowCount(), 0);
}

void TestTraceView::highlightsTheCriticalPath_data()
{
    QTest::addColumn<int>("index");
    for (const int index : {0, 7, 19})
        QTest::addRow("trace %d", index) << index;
}

void TestTraceView::highlightsTheCriticalPath()
{
    QFETCH(int, index);
    TraceView view;
    view.resize(1200, 800);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setTraceSet(socialNetworkTraces(), nullptr, QStringLiteral("fixture"));
    QSignalSpy changed(&view, &TraceView::currentTraceChanged);
    view.setCurrentTrace(index);
    QCOMPARE(view.currentTrace(), index);
    QCOMPARE(changed.count(), index == 0 ? 0 : 1);
    const trace::Trace& trace = socialNetworkTraces()->traces[static_cast<std::size_t>(index)];
    const analysis::CriticalPath expected = analysis::criticalPath(trace);
    QVERIFY(!expected.spans.empty());
    widgets::TraceTimeline* timeline = view.timeline();
    QCOMPARE(timeline->highlightedSpans(), sortedPath(expected));
    QCOMPARE(timeline->rowCount(), static_cast<int>(trace.spans.size()));

    // What a person sees: the red marker left of exactly the path's rows in view.
    const QImage image = timeline->viewport()->grab().toImage();
    const QColor accent = widgets::ServiceGraphScene::accentColor();
    const double ratio = image.devicePixelRatio();
    const std::set<std::uint32_t> onPath(expected.spans.begin(), expected.spans.end());
    int checked = 0;
    for (int row = 0; row < timeline->rowCount(); ++row) {
        const int y = widgets::TraceTimeline::kHeaderHeight + row * timeline->rowHeight() + timeline->rowHeight() / 2;
        if (y >= timeline->viewport()->height())
            break;
        const bool red = image.pixelColor(static_cast<int>(1 * ratio), static_cast<int>(y * ratio)) == accent;
        QCOMPARE(red, onPath.count(static_cast<std::uint32_t>(timeline->spanAtRow(row))) > 0);
        ++checked;
    }
    QVERIFY(checked >= 10);
}

void TestTraceView::graphFromTracesHighlightsTheSameServices()
{
    QFETCH(int, index);
    const auto traces = socialNetworkTraces();
    const trace::Trace& trace = traces->traces[static_cast<std::size_t>(index)];
    const analysis::CriticalPath path = analysis::criticalPath(trace);
    const analysis::CriticalPathReport report = analysis::analyzeTraces(*traces);
    widgets::ServiceGraphView view;
    QSignalSpy finished(&view, &widgets::ServiceGraphView::layoutFinished);
    view.setGraph(widgets::serviceGraphFromTraces(*traces, index, &path, &report));
    QVERIFY(finished.wait(20000));

    QSet<QString> expected;
    for (const std::uint32_t span : path.spans)
        expected.insert(QString::fromStdString(traces->names.name(trace.spans[span].service)));
    const QStringList highlighted = view.highlightedServices();
    QCOMPARE(QSet<QString>(highlighted.begin(), highlighted.end()), expected);
    // Every highlighted call joins two highlighted services, and the path is connected.
    for (const QString& call : view.highlightedCalls()) {
        const QStringList ends = call.split(QStringLiteral(" → "));
        QVERIFY(expected.contains(ends.at(0)) && expected.contains(ends.at(1)));
    }
    QCOMPARE(view.highlightedCalls().size(), expected.size() - 1);
    // The graph holds the 12 services seen in the traces, each with a p99, and RI/CI from the analysis.
    QCOMPARE(view.scene()->nodeCount(), 12);
    int withImportance = 0;
    for (const auto& service : view.graph().services) {
        QVERIFY(service.p99Ms.has_value());
        withImportance += service.relativeImportance.has_value() ? 1 : 0;
    }
    QVERIFY(withImportance > 0);
}

void TestTraceView::rowsAreDepthFirst()
{
    const trace::Trace& trace = socialNetworkTraces()->traces.front();
    const widgets::TraceTimelineRows rows = widgets::buildTimelineRows(trace, nullptr);
    QCOMPARE(rows.order.size(), trace.spans.size());
    std::set<trace::SpanId> seen;
    for (std::size_t row = 0; row < rows.order.size(); ++row) {
        const trace::Span& span = trace.spans[rows.order[row]];
        if (row == 0) {
            QCOMPARE(rows.depth[row], std::uint16_t(0));
        } else if (rows.depth[row] > 0) {
            QVERIFY2(seen.count(span.parent) == 1, "a child row comes before its parent");
            QVERIFY(rows.depth[row] <= rows.depth[row - 1] + 1);
        }
        QVERIFY(rows.selfNs[rows.order[row]] >= 0 && rows.selfNs[rows.order[row]] <= span.durationNs);
        seen.insert(span.id);
    }
}

void TestTraceView::opensFilesOffTheUiThread()
{
    TraceView view;
    QSignalSpy loaded(&view, &TraceView::loaded);
    view.openFile(QString::fromLatin1(kTraceFile));
    QVERIFY(view.isLoading());
    QVERIFY(!view.traceSet());
    QVERIFY(loaded.wait(20000));
    QVERIFY(!view.isLoading());
    QCOMPARE(view.traceSet()->traces.size(), std::size_t(20));
    QVERIFY(view.report());
    QCOMPARE(view.currentTrace(), 0);
    QCOMPARE(view.chooserModel()->rowCount(), 20);
    QCOMPARE(view.chooser()->currentIndex().row(), 0);

    // Choosing another row in the chooser shows that trace.
    view.chooser()->setCurrentIndex(view.chooser()->model()->index(3, 0));
    QCOMPARE(view.currentTrace(), view.chooser()->model()->index(3, 0).data(Qt::UserRole).toInt());

    // A cancelled load leaves what is shown alone.
    view.openFile(QString::fromLatin1(kTraceFile));
    view.cancelLoad();
    QVERIFY(!view.isLoading());
    QTest::qWait(500);
    QCOMPARE(loaded.count(), 1);
}

void TestTraceView::reportsBadFiles()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("broken.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("{\"data\": [ {\"traceID\": 12 ");
    file.close();
    TraceView view;
    QSignalSpy failed(&view, &TraceView::loadFailed);
    view.openFile(path);
    QVERIFY(failed.wait(20000));
    QVERIFY2(failed.at(0).at(0).toString().contains(QStringLiteral("broken.json")), qPrintable(failed.at(0).at(0).toString()));
    QVERIFY(!view.traceSet());
}

void TestTraceView::showsHundredThousandSpans()
{
    TraceView view;
    view.resize(1600, 1000);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const auto set = syntheticTrace(100000);
    view.setTraceSet(set, nullptr, QStringLiteral("synthetic"));
    widgets::TraceTimeline* timeline = view.timeline();
    QCOMPARE(timeline->rowCount(), 100000);
    timeline->scrollToRow(50000);
    QCOMPARE(timeline->rowAt(QPoint(10, widgets::TraceTimeline::kHeaderHeight + 1)), 50000);
    const int span = timeline->spanAtRow(50000);
    const trace::Span& shown = set->traces.front().spans[static_cast<std::size_t>(span)];
    const QString tip = timeline->toolTipText(50000);
    QVERIFY2(tip.contains(QString::fromStdString(set->names.name(shown.service))), qPrintable(tip));
    // Zoom in on the middle: the row's bar gets wider, and the frame still paints.
    const int before = timeline->barRect(50000).width();
    timeline->zoomTime(1000.0, timeline->labelWidth() + 100);
    QVERIFY(timeline->barRect(50000).width() > before);
    QVERIFY(!timeline->viewport()->grab().isNull());
    // Background spans are hatched: the tooltip says so.
    for (int row = 0; row < timeline->rowCount(); ++row) {
        const auto& candidate = set->traces.front().spans[static_cast<std::size_t>(timeline->spanAtRow(row))];
        if (candidate.relation == trace::SpanRelation::FollowsFrom) {
            QVERIFY(timeline->toolTipText(row).contains(QStringLiteral("Background")));
            break;
        }
    }
}

QTEST_MAIN(TestTraceView)
#include "tst_trace_view.moc"
