// Jaeger JSON import: the real DeathStarBench file, the shapes the query API and the UI write,
// and one row per class of malformed input, each asserting the file, line and field named.
#include "analysis/critical_path.h"
#include "trace/jaeger_reader.h"

#include <QtTest>

#include <algorithm>
#include <set>

using namespace orrery;
using trace::readJaegerText;
using trace::TraceReadError;

namespace {

const std::string kRealFile = ORRERY_FIXTURE_DIR "/traces/socialnetwork-jaeger-traces.json";

// A valid two-span document, one span per line, so a broken span names line 6 or 7.
const char* const kHead = R"({"data": [
 {"traceID": "00000000000000aa",
  "processes": {"p1": {"serviceName": "front", "tags": [{"key": "hostname", "type": "string", "value": "front-0"}]},
                "p2": {"serviceName": "back"}},
  "spans": [
)";
const char* const kSpan1 =
    R"(   {"spanID": "0000000000000001", "operationName": "GET /", "references": [], "startTime": 1000, "duration": 50, "processID": "p1"},
)";
const char* const kSpan2 =
    R"(   {"spanID": "0000000000000002", "operationName": "read", "references": [{"refType": "CHILD_OF", "traceID": "00000000000000aa", "spanID": "0000000000000001"}], "startTime": 1010, "duration": 20, "processID": "p2"}
)";
const char* const kTail = R"(  ]}
]}
)";

std::string document(const std::string& span1 = kSpan1, const std::string& span2 = kSpan2)
{
    return std::string(kHead) + span1 + span2 + kTail;
}

std::string replaced(std::string text, const std::string& from, const std::string& to)
{
    const auto at = text.find(from);
    if (at == std::string::npos)
        qFatal("fixture text '%s' not found", from.c_str());
    return text.replace(at, from.size(), to);
}

} // namespace

class TstJaegerReader : public QObject {
    Q_OBJECT

private slots:
    void readsTheRealSocialNetworkFile()
    {
        trace::JaegerImportStats stats;
        const trace::TraceSet set = trace::readJaegerFile(kRealFile, &stats);
        QCOMPARE(set.traces.size(), std::size_t{20});
        QCOMPARE(set.spanCount(), std::size_t{660});
        QCOMPARE(stats.orphanSpans, std::size_t{0});
        QCOMPARE(set.traces[0].id.hex(), std::string("151e8ea44a5cf41c"));
        QCOMPARE(set.traces[0].spans.size(), std::size_t{33});

        std::set<std::string> services;
        for (const auto& t : set.traces)
            for (const auto& span : t.spans)
                services.insert(set.names.name(span.service));
        const std::set<std::string> expected{"compose-post-service", "home-timeline-service", "media-service",
                                             "nginx-web-server", "post-storage-service", "social-graph-service",
                                             "text-service", "unique-id-service", "url-shorten-service",
                                             "user-mention-service", "user-service", "user-timeline-service"};
        QCOMPARE(services, expected);
        for (const auto& t : set.traces)
            QCOMPARE(set.names.name(t.requestType), std::string("/wrk2-api/post/compose"));
    }

    void realFileRootAndInstancesAreJaegers()
    {
        const trace::TraceSet set = trace::readJaegerFile(kRealFile);
        const auto& spans = set.traces[0].spans;
        const auto root = std::find_if(spans.begin(), spans.end(),
                                       [](const auto& s) { return s.relation == trace::SpanRelation::Root; });
        QVERIFY(root != spans.end());
        QCOMPARE(set.names.name(root->service), std::string("nginx-web-server"));
        QCOMPARE(set.names.name(root->instance), std::string("nginx-thrift"));  // the hostname tag
        QCOMPARE(root->startNs, std::int64_t{1695943858153000} * 1000);
        QCOMPARE(root->durationNs, std::int64_t{5303} * 1000);
    }

    void criticalPathOfAComposeTraceRunsThroughComposePost()
    {
        const trace::TraceSet set = trace::readJaegerFile(kRealFile);
        for (const auto& t : set.traces) {
            const analysis::CriticalPath path = analysis::criticalPath(t);
            QVERIFY(path.spans.size() >= 3);
            QCOMPARE(set.names.name(t.spans[path.spans.front()].service), std::string("nginx-web-server"));
            const bool throughComposePost = std::any_of(path.spans.begin(), path.spans.end(), [&](std::uint32_t i) {
                return set.names.name(t.spans[i].service) == "compose-post-service";
            });
            QVERIFY(throughComposePost);
            std::int64_t total = 0;
            for (const auto self : path.selfNs) {
                QVERIFY(self >= 0);
                total += self;
            }
            QCOMPARE(total, t.spans[path.spans.front()].durationNs);
        }
    }

    void readsTheSmallDocument()
    {
        trace::JaegerImportStats stats;
        const trace::TraceSet set = readJaegerText(document(), "small.json", &stats);
        QCOMPARE(set.traces.size(), std::size_t{1});
        const auto& spans = set.traces[0].spans;
        QCOMPARE(spans.size(), std::size_t{2});
        QCOMPARE(spans[1].parent, trace::SpanId{1});
        QCOMPARE(spans[1].relation, trace::SpanRelation::ChildOf);
        QCOMPARE(spans[1].startNs, std::int64_t{1010000});
        QCOMPARE(set.names.name(spans[0].instance), std::string("front-0"));
        QCOMPARE(set.names.name(spans[1].instance), std::string("back"));  // no hostname: the service
        QCOMPARE(set.names.name(set.traces[0].requestType), std::string("GET /"));
    }

    void followsFromAndUiShapes()
    {
        // The UI's download: a `process` object in the span, a nested `span` in the reference.
        const std::string span2 =
            R"(   {"spanID": "0000000000000002", "operationName": "log", "references": [{"refType": "FOLLOWS_FROM", "spanID": "0000000000000001", "span": {"spanID": "0000000000000001"}}], "startTime": 1060, "duration": 20, "process": {"serviceName": "audit"}}
)";
        const trace::TraceSet set = readJaegerText(replaced(document(kSpan1, span2), "00000000000000aa", "0123456789abcdef0000000000000aaa"), "ui.json");
        const auto& trace = set.traces[0];
        QCOMPARE(trace.id.high, std::uint64_t{0x0123456789abcdef});
        QCOMPARE(trace.id.low, std::uint64_t{0xaaa});
        QCOMPARE(trace.spans[1].relation, trace::SpanRelation::FollowsFrom);
        QCOMPARE(set.names.name(trace.spans[1].service), std::string("audit"));
    }

    void orphansAreKeptAsRootsAndCounted()
    {
        const std::string text = replaced(document(), R"("spanID": "0000000000000001"})", R"("spanID": "00000000000000ff"})");
        trace::JaegerImportStats stats;
        const trace::TraceSet set = readJaegerText(text, "orphan.json", &stats);
        QCOMPARE(stats.orphanSpans, std::size_t{1});
        QCOMPARE(set.traces[0].spans[1].relation, trace::SpanRelation::Root);
        QCOMPARE(set.names.name(set.traces[0].requestType), std::string("GET /"));  // the earliest root
    }

    void malformedInputNamesFileLineAndField_data()
    {
        QTest::addColumn<std::string>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<std::string>("field");
        QTest::addColumn<std::string>("message");

        const std::string good = document();
        const std::string truncated = good.substr(0, good.find(R"("duration": 20)") + 12);
        QTest::newRow("truncated") << truncated << 7 << std::string("data[0].spans[1].duration")
                                   << std::string("invalid JSON");
        QTest::newRow("syntax") << replaced(good, R"("read", "references")", R"("read" "references")") << 7
                                << std::string("data[0].spans[1].operationName") << std::string("invalid JSON");
        QTest::newRow("duration-string") << replaced(good, R"("duration": 20)", R"("duration": "20")") << 7
                                         << std::string("data[0].spans[1].duration") << std::string("found string");
        QTest::newRow("missing-field") << replaced(good, R"("operationName": "read", )", "") << 7
                                       << std::string("data[0].spans[1].operationName")
                                       << std::string("missing required field");
        QTest::newRow("own-parent") << replaced(good, R"("spanID": "0000000000000001"})", R"("spanID": "0000000000000002"})")
                                    << 7 << std::string("data[0].spans[1].references[0].spanID")
                                    << std::string("its own parent");
        QTest::newRow("unknown-process") << replaced(good, R"("processID": "p2")", R"("processID": "p9")") << 7
                                         << std::string("data[0].spans[1].processID")
                                         << std::string("unknown processID 'p9'");
        QTest::newRow("non-hex-span") << replaced(good, R"("0000000000000002")", R"("00000000000000zz")") << 7
                                      << std::string("data[0].spans[1].spanID") << std::string("hex digits");
        QTest::newRow("non-hex-trace") << replaced(good, R"({"traceID": "00000000000000aa")", R"({"traceID": "12345")")
                                       << 2 << std::string("data[0].traceID") << std::string("16 or 32 hex digits");
        QTest::newRow("negative-duration") << replaced(good, R"("duration": 20)", R"("duration": -20)") << 7
                                           << std::string("data[0].spans[1].duration")
                                           << std::string("negative duration");
        QTest::newRow("duplicate-span") << replaced(good, R"("0000000000000001")", R"("0000000000000002")") << 7
                                        << std::string("data[0].spans[1].spanID") << std::string("duplicate span id");
        QTest::newRow("unknown-ref-type") << replaced(good, "CHILD_OF", "PARENT_OF") << 7
                                          << std::string("data[0].spans[1].references[0].refType")
                                          << std::string("unknown refType");
        const std::string cycle = replaced(good, R"("references": [],)",
                                           R"("references": [{"refType": "CHILD_OF", "spanID": "0000000000000002"}],)");
        QTest::newRow("cycle") << cycle << 6 << std::string("data[0].spans[0].references")
                               << std::string("reference cycle");
        QTest::newRow("not-an-object") << std::string("\n42") << 2 << std::string("(document)")
                                       << std::string("expected an object");
        // A top-level array is Zipkin's (or Jaeger traces): its elements must be spans.
        QTest::newRow("array-of-numbers") << std::string("[1, 2]") << 1 << std::string("[0]")
                                          << std::string("expected a span object");
        QTest::newRow("empty-input") << std::string("  \n") << 2 << std::string("(document)")
                                     << std::string("empty input");
        QTest::newRow("garbage-after-trace") << replaced(good, "  ]}\n]}", "  ]} x\n]}") << 8 << std::string("data[0]")
                                             << std::string("expected ',' or ']'");
        QTest::newRow("no-data") << std::string("{\n\"traces\": []}") << 1 << std::string("data")
                                 << std::string("missing required field");
        QTest::newRow("spans-not-array") << replaced(good, R"("spans": [)", R"("spans": 3, "x": [)") << 5
                                         << std::string("data[0].spans") << std::string("expected an array");
    }

    void malformedInputNamesFileLineAndField()
    {
        QFETCH(std::string, text);
        QFETCH(int, line);
        QFETCH(std::string, field);
        QFETCH(std::string, message);
        try {
            (void)readJaegerText(text, "bad.json", nullptr);
            QFAIL("no TraceReadError");
        } catch (const TraceReadError& error) {
            const std::string what = error.what();
            QCOMPARE(error.file(), std::string("bad.json"));
            QCOMPARE(error.line(), static_cast<std::size_t>(line));
            QCOMPARE(error.field(), field);
            QVERIFY2(what.rfind("bad.json:" + std::to_string(line) + ": " + field + ": ", 0) == 0, what.c_str());
            QVERIFY2(what.find(message) != std::string::npos, what.c_str());
        }
    }

    void malformedFixtureFile()
    {
        const std::string path = ORRERY_FIXTURE_DIR "/traces/malformed-duration.json";
        try {
            (void)trace::readJaegerFile(path);
            QFAIL("no TraceReadError");
        } catch (const TraceReadError& error) {
            QCOMPARE(error.file(), path);
            QCOMPARE(error.line(), std::size_t{9});
            QCOMPARE(error.field(), std::string("data[0].spans[1].duration"));
        }
    }

    void missingFileIsAnError()
    {
        QVERIFY_THROWS_EXCEPTION(TraceReadError, (void)trace::readJaegerFile("/nonexistent/traces.json"));
    }
};

QTEST_GUILESS_MAIN(TstJaegerReader)
#include "tst_jaeger_reader.moc"
