// bench_trace_view: TraceView on a 100,000-span trace. Prints "<figure> <value> <unit>" lines
// (docs/architecture.md §11).
//   trace_view_100k_open   — setTraceSet(): critical path (analysis::criticalPath) plus the
//                            timeline's rows (depth-first order, self times), median of 3
//   trace_view_100k_frame  — mean of 50 paints of the timeline (1600×1000 QImage) scrolled to the
//                            middle rows, scrolling and zooming the time axis between frames
// The trace: a root with 100,000 spans in chains of ten below it, services in rotation, every
// 97th span a background (FollowsFrom) call.
#include "trace/trace.h"
#include "widgets/trace_timeline.h"
#include "widgets/trace_view.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QPainter>
#include <QScrollBar>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <vector>

using namespace orrery;

namespace {

std::shared_ptr<const trace::TraceSet> syntheticTrace(int count)
{
    auto set = std::make_shared<trace::TraceSet>();
    std::vector<trace::NameId> services;
    for (int i = 0; i < 12; ++i)
        services.push_back(set->names.intern("service-" + std::to_string(i)));
    const trace::NameId operation = set->names.intern("handle");
    trace::Trace trace;
    trace.id.low = 1;
    trace.requestType = operation;
    trace.spans.reserve(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) {
        trace::Span span;
        span.id = static_cast<trace::SpanId>(i + 1);
        span.parent = i == 0 ? 0 : (i % 10 == 1 ? 1 : static_cast<trace::SpanId>(i));
        span.relation = i == 0 ? trace::SpanRelation::Root
            : (i % 97 == 0 ? trace::SpanRelation::FollowsFrom : trace::SpanRelation::ChildOf);
        span.startNs = i == 0 ? 0 : static_cast<std::int64_t>(i) * 1000 + (i % 10) * 50;
        span.durationNs = i == 0 ? static_cast<std::int64_t>(count + 10) * 1000 : 5000 - (i % 10) * 400;
        span.service = services[static_cast<std::size_t>(i) % services.size()];
        span.operation = operation;
        span.instance = span.service;
        trace.spans.push_back(span);
    }
    set->traces.push_back(std::move(trace));
    return set;
}

} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const auto traces = syntheticTrace(100000);

    widgets::TraceView view;
    view.resize(1600, 1200);
    view.show();
    std::vector<double> opens;
    for (int i = 0; i < 3; ++i) {
        view.setTraceSet(nullptr, nullptr, {});
        QElapsedTimer timer;
        timer.start();
        view.setTraceSet(traces, nullptr, QStringLiteral("synthetic"));
        opens.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
    }
    std::sort(opens.begin(), opens.end());
    std::printf("trace_view_100k_open %.1f ms\n", opens[1]);

    widgets::TraceTimeline* timeline = view.timeline();
    timeline->resize(1600, 1000);
    timeline->scrollToRow(timeline->rowCount() / 2);
    QImage image(1600, 1000, QImage::Format_ARGB32_Premultiplied);
    double total = 0.0;
    constexpr int kFrames = 50;
    for (int frame = 0; frame < kFrames; ++frame) {
        if (frame % 10 == 5)
            timeline->zoomTime(frame < 25 ? 4.0 : 0.5, timeline->labelWidth() + 600);
        timeline->scrollToRow(timeline->rowCount() / 2 + frame * 7);
        QElapsedTimer timer;
        timer.start();
        QPainter painter(&image);
        timeline->viewport()->render(&painter);
        painter.end();
        total += static_cast<double>(timer.nsecsElapsed()) / 1e6;
    }
    std::printf("trace_view_100k_frame %.2f ms\n", total / kFrames);
    return 0;
}
