// A generated 1 GiB Jaeger file (the query API's compact shape, ~330 bytes a span) streams
// through readTraceFile within the memory cap of docs/trace-analysis.md: the peak resident
// set grows with the spans kept (48 bytes each), not with the file. The file is written at run
// time into a temporary directory and removed afterwards.
#include "trace/trace_import.h"

#include <sys/resource.h>

#include <QTemporaryDir>
#include <QtTest>

#include <chrono>
#include <cstdio>

using namespace orrery;

namespace {

constexpr std::size_t kTargetBytes = std::size_t{1} << 30;
constexpr std::size_t kSpansPerTrace = 30;

std::size_t peakRssBytes()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<std::size_t>(usage.ru_maxrss) * 1024;  // Linux reports KiB
}

//! One trace of kSpansPerTrace spans in the query API's shape, trace number `n`.
void appendTrace(std::string& out, std::uint64_t n)
{
    char id[17];
    std::snprintf(id, sizeof id, "%016llx", static_cast<unsigned long long>(n + 1));
    out += R"({"traceID":")";
    out += id;
    out += R"(","spans":[)";
    char span[512];
    for (std::size_t s = 0; s < kSpansPerTrace; ++s) {
        const unsigned long long spanId = (n + 1) * 64 + s;
        const long long start = static_cast<long long>(n) * 1000 + static_cast<long long>(s);
        if (s == 0) {
            std::snprintf(span, sizeof span,
                          R"({"traceID":"%s","spanID":"%016llx","flags":1,"operationName":"/api/compose","references":[],"startTime":%lld,"duration":%d,"tags":[],"logs":[],"processID":"p1","warnings":null})",
                          id, spanId, start, 900);
        } else {
            std::snprintf(span, sizeof span,
                          R"(,{"traceID":"%s","spanID":"%016llx","flags":1,"operationName":"call_%zu","references":[{"refType":"CHILD_OF","traceID":"%s","spanID":"%016llx"}],"startTime":%lld,"duration":%d,"tags":[],"logs":[],"processID":"p%zu","warnings":null})",
                          id, spanId, s % 7, id, static_cast<unsigned long long>((n + 1) * 64), start, 20, 1 + s % 5);
        }
        out += span;
    }
    out += R"(],"processes":{)";
    for (int p = 1; p <= 5; ++p) {
        std::snprintf(span, sizeof span, R"(%s"p%d":{"serviceName":"service-%d","tags":[{"key":"hostname","type":"string","value":"host-%d"}]})",
                      p == 1 ? "" : ",", p, p, p);
        out += span;
    }
    out += R"(},"warnings":null})";
}

} // namespace

class TstTraceStreamLarge : public QObject {
    Q_OBJECT

private slots:
    void oneGibibyteStreamsWithinTheCap()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath("large.json").toStdString();
        std::size_t traces = 0;
        std::size_t written = 0;
        {
            std::FILE* file = std::fopen(path.c_str(), "wb");
            QVERIFY(file);
            std::string chunk = R"({"data":[)";
            while (written + chunk.size() < kTargetBytes) {
                if (traces > 0)
                    chunk += ',';
                appendTrace(chunk, traces++);
                if (chunk.size() > (std::size_t{1} << 20)) {
                    written += std::fwrite(chunk.data(), 1, chunk.size(), file);
                    chunk.clear();
                }
            }
            chunk += R"(],"total":0,"limit":0,"offset":0,"errors":null})";
            written += std::fwrite(chunk.data(), 1, chunk.size(), file);
            QCOMPARE(std::fclose(file), 0);
        }
        QVERIFY(written >= kTargetBytes);

        const std::size_t before = peakRssBytes();
        const auto start = std::chrono::steady_clock::now();
        trace::TraceImportStats stats;
        const trace::TraceSet set = trace::readTraceFile(path, &stats);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const std::size_t peak = peakRssBytes();

        QCOMPARE(set.traces.size(), traces);
        QCOMPARE(set.spanCount(), traces * kSpansPerTrace);
        QCOMPARE(stats.bytes, written);
        QCOMPARE(stats.orphanSpans, std::size_t{0});
        QCOMPARE(set.names.name(set.traces.back().requestType), std::string("/api/compose"));

        // The documented cap (docs/trace-analysis.md): 64 MiB (chunk, parser, name table, the
        // process itself) plus 64 bytes a span kept (the 48-byte Span, its trace's share, and
        // the traces vector's growth); the file itself never counts.
        const std::size_t spans = set.spanCount();
        const std::size_t cap = (std::size_t{64} << 20) + 64 * spans;
        std::printf("large_import_file_bytes %zu bytes\n", written);
        std::printf("large_import_spans %zu spans\n", spans);
        std::printf("large_import_rate %.0f MB/s\n", static_cast<double>(written) / seconds / 1e6);
        std::printf("large_import_rate_spans %.0f spans/s\n", static_cast<double>(spans) / seconds);
        std::printf("large_import_peak_rss %.1f MiB\n", static_cast<double>(peak) / (1 << 20));
        std::printf("large_import_rss_before %.1f MiB\n", static_cast<double>(before) / (1 << 20));
        std::printf("large_import_cap %.1f MiB\n", static_cast<double>(cap) / (1 << 20));
        QVERIFY2(peak <= cap, qPrintable(QString("peak RSS %1 MiB over the cap %2 MiB")
                                             .arg(static_cast<double>(peak) / (1 << 20))
                                             .arg(static_cast<double>(cap) / (1 << 20))));
        QVERIFY(peak < written / 4);  // far from holding the file
    }
};

QTEST_GUILESS_MAIN(TstTraceStreamLarge)
#include "tst_trace_stream_large.moc"
