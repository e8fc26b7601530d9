// ServiceGraphView: the Social Network graph is laid out by Graphviz off the UI thread with one
// box per service and no overlaps; the critical path is what is drawn in the accent colour;
// nodes take the colour scale; a click shows a service's metrics; zoom, fit and export work.
#include "widgets/service_graph_view.h"

#include "scenario/service_graph_loader.h"
#include "widgets/graph_layout.h"
#include "widgets/service_edge_item.h"
#include "widgets/service_graph_canvas.h"
#include "widgets/service_node_item.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <set>

using namespace orrery;
using widgets::ServiceGraphData;
using widgets::ServiceGraphView;

namespace {

ServiceGraphData socialNetwork()
{
    const auto loaded = scenario::loadServiceGraphFile(ORRERY_SOURCE_DIR "/resources/graphs/socialnetwork.yaml");
    if (!loaded.ok())
        qFatal("socialnetwork.yaml does not load");
    return widgets::serviceGraphData(*loaded.graph);
}

//! Lays `data` out in `view` and waits for it.
bool showAndWait(ServiceGraphView& view, ServiceGraphData data)
{
    QSignalSpy finished(&view, &ServiceGraphView::layoutFinished);
    view.setGraph(std::move(data));
    return finished.wait(20000);
}

QStringList sorted(QStringList list)
{
    list.sort();
    return list;
}

} // namespace

class TestServiceGraphView : public QObject {
    Q_OBJECT

private slots:
    void laysOutSocialNetworkOffTheUiThread();
    void highlightsTheCriticalPath_data();
    void highlightsTheCriticalPath();
    void coloursByLatencyAndUtilization();
    void clickShowsServiceMetrics();
    void zoomAndFit();
    void exportsPngAndSvg();
    void largeGraphUsesSfdp();
};

void TestServiceGraphView::laysOutSocialNetworkOffTheUiThread()
{
    ServiceGraphView view;
    view.resize(1000, 600);
    const ServiceGraphData data = socialNetwork();
    QSignalSpy finished(&view, &ServiceGraphView::layoutFinished);
    view.setGraph(data);
    // setGraph returned before the layout: it runs on a worker thread.
    QVERIFY(view.isLayoutRunning());
    QCOMPARE(view.scene()->nodeCount(), 0);
    QVERIFY(finished.wait(20000));
    QVERIFY(!view.isLayoutRunning());
    QCOMPARE(view.layoutEngine(), QStringLiteral("dot"));
    QCOMPARE(view.scene()->nodeCount(), static_cast<int>(data.services.size()));
    QCOMPARE(view.scene()->edgeCount(), static_cast<int>(data.calls.size()));
    std::vector<QRectF> boxes;
    for (const ServiceGraphData::Service& service : data.services) {
        const widgets::ServiceNodeItem* item = view.nodeItem(service.name);
        QVERIFY2(item, qPrintable(service.name));
        boxes.push_back(item->sceneBoundingRect().adjusted(8, 8, -8, -8));
        QVERIFY(view.scene()->sceneRect().contains(item->sceneBoundingRect().center()));
    }
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        for (std::size_t j = i + 1; j < boxes.size(); ++j)
            QVERIFY2(!boxes[i].intersects(boxes[j]), qPrintable(data.services[i].name + " overlaps " + data.services[j].name));
    }
    // dot ranks left to right: a caller sits left of its callee.
    const auto x = [&view](const char* name) { return view.nodeItem(QString::fromLatin1(name))->pos().x(); };
    QVERIFY(x("nginx-web-server") < x("compose-post-service"));
    QVERIFY(x("compose-post-service") < x("text-service"));
    QVERIFY(x("text-service") < x("url-shorten-service"));
}

void TestServiceGraphView::highlightsTheCriticalPath_data()
{
    QTest::addColumn<QStringList>("path");
    QTest::addColumn<QStringList>("calls");
    QTest::newRow("text") << QStringList{"nginx-web-server", "compose-post-service", "text-service", "url-shorten-service"}
                          << QStringList{"nginx-web-server → compose-post-service", "compose-post-service → text-service",
                                         "text-service → url-shorten-service"};
    QTest::newRow("media") << QStringList{"nginx-web-server", "compose-post-service", "media-service", "object-detection"}
                           << QStringList{"nginx-web-server → compose-post-service", "compose-post-service → media-service",
                                          "media-service → object-detection"};
    QTest::newRow("single") << QStringList{"user-service"} << QStringList{};
    QTest::newRow("none") << QStringList{} << QStringList{};
}

void TestServiceGraphView::highlightsTheCriticalPath()
{
    QFETCH(QStringList, path);
    QFETCH(QStringList, calls);
    ServiceGraphView view;
    ServiceGraphData data = socialNetwork();
    data.setCriticalPathSequence(std::vector<QString>(path.begin(), path.end()));
    QVERIFY(showAndWait(view, data));
    QCOMPARE(sorted(view.highlightedServices()), sorted(path));
    QCOMPARE(sorted(view.highlightedCalls()), sorted(calls));
    // Drawn in the accent colour, thicker; the rest is not.
    for (int i = 0; i < view.scene()->edgeCount(); ++i) {
        const widgets::ServiceEdgeItem* edge = view.scene()->edge(i);
        QCOMPARE(edge->isOnCriticalPath(), edge->zValue() > 1);
    }

    // A new path on the same graph restyles without another layout.
    ServiceGraphData other = socialNetwork();
    other.setCriticalPathSequence({"nginx-web-server", "compose-post-service", "home-timeline-service"});
    QSignalSpy finished(&view, &ServiceGraphView::layoutFinished);
    view.setGraph(other);
    QVERIFY(!view.isLayoutRunning());
    QCOMPARE(finished.count(), 0);
    QCOMPARE(sorted(view.highlightedServices()),
             sorted({"nginx-web-server", "compose-post-service", "home-timeline-service"}));
}

void TestServiceGraphView::coloursByLatencyAndUtilization()
{
    ServiceGraphView view;
    ServiceGraphData data = socialNetwork();
    data.services[0].p99Ms = 1.0;
    data.services[1].p99Ms = 100.0;
    data.services[2].p99Ms = 10.0;
    data.services[0].utilization = 0.9;
    data.services[1].utilization = 0.1;
    QVERIFY(showAndWait(view, data));
    const auto fill = [&view, &data](int i) { return view.nodeItem(data.services[i].name)->fill(); };
    const auto& scale = view.scene()->colorScale();
    QCOMPARE(fill(0), scale.color(0.0)); // the fastest: bottom of the (log) scale
    QCOMPARE(fill(1), scale.color(1.0)); // the slowest: top
    QCOMPARE(fill(2), scale.color(0.5)); // 10 ms is half-way between 1 and 100 on a log scale
    const QColor noData = fill(3);
    QVERIFY(noData != fill(0) && noData != fill(1));

    view.setColorMode(widgets::ServiceColorMode::Utilization);
    QCOMPARE(fill(0), scale.color(0.9));
    QCOMPARE(fill(1), scale.color(0.1));
    QCOMPARE(fill(2), noData);
}

void TestServiceGraphView::clickShowsServiceMetrics()
{
    ServiceGraphView view;
    view.resize(1000, 600);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    ServiceGraphData data = socialNetwork();
    const int text = data.indexOf(QStringLiteral("text-service"));
    data.services[text].p99Ms = 4.25;
    data.services[text].relativeImportance = 0.73;
    data.services[text].congestionIntensity = 2.5;
    data.services[text].criticalComponent = true;
    QVERIFY(showAndWait(view, data));
    QSignalSpy clicked(&view, &ServiceGraphView::serviceClicked);
    const widgets::ServiceNodeItem* item = view.nodeItem(QStringLiteral("text-service"));
    const QPoint at = view.canvas()->mapFromScene(item->sceneBoundingRect().center());
    QTest::mouseClick(view.canvas()->viewport(), Qt::LeftButton, {}, at);
    QCOMPARE(clicked.count(), 1);
    QCOMPARE(clicked.at(0).at(0).toString(), QStringLiteral("text-service"));
    QCOMPARE(view.selectedService(), QStringLiteral("text-service"));
    const QString details = view.detailsText();
    QVERIFY2(details.contains(QStringLiteral("text-service")), qPrintable(details));
    QVERIFY2(details.contains(QStringLiteral("4.25")), qPrintable(details));
    QVERIFY2(details.contains(QStringLiteral("0.73")), qPrintable(details));
    QVERIFY2(details.contains(QStringLiteral("2.5")), qPrintable(details));
    QVERIFY2(details.contains(QStringLiteral("Critical component")), qPrintable(details));
    QVERIFY(item->toolTip().contains(QStringLiteral("RI")));
    QVERIFY(item->isCriticalComponent());
}

void TestServiceGraphView::zoomAndFit()
{
    ServiceGraphView view;
    view.resize(900, 500);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(showAndWait(view, socialNetwork()));
    widgets::ServiceGraphCanvas* canvas = view.canvas();
    const auto visible = [canvas] { return canvas->mapToScene(canvas->viewport()->rect()).boundingRect(); };
    QVERIFY(visible().adjusted(-1, -1, 1, 1).contains(view.scene()->sceneRect())); // fitted after layout
    const double fitted = canvas->zoomFactor();
    const QPoint anchor(200, 150);
    const QPointF under = canvas->mapToScene(anchor);
    canvas->zoomBy(3.0, anchor);
    QVERIFY(qFuzzyCompare(canvas->zoomFactor(), std::min(fitted * 3.0, widgets::ServiceGraphCanvas::kMaxScale)));
    QVERIFY((canvas->mapToScene(anchor) - under).manhattanLength() < 2.0); // zoom about the cursor
    QVERIFY(!visible().contains(view.scene()->sceneRect()));
    canvas->setFocus();
    QTest::keyClick(canvas, Qt::Key_F);
    QVERIFY(qFuzzyCompare(canvas->zoomFactor(), fitted));
}

void TestServiceGraphView::exportsPngAndSvg()
{
    QTemporaryDir dir;
    ServiceGraphView view;
    ServiceGraphData data = socialNetwork();
    data.setCriticalPathSequence({"nginx-web-server", "compose-post-service", "text-service"});
    QVERIFY(showAndWait(view, data));
    const QString png = dir.filePath(QStringLiteral("graph.png"));
    const QString svg = dir.filePath(QStringLiteral("graph.svg"));
    QVERIFY(view.exportPng(png));
    QVERIFY(view.exportSvg(svg));
    const QImage image(png);
    QVERIFY(!image.isNull());
    QCOMPARE(image.width(), qRound(view.scene()->sceneRect().width() * 2));
    QFile file(svg);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    QVERIFY(text.contains("<svg"));
    QVERIFY(text.contains("compose-post-service"));
    QVERIFY(text.contains("#d62728")); // the critical path's colour
}

void TestServiceGraphView::largeGraphUsesSfdp()
{
    // Past kDotNodeLimit the force-directed engine takes over; every node still gets a place.
    widgets::GraphLayoutRequest request;
    const int count = widgets::kDotNodeLimit + 10;
    request.nodeSizes.assign(static_cast<std::size_t>(count), QSizeF(80, 30));
    for (int i = 1; i < count; ++i)
        request.edges.emplace_back((i - 1) / 2, i);
    const widgets::GraphLayoutResult result = widgets::layoutGraph(request);
    QVERIFY(result.error.isEmpty());
    QCOMPARE(result.engine, QStringLiteral("sfdp"));
    QCOMPARE(result.nodeCentres.size(), static_cast<std::size_t>(count));
    QCOMPARE(result.edgePaths.size(), request.edges.size());
    std::set<std::pair<int, int>> places;
    for (const QPointF& centre : result.nodeCentres) {
        QVERIFY(result.bounds.adjusted(-1, -1, 1, 1).contains(centre));
        places.emplace(qRound(centre.x()), qRound(centre.y()));
    }
    QVERIFY(places.size() > static_cast<std::size_t>(count) * 9 / 10);
}

QTEST_MAIN(TestServiceGraphView)
#include "tst_service_graph_view.moc"
