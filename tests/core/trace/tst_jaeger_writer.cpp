// Jaeger export: what writeJaegerJson writes, readJaegerText reads back (times in whole µs).
#include "trace/jaeger_reader.h"
#include "trace/jaeger_writer.h"

#include <QtTest>

using namespace orrery;
using namespace orrery::trace;

namespace {

bool sameTraces(const TraceSet& a, const TraceSet& b)
{
    if (a.traces.size() != b.traces.size())
        return false;
    for (std::size_t t = 0; t < a.traces.size(); ++t) {
        const Trace& x = a.traces[t];
        const Trace& y = b.traces[t];
        if (x.id != y.id || a.names.name(x.requestType) != b.names.name(y.requestType) || x.spans.size() != y.spans.size())
            return false;
        for (std::size_t i = 0; i < x.spans.size(); ++i) {
            const Span& p = x.spans[i];
            const Span& q = y.spans[i];
            if (p.id != q.id || p.parent != q.parent || p.startNs != q.startNs || p.durationNs != q.durationNs
                || p.relation != q.relation || a.names.name(p.service) != b.names.name(q.service)
                || a.names.name(p.operation) != b.names.name(q.operation)
                || a.names.name(p.instance) != b.names.name(q.instance))
                return false;
        }
    }
    return true;
}

} // namespace

class TstJaegerWriter : public QObject {
    Q_OBJECT

private slots:
    void realFileRoundTrips()
    {
        const TraceSet original = readJaegerFile(ORRERY_FIXTURE_DIR "/traces/socialnetwork-jaeger-traces.json");
        const TraceSet again = readJaegerText(writeJaegerJson(original), "written.json");
        QVERIFY(sameTraces(original, again));
    }

    void simulatedTracesRoundTripToMicroseconds()
    {
        TraceSet set;
        const NameId front = set.names.intern("frontend");
        const NameId db = set.names.intern("db \"primary\"");  // escaped on the way out
        const NameId get = set.names.intern("GET");
        const NameId query = set.names.intern("query");
        const NameId type = set.names.intern("browse");     // not the root's operation
        const NameId replica = set.names.intern("db/1");
        Trace trace;
        trace.id = TraceId{0x1234, 0xabcdef};
        trace.requestType = type;
        trace.spans.push_back(Span{1, 0, 1'000'400, 9'000'200, front, get, front, SpanRelation::Root});
        trace.spans.push_back(Span{2, 1, 2'000'600, 3'000'000, db, query, replica, SpanRelation::ChildOf});
        trace.spans.push_back(Span{3, 1, 8'000'000, 5'000'000, db, query, db, SpanRelation::FollowsFrom});
        set.traces.push_back(trace);

        const TraceSet back = readJaegerText(writeJaegerJson(set), "sim.json");
        QCOMPARE(back.traces.size(), std::size_t{1});
        const Trace& read = back.traces[0];
        QCOMPARE(read.id, trace.id);
        QCOMPARE(back.names.name(read.requestType), std::string("browse"));
        QCOMPARE(read.spans[0].startNs, std::int64_t{1'000'000});     // 1000.4 µs → 1000 µs
        QCOMPARE(read.spans[0].durationNs, std::int64_t{9'001'000});  // end 10000.6 µs → 10001, minus 1000
        QCOMPARE(read.spans[1].startNs, std::int64_t{2'001'000});     // 2000.6 µs → 2001 µs
        QCOMPARE(read.spans[1].relation, SpanRelation::ChildOf);
        QCOMPARE(read.spans[2].relation, SpanRelation::FollowsFrom);
        QCOMPARE(back.names.name(read.spans[1].service), std::string("db \"primary\""));
        QCOMPARE(back.names.name(read.spans[1].instance), std::string("db/1"));
        QCOMPARE(back.names.name(read.spans[2].instance), std::string("db \"primary\""));

        // Whole microseconds survive a second trip unchanged.
        QVERIFY(sameTraces(back, readJaegerText(writeJaegerJson(back), "again.json")));
    }

    void emptySetIsAnEmptyDocument()
    {
        QCOMPARE(writeJaegerJson(TraceSet{}), std::string(R"({"data":[]})"));
    }
};

QTEST_GUILESS_MAIN(TstJaegerWriter)
#include "tst_jaeger_writer.moc"
