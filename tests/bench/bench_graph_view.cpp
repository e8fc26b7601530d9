// bench_graph_view: ServiceGraphView on large synthetic service graphs. Prints
// "<figure> <value> <unit>" lines (docs/architecture.md §11).
//   graph_layout_1000          — Graphviz layout (dot) of a 1,000-service DAG on a worker thread,
//                                wall time from start to result, median of 3
//   graph_open_5000            — setGraph() to layoutFinished() for a 5,000-service DAG: layout
//                                (sfdp above kDotNodeLimit) plus building the scene's items, median of 3
//   graph_frame_5000_fit       — mean of 20 paints of the whole 5,000-service graph (fitted) into a 1600×1000 QImage
//   graph_frame_5000_pan_zoom  — mean of 40 paints while zooming in around points and panning
// (5,000 services exceed kDotNodeLimit, so that layout is sfdp with straight edges.)
// The DAG: service i > 0 is called by 1–2 earlier services near i/2 (seed 7), ~1.5 calls per service.
#include "widgets/graph_layout.h"
#include "widgets/service_graph_canvas.h"
#include "widgets/service_graph_scene.h"
#include "widgets/service_graph_view.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QPainter>
#include <QSignalSpy>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cstdio>
#include <random>

using namespace orrery;
using widgets::ServiceGraphData;

namespace {

ServiceGraphData syntheticDag(int services)
{
    ServiceGraphData data;
    data.title = QStringLiteral("synthetic-%1").arg(services);
    std::mt19937 rng(7);
    for (int i = 0; i < services; ++i) {
        ServiceGraphData::Service service;
        service.name = QStringLiteral("service-%1").arg(i, 4, 10, QLatin1Char('0'));
        service.p99Ms = 0.5 + static_cast<double>(rng() % 2000) / 10.0;
        data.services.push_back(service);
    }
    for (int i = 1; i < services; ++i) {
        const int parents = 1 + static_cast<int>(rng() % 2);
        for (int p = 0; p < parents; ++p) {
            const int span = std::max(1, std::min(i / 2, 40));
            const int caller = std::max(0, i / 2 - static_cast<int>(rng() % static_cast<unsigned>(span)));
            const bool duplicate = std::any_of(data.calls.begin(), data.calls.end(), [&](const auto& call) {
                return call.caller == caller && call.callee == i;
            });
            if (!duplicate)
                data.calls.push_back({caller, i, 1.0 + static_cast<double>(rng() % 100), {}});
        }
    }
    return data;
}

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

double layoutMs(const ServiceGraphData& data, const QFont& font)
{
    widgets::GraphLayoutRequest request;
    request.nodeSizes = widgets::ServiceGraphScene::nodeSizes(data, font);
    for (const auto& call : data.calls)
        request.edges.emplace_back(call.caller, call.callee);
    QElapsedTimer timer;
    timer.start();
    auto future = QtConcurrent::run([request] { return widgets::layoutGraph(request); });
    future.waitForFinished();
    const double ms = static_cast<double>(timer.nsecsElapsed()) / 1e6;
    if (!future.result().error.isEmpty())
        std::fprintf(stderr, "layout failed: %s\n", qPrintable(future.result().error));
    return ms;
}

double paintMs(widgets::ServiceGraphView& view, QImage& image)
{
    QElapsedTimer timer;
    timer.start();
    QPainter painter(&image);
    view.canvas()->viewport()->render(&painter);
    painter.end();
    return static_cast<double>(timer.nsecsElapsed()) / 1e6;
}

} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);

    const ServiceGraphData thousand = syntheticDag(1000);
    std::vector<double> layouts;
    for (int i = 0; i < 3; ++i)
        layouts.push_back(layoutMs(thousand, app.font()));
    std::printf("graph_layout_1000 %.1f ms\n", median(layouts));

    const ServiceGraphData big = syntheticDag(5000);
    std::vector<double> opens;
    widgets::ServiceGraphView view;
    view.resize(1600 + 240, 1000 + 40); // the canvas gets about 1600 × 1000
    view.show();
    for (int i = 0; i < 3; ++i) {
        view.clear();
        QSignalSpy finished(&view, &widgets::ServiceGraphView::layoutFinished);
        QElapsedTimer timer;
        timer.start();
        view.setGraph(big);
        if (!finished.wait(120000)) {
            std::fprintf(stderr, "the 5,000-service layout did not finish\n");
            return 1;
        }
        opens.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
    }
    std::printf("graph_open_5000 %.1f ms\n", median(opens));

    QImage image(view.canvas()->viewport()->size(), QImage::Format_ARGB32_Premultiplied);
    view.fitAll();
    double total = 0.0;
    for (int i = 0; i < 20; ++i)
        total += paintMs(view, image);
    std::printf("graph_frame_5000_fit %.2f ms\n", total / 20);

    total = 0.0;
    std::mt19937 rng(3);
    widgets::ServiceGraphCanvas* canvas = view.canvas();
    for (int i = 0; i < 40; ++i) {
        if (i % 10 == 0)
            view.fitAll();
        const QPoint anchor(static_cast<int>(rng() % 1600), static_cast<int>(rng() % 1000));
        canvas->zoomBy(1.6, anchor);
        canvas->translate(static_cast<double>(rng() % 200) - 100.0, static_cast<double>(rng() % 200) - 100.0);
        total += paintMs(view, image);
    }
    std::printf("graph_frame_5000_pan_zoom %.2f ms\n", total / 40);
    return 0;
}
