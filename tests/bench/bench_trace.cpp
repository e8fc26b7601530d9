// bench_trace: critical paths, critical components, span storage and Jaeger import over
// traces shaped like DeathStarBench's compose-post (about 30 spans: a fan-out of parallel calls,
// each with nested cache/database calls, then sequential writes and background work).
// Prints "<figure> <value> <unit>" lines (docs/architecture.md §11).
#include "analysis/critical_components.h"
#include "analysis/critical_path.h"
#include "store/project.h"
#include "store/project_run_recorder.h"
#include "trace/jaeger_reader.h"
#include "trace/jaeger_writer.h"
#include "trace/otlp_writer.h"
#include "trace/trace_import.h"
#include "trace/zipkin_writer.h"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>

using namespace orrery;
using trace::Span;
using trace::SpanRelation;

namespace {

//! splitmix64: a fixed generator, so every run benchmarks the same traces.
struct Generator {
    std::uint64_t state = 42;
    std::uint64_t next()
    {
        std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    std::int64_t between(std::int64_t low, std::int64_t high)
    {
        return low + static_cast<std::int64_t>(next() % static_cast<std::uint64_t>(high - low + 1));
    }
};

trace::TraceSet syntheticTraces(std::size_t count)
{
    trace::TraceSet set;
    const char* const services[] = {"nginx-web-server", "compose-post-service", "text-service", "user-service",
                                    "media-service", "unique-id-service", "url-shorten-service",
                                    "user-mention-service", "post-storage-service", "user-timeline-service",
                                    "home-timeline-service", "social-graph-service"};
    std::vector<trace::NameId> ids;
    for (const char* name : services)
        ids.push_back(set.names.intern(name));
    const auto request = set.names.intern("/wrk2-api/post/compose");
    const auto call = set.names.intern("call");
    const auto cache = set.names.intern("memcached_get");
    const auto store = set.names.intern("mongo_insert");
    Generator random;
    set.traces.reserve(count);
    for (std::size_t k = 0; k < count; ++k) {
        trace::Trace t;
        t.id = trace::TraceId{0, random.next()};
        t.requestType = request;
        trace::SpanId nextId = random.next() & 0xffffffffffffULL;
        const std::int64_t start = static_cast<std::int64_t>(k) * 1'000'000;
        auto add = [&](trace::SpanId parent, std::int64_t at, std::int64_t duration, trace::NameId service,
                       trace::NameId operation, SpanRelation relation) {
            t.spans.push_back(Span{++nextId, parent, at, duration, service, operation, service, relation});
            return nextId;
        };
        const auto root = add(0, start, 5'000'000, ids[0], request, SpanRelation::Root);
        const auto compose = add(root, start + 100'000, 4'800'000, ids[1], call, SpanRelation::ChildOf);
        // Parallel fan-out: six calls, each with two or three nested calls.
        for (int c = 0; c < 6; ++c) {
            const std::int64_t at = start + 200'000 + random.between(0, 100'000);
            const std::int64_t duration = random.between(500'000, 2'000'000);
            const auto child = add(compose, at, duration, ids[static_cast<std::size_t>(2 + c)], call, SpanRelation::ChildOf);
            const int nested = 2 + static_cast<int>(random.next() % 2);
            for (int n = 0; n < nested; ++n)
                add(child, at + 10'000 + n * duration / 4, duration / 5, ids[static_cast<std::size_t>(2 + c)], cache,
                    SpanRelation::ChildOf);
        }
        // Then sequential writes, and background fan-out to the timelines.
        std::int64_t at = start + 2'500'000;
        for (int s = 0; s < 3; ++s) {
            const auto write = add(compose, at, 500'000, ids[static_cast<std::size_t>(8 + s)], store, SpanRelation::ChildOf);
            add(write, at + 50'000, 300'000, ids[static_cast<std::size_t>(8 + s)], store, SpanRelation::ChildOf);
            at += 600'000;
        }
        add(compose, at, 3'000'000, ids[11], call, SpanRelation::FollowsFrom);
        set.traces.push_back(std::move(t));
    }
    return set;
}

double seconds(std::chrono::steady_clock::time_point since)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

void print(const char* figure, double value, const char* unit)
{
    std::printf("%s %.0f %s\n", figure, value, unit);
}

} // namespace

int main()
{
    const trace::TraceSet traces = syntheticTraces(100'000);
    const auto spans = static_cast<double>(traces.spanCount());

    auto start = std::chrono::steady_clock::now();
    std::size_t pathSpans = 0;
    for (const auto& t : traces.traces)
        pathSpans += analysis::criticalPath(t).spans.size();
    print("critical_path", spans / seconds(start), "spans/s");
    if (pathSpans == 0)
        return 1;

    start = std::chrono::steady_clock::now();
    const auto report = analysis::analyzeTraces(traces);
    print("critical_components", spans / seconds(start), "spans/s");
    if (report.requestTypes.empty())
        return 1;

    const auto file = std::filesystem::temp_directory_path() / ("bench_trace_" + std::to_string(::getpid()) + ".orrery");
    {
        store::Project project = store::Project::open(file.string());
        store::ProjectRunRecorder recorder(project);
        recorder.beginRun(sim::RunInfo{"bench", "name: bench\n", 1, sim::kMinute, {}, {}});
        start = std::chrono::steady_clock::now();
        const std::span<const trace::Trace> all(traces.traces);
        for (std::size_t i = 0; i < all.size(); i += 1000)
            recorder.recordTraces(all.subspan(i, std::min<std::size_t>(1000, all.size() - i)), traces.names);
        recorder.endRun(sim::RunStatus::Completed, "");
        print("span_store", spans / seconds(start), "spans/s");
        std::printf("span_store_size %.1f bytes/span\n",
                    static_cast<double>(project.database().queryInt64("SELECT sum(length(data)) FROM run_traces")) / spans);
        start = std::chrono::steady_clock::now();
        const trace::TraceSet loaded = project.loadTraces(*recorder.runId());
        print("span_load", static_cast<double>(loaded.spanCount()) / seconds(start), "spans/s");
    }
    std::error_code ignored;
    for (const char* suffix : {"", "-wal", "-shm"})
        std::filesystem::remove(file.string() + suffix, ignored);

    // Imports (streamed, simdjson On-Demand): the real DeathStarBench file is Jaeger's UI-download
    // shape (each reference repeats its parent span: ~5 KiB a span); the compact shape is the
    // query API's (writeJaegerJson's output), repeated to 100 copies of the 20 traces.
    const std::string real = ORRERY_FIXTURE_DIR "/traces/socialnetwork-jaeger-traces.json";
    const auto realBytes = static_cast<double>(std::filesystem::file_size(real));
    std::size_t imported = 0;
    int repeats = 0;
    start = std::chrono::steady_clock::now();
    for (; repeats < 20; ++repeats)
        imported += trace::readTraceFile(real).spanCount();
    double elapsed = seconds(start);
    print("jaeger_import_ui_download", static_cast<double>(imported) / elapsed, "spans/s");
    print("jaeger_import_ui_download_bytes", realBytes * repeats / elapsed / 1e6, "MB/s");

    const trace::TraceSet sample = syntheticTraces(20'000);
    auto measureText = [&](const char* name, const std::string& text) {
        std::size_t spansRead = 0;
        int rounds = 0;
        const auto begin = std::chrono::steady_clock::now();
        for (; rounds < 5; ++rounds)
            spansRead += trace::readTraceText(text, name).spanCount();
        const double took = seconds(begin);
        std::printf("%s %.0f spans/s\n", name, static_cast<double>(spansRead) / took);
        std::printf("%s_bytes %.0f MB/s\n", name, static_cast<double>(text.size()) * rounds / took / 1e6);
    };
    measureText("jaeger_import_query_api", trace::writeJaegerJson(sample));
    measureText("otlp_import", trace::writeOtlpJson(sample));
    measureText("zipkin_import", trace::writeZipkinJson(sample));
    return 0;
}
