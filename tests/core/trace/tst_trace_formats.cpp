// Jaeger, OTLP and Zipkin JSON through the one auto-detecting reader: real published files,
// round trips through each writer, the same critical paths from all three formats, and a
// diagnostic (never a crash, never a silent success) for truncated and malformed input.
#include "analysis/critical_path.h"
#include "trace/jaeger_writer.h"
#include "trace/otlp_writer.h"
#include "trace/trace_import.h"
#include "trace/zipkin_writer.h"
#include "fuzz_replay.h"
#include "trace_invariant.h"

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <functional>
#include <map>
#include <tuple>

using namespace orrery;
using namespace orrery::trace;

Q_DECLARE_METATYPE(std::string)

namespace {

const std::string kFixtures = ORRERY_FIXTURE_DIR "/traces/";
const std::string kRealFile = kFixtures + "socialnetwork-jaeger-traces.json";

using Writer = std::function<std::string(const TraceSet&)>;

//! Spans by name, sorted by (trace id, span id): formats may list spans and traces in another order.
using SpanRow = std::tuple<TraceId, SpanId, SpanId, int, std::int64_t, std::int64_t, std::string, std::string, std::string, std::string>;

std::vector<SpanRow> canonical(const TraceSet& set)
{
    std::vector<SpanRow> rows;
    for (const Trace& trace : set.traces) {
        for (const Span& span : trace.spans) {
            rows.emplace_back(trace.id, span.id, span.parent, static_cast<int>(span.relation), span.startNs, span.durationNs,
                              set.names.name(span.service), set.names.name(span.operation), set.names.name(span.instance),
                              set.names.name(trace.requestType));
        }
    }
    std::sort(rows.begin(), rows.end());
    return rows;
}

Writer writerFor(const QString& format)
{
    if (format == "jaeger")
        return [](const TraceSet& set) { return writeJaegerJson(set); };
    if (format == "otlp")
        return [](const TraceSet& set) { return writeOtlpJson(set); };
    return [](const TraceSet& set) { return writeZipkinJson(set); };
}

TraceFormat formatFor(const QString& format)
{
    return format == "jaeger" ? TraceFormat::Jaeger : format == "otlp" ? TraceFormat::Otlp : TraceFormat::Zipkin;
}

//! Two traces with what every format must carry: a FOLLOWS_FROM span, a request type that is
//! not the root's operation, nanosecond-free times, names that need escaping.
TraceSet smallSet()
{
    TraceSet set;
    const NameId front = set.names.intern("front \"end\"");
    const NameId back = set.names.intern("back\\end");
    const NameId get = set.names.intern("GET /");
    const NameId read = set.names.intern("read");
    const NameId audit = set.names.intern("audit");
    const NameId type = set.names.intern("checkout");
    const NameId pod = set.names.intern("back-7f9c/0");
    Trace first{TraceId{0x0123456789abcdefULL, 0xaaULL}, type, {}};
    first.spans.push_back(Span{1, 0, 1'000'000, 50'000'000, front, get, front, SpanRelation::Root});
    first.spans.push_back(Span{2, 1, 2'000'000, 20'000'000, back, read, pod, SpanRelation::ChildOf});
    first.spans.push_back(Span{3, 1, 30'000'000, 40'000'000, back, audit, pod, SpanRelation::FollowsFrom});
    Trace second{TraceId{0, 0xbbULL}, get, {}};
    second.spans.push_back(Span{0x10, 0, 5'000'000, 9'000'000, front, get, front, SpanRelation::Root});
    second.spans.push_back(Span{0x11, 0x10, 6'000'000, 3'000'000, back, read, back, SpanRelation::ChildOf});
    set.traces.push_back(first);
    set.traces.push_back(second);
    return set;
}

void addFormatRows()
{
    QTest::addColumn<QString>("format");
    QTest::newRow("jaeger") << QString("jaeger");
    QTest::newRow("otlp") << QString("otlp");
    QTest::newRow("zipkin") << QString("zipkin");
}

} // namespace

class TstTraceFormats : public QObject {
    Q_OBJECT

private slots:
    //! Every crash input fuzz_trace found (tests/fixtures/fuzz-regressions/trace/) and every seed
    //! of its corpus keeps the harness's invariant (tests/fuzz/trace_invariant.h).
    void fuzzRegressions_data() { orrery::fuzz::addReplayRows(ORRERY_SOURCE_DIR, "trace"); }
    void fuzzRegressions()
    {
        QFETCH(QString, file);
        const std::string problem = orrery::fuzz::traceProblem(orrery::fuzz::readReplayFile(file), "fuzzed-trace.json");
        QVERIFY2(problem.empty(), problem.c_str());
    }

    void readsThePublishedOtlpExample()
    {
        TraceImportStats stats;
        const TraceSet set = readTraceFile(kFixtures + "otlp-proto-example-trace.json", &stats);
        QCOMPARE(stats.format, TraceFormat::Otlp);
        QCOMPARE(set.traces.size(), std::size_t{1});
        QCOMPARE(set.traces[0].id.hex(), std::string("5b8efff798038103d269b633813fc60c"));
        const Span& span = set.traces[0].spans.at(0);
        QCOMPARE(span.id, SpanId{0xeee19b7ec3c1b174ULL});
        QCOMPARE(span.startNs, std::int64_t{1544712660000000000});
        QCOMPARE(span.durationNs, std::int64_t{1000000000});
        QCOMPARE(set.names.name(span.service), std::string("my.service"));
        QCOMPARE(set.names.name(span.operation), std::string("I'm a server span"));
        QCOMPARE(span.relation, SpanRelation::Root);  // its parent is not in the file
        QCOMPARE(stats.orphanSpans, std::size_t{1});
    }

    void readsThePublishedZipkinTraceWithASharedSpan()
    {
        TraceImportStats stats;
        const TraceSet set = readTraceFile(kFixtures + "zipkin-lens-skew.json", &stats);
        QCOMPARE(stats.format, TraceFormat::Zipkin);
        QCOMPARE(set.traces.size(), std::size_t{1});
        const Trace& trace = set.traces[0];
        QCOMPARE(trace.spans.size(), std::size_t{4});
        QCOMPARE(stats.orphanSpans, std::size_t{0});
        QCOMPARE(set.names.name(trace.requestType), std::string("get"));
        // The server half of the shared RPC span hangs off the client half; "async" off the server half.
        const Span& asyncSpan = trace.spans[0];
        const Span& server = trace.spans[1];
        const Span& client = trace.spans[3];
        QCOMPARE(client.id, SpanId{0x74280ae0c10d8062ULL});
        QCOMPARE(server.parent, client.id);
        QVERIFY(server.id != client.id);
        QCOMPARE(set.names.name(server.service), std::string("serviceb"));
        QCOMPARE(asyncSpan.parent, server.id);
        QCOMPARE(set.names.name(client.instance), std::string("127.0.0.0"));
        const analysis::CriticalPath path = analysis::criticalPath(trace);
        // get > post (client) > post (server): the RPC's two halves are both on the path.
        QVERIFY(path.spans.size() >= 3);
        QCOMPARE(trace.spans[path.spans[0]].id, SpanId{0xbf396325699c84bfULL});
        QCOMPARE(trace.spans[path.spans[1]].id, client.id);
        QCOMPARE(trace.spans[path.spans[2]].id, server.id);
    }

    void roundTrips_data() { addFormatRows(); }
    void roundTrips()
    {
        // Each format: import → export → import gives the same spans, for the real traces and
        // for a set with FOLLOWS_FROM, a request-type tag and names that need escaping.
        QFETCH(QString, format);
        const Writer write = writerFor(format);
        for (const TraceSet& original : {readTraceFile(kRealFile), smallSet()}) {
            TraceImportStats stats;
            const TraceSet first = readTraceText(write(original), "first.json", &stats);
            QCOMPARE(stats.format, formatFor(format));
            QVERIFY(canonical(first) == canonical(original));
            const TraceSet second = readTraceText(write(first), "second.json");
            QVERIFY(canonical(second) == canonical(first));
        }
    }

    void otlpKeepsNanoseconds()
    {
        TraceSet set = smallSet();
        set.traces[0].spans[1].startNs += 123;  // not a whole microsecond
        QVERIFY(canonical(readTraceText(writeOtlpJson(set), "ns.json")) == canonical(set));
    }

    void sameCriticalPathInThreeFormats()
    {
        const TraceSet real = readTraceFile(kRealFile);
        std::vector<TraceSet> sets;
        for (const QString format : {"jaeger", "otlp", "zipkin"})
            sets.push_back(readTraceText(writerFor(format)(real), format.toStdString() + ".json"));
        for (const TraceSet& set : sets) {
            QCOMPARE(set.traces.size(), real.traces.size());
            std::map<TraceId, const Trace*> byId;
            for (const Trace& trace : set.traces)
                byId[trace.id] = &trace;
            for (const Trace& expected : real.traces) {
                const Trace* trace = byId.at(expected.id);
                const analysis::CriticalPath want = analysis::criticalPath(expected);
                const analysis::CriticalPath got = analysis::criticalPath(*trace);
                QCOMPARE(got.spans.size(), want.spans.size());
                for (std::size_t i = 0; i < want.spans.size(); ++i)
                    QCOMPARE(trace->spans[got.spans[i]].id, expected.spans[want.spans[i]].id);
                QCOMPARE(got.selfNs, want.selfNs);
            }
        }
    }

    void everyTruncationIsADiagnostic_data() { addFormatRows(); }
    void everyTruncationIsADiagnostic()
    {
        QFETCH(QString, format);
        const std::string text = writerFor(format)(smallSet());
        for (std::size_t length = 0; length < text.size(); ++length) {
            try {
                (void)readTraceText(std::string_view(text).substr(0, length), "cut.json");
                QFAIL(qPrintable(QString("a prefix of %1 bytes was accepted").arg(length)));
            } catch (const TraceReadError& error) {
                QCOMPARE(error.file(), std::string("cut.json"));
                QVERIFY(error.line() == 1);
            }
        }
    }

    void corruptedBytesNeverCrash_data() { addFormatRows(); }
    void corruptedBytesNeverCrash()
    {
        // Every byte replaced by each of a few troublemakers: either the document still reads
        // or the reader names the file; nothing else escapes.
        QFETCH(QString, format);
        const std::string text = writerFor(format)(smallSet());
        std::size_t diagnosed = 0;
        for (std::size_t at = 0; at < text.size(); ++at) {
            for (const char bad : {'"', '{', ']', ',', 'x', '\\', '\0'}) {
                std::string broken = text;
                broken[at] = bad;
                try {
                    (void)readTraceText(broken, "bad.json");
                } catch (const TraceReadError& error) {
                    QCOMPARE(error.file(), std::string("bad.json"));
                    ++diagnosed;
                }
            }
        }
        QVERIFY(diagnosed > text.size());
    }

    void malformedNamesLineAndField_data()
    {
        QTest::addColumn<std::string>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<std::string>("field");
        QTest::addColumn<std::string>("message");
        const std::string otlp = "{\"resourceSpans\": [{\"resource\": {\"attributes\": [{\"key\": \"service.name\", \"value\": {\"stringValue\": \"a\"}}]},\n"
                                 " \"scopeSpans\": [{\"scope\": {}, \"spans\": [\n"
                                 "  {\"traceId\": \"000000000000000000000000000000aa\", \"spanId\": \"0000000000000001\", \"name\": \"GET\", "
                                 "\"startTimeUnixNano\": \"1000\", \"endTimeUnixNano\": \"2000\"},\n"
                                 "  {\"traceId\": \"000000000000000000000000000000aa\", \"spanId\": \"0000000000000002\", \"parentSpanId\": \"0000000000000001\", "
                                 "\"name\": \"read\", \"startTimeUnixNano\": \"1100\", \"endTimeUnixNano\": \"1900\", \"status\": {\"code\": 2}}\n"
                                 " ]}]}]}\n";
        const std::string spans = "resourceSpans[0].scopeSpans[0].spans[1]";
        auto replaced = [](std::string text, const std::string& from, const std::string& to) {
            const auto at = text.find(from);
            if (at == std::string::npos)
                qFatal("fixture text '%s' not found", from.c_str());
            return text.replace(at, from.size(), to);
        };
        QTest::newRow("otlp-time-not-a-number") << replaced(otlp, "\"1100\"", "\"11x0\"") << 4 << spans + ".startTimeUnixNano"
                                                << std::string("not a decimal number");
        QTest::newRow("otlp-ends-before-start") << replaced(otlp, "\"1900\"", "\"900\"") << 4 << spans + ".endTimeUnixNano"
                                                << std::string("ends before it starts");
        QTest::newRow("otlp-missing-span-id") << replaced(otlp, "\"spanId\": \"0000000000000002\", ", "") << 4
                                              << spans + ".spanId" << std::string("missing required field");
        QTest::newRow("otlp-bad-trace-id") << replaced(otlp, "000000000000000000000000000000aa\", \"spanId\": \"0000000000000002", "zz\", \"spanId\": \"0000000000000002")
                                           << 4 << spans + ".traceId" << std::string("16 or 32 hex digits");
        QTest::newRow("otlp-spans-not-array") << replaced(otlp, "\"spans\": [", "\"spans\": 3, \"x\": [") << 2
                                              << std::string("resourceSpans[0].scopeSpans[0].spans") << std::string("expected an array");
        QTest::newRow("otlp-truncated") << otlp.substr(0, otlp.find("\"status\"")) << 4 << spans + ".endTimeUnixNano"
                                        << std::string("unexpected end of input");
        QTest::newRow("otlp-syntax") << replaced(otlp, "\"name\": \"read\",", "\"name\" \"read\",") << 4 << spans + ".name"
                                     << std::string("invalid JSON");

        const std::string zipkin = "[\n"
                                   " {\"traceId\": \"00000000000000aa\", \"id\": \"0000000000000001\", \"name\": \"get\", \"timestamp\": 1000, \"duration\": 50,"
                                   " \"localEndpoint\": {\"serviceName\": \"front\"}},\n"
                                   " {\"traceId\": \"00000000000000aa\", \"id\": \"0000000000000002\", \"parentId\": \"0000000000000001\", \"name\": \"read\","
                                   " \"timestamp\": 1010, \"duration\": 20, \"localEndpoint\": {\"serviceName\": \"back\"}, \"tags\": {\"error\": \"\"}}\n"
                                   "]\n";
        QTest::newRow("zipkin-timestamp-string") << replaced(zipkin, "1010", "\"1010\"") << 3 << std::string("[1].timestamp")
                                                 << std::string("expected an integer (microseconds), found string");
        QTest::newRow("zipkin-missing-id") << replaced(zipkin, "\"id\": \"0000000000000002\", ", "") << 3 << std::string("[1].id")
                                           << std::string("missing required field");
        QTest::newRow("zipkin-negative-duration") << replaced(zipkin, "\"duration\": 20", "\"duration\": -20") << 3
                                                  << std::string("[1].duration") << std::string("negative duration");
        QTest::newRow("zipkin-tags-not-object") << replaced(zipkin, "{\"error\": \"\"}", "[]") << 3 << std::string("[1].tags")
                                                << std::string("expected an object of tags");
        QTest::newRow("zipkin-truncated") << zipkin.substr(0, zipkin.find("\"localEndpoint\": {\"serviceName\": \"back\"") + 34) << 3
                                          << std::string("[1].localEndpoint.serviceName") << std::string("unexpected end of input");
        QTest::newRow("zipkin-fractional") << replaced(zipkin, "\"timestamp\": 1000", "\"timestamp\": 1000.5") << 2
                                           << std::string("[0].timestamp") << std::string("fractional");
    }

    void malformedNamesLineAndField()
    {
        QFETCH(std::string, text);
        QFETCH(int, line);
        QFETCH(std::string, field);
        QFETCH(std::string, message);
        try {
            (void)readTraceText(text, "bad.json");
            QFAIL("no TraceReadError");
        } catch (const TraceReadError& error) {
            const std::string what = error.what();
            QVERIFY2(error.field() == field, what.c_str());
            QVERIFY2(error.line() == static_cast<std::size_t>(line), what.c_str());
            QVERIFY2(what.rfind("bad.json:" + std::to_string(line) + ": " + field + ": ", 0) == 0, what.c_str());
            QVERIFY2(what.find(message) != std::string::npos, what.c_str());
        }
    }

    void statusEventsAndErrorsAreCounted()
    {
        const std::string otlp = "{\"resourceSpans\": [{\"scopeSpans\": [{\"spans\": [{\"traceId\": \"000000000000000000000000000000aa\","
                                 " \"spanId\": \"0000000000000001\", \"name\": \"GET\", \"startTimeUnixNano\": \"1000\", \"endTimeUnixNano\": \"2000\","
                                 " \"events\": [{\"name\": \"retry\"}, {\"name\": \"retry\"}], \"status\": {\"code\": \"STATUS_CODE_ERROR\"},"
                                 " \"links\": [{\"traceId\": \"000000000000000000000000000000bb\", \"spanId\": \"0000000000000009\"}]}]}]},"
                                 " {\"resource\": {\"attributes\": [{\"key\": \"service.name\", \"value\": {\"stringValue\": \"b\"}},"
                                 " {\"key\": \"host.name\", \"value\": {\"stringValue\": \"node-1\"}}]}}]}";
        TraceImportStats stats;
        const TraceSet set = readTraceText(otlp, "counts.json", &stats);
        QCOMPARE(stats.events, std::size_t{2});
        QCOMPARE(stats.errorSpans, std::size_t{1});
        QCOMPARE(stats.links, std::size_t{1});
        QCOMPARE(set.names.name(set.traces[0].spans[0].service), std::string("unknown_service"));
    }

    void otlpJsonLinesAndFormatFromContent()
    {
        // The Collector's file exporter writes one document a line; the file name says nothing.
        const TraceSet small = smallSet();
        TraceSet firstOnly = small;
        firstOnly.traces.resize(1);
        TraceSet secondOnly = small;
        secondOnly.traces.erase(secondOnly.traces.begin());
        const std::string lines = writeOtlpJson(firstOnly) + '\n' + writeOtlpJson(secondOnly) + '\n';
        QTemporaryDir dir;
        const QString path = dir.filePath("traces.zipkin");  // a misleading name
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(lines.data(), static_cast<qint64>(lines.size()));
        file.close();
        TraceImportStats stats;
        const TraceSet set = readTraceFile(path.toStdString(), &stats);
        QCOMPARE(stats.format, TraceFormat::Otlp);
        QVERIFY(canonical(set) == canonical(small));
    }

    void byteOrderMarkIsSkipped()
    {
        const std::string text = "\xEF\xBB\xBF" + writeZipkinJson(smallSet());
        QVERIFY(canonical(readTraceText(text, "bom.json")) == canonical(smallSet()));
    }

    void directoryIsNamedAsSuch()
    {
        QTemporaryDir dir;
        try {
            (void)readTraceFile(dir.path().toStdString());
            QFAIL("no TraceReadError");
        } catch (const TraceReadError& error) {
            QVERIFY2(std::string(error.what()).find("is a directory") != std::string::npos, error.what());
        }
    }

    void streamsAcrossChunksAndLongElements()
    {
        // More than one 4 MiB chunk of traces, plus one trace longer than a chunk (the buffer
        // grows for it), with escaped quotes and backslashes in names.
        TraceSet big;
        const NameId service = big.names.intern("svc \"q\" \\");
        const NameId operation = big.names.intern("op\\\"");
        for (std::uint64_t t = 1; t <= 20'000; ++t) {
            Trace trace{TraceId{0, t}, operation, {}};
            trace.spans.push_back(Span{t * 100, 0, static_cast<std::int64_t>(t) * 1000, 5000, service, operation, service, SpanRelation::Root});
            for (std::uint64_t s = 1; s < 5; ++s)
                trace.spans.push_back(Span{t * 100 + s, t * 100, static_cast<std::int64_t>(t) * 1000 + 1000, 1000, service, operation,
                                           service, SpanRelation::ChildOf});
            big.traces.push_back(std::move(trace));
        }
        Trace longTrace{TraceId{1, 1}, operation, {}};
        longTrace.spans.push_back(Span{1, 0, 0, 1'000'000'000, service, operation, service, SpanRelation::Root});
        for (std::uint64_t s = 2; s < 40'000; ++s)
            longTrace.spans.push_back(Span{s, 1, static_cast<std::int64_t>(s) * 1000, 1000, service, operation, service, SpanRelation::ChildOf});
        big.traces.push_back(std::move(longTrace));
        for (const QString format : {"jaeger", "otlp", "zipkin"}) {
            const std::string text = writerFor(format)(big);
            QVERIFY(text.size() > 2 * (std::size_t{4} << 20));
            QVERIFY(canonical(readTraceText(text, "big.json")) == canonical(big));
        }
    }
};

QTEST_GUILESS_MAIN(TstTraceFormats)
#include "tst_trace_formats.moc"
