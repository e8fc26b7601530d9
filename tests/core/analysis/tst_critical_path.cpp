// Critical paths (seed 001 Alg. 3.1) of hand-built traces: each row lists the spans as
// "id:parent:relation:start:duration" and the path expected as "id/self,id/self,…" (times in ns).
#include "analysis/critical_path.h"

#include <QtTest>

#include <sstream>

using namespace orrery;
using trace::Span;
using trace::SpanRelation;

namespace {

//! "1:0:R:0:100 2:1:C:10:20 3:1:F:40:200" → spans (R root, C child-of, F follows-from).
trace::Trace parse(const std::string& text)
{
    trace::Trace trace;
    std::istringstream in(text);
    std::string item;
    while (in >> item) {
        Span span;
        char relation = 'R';
        char colon = 0;
        std::istringstream fields(item);
        fields >> span.id >> colon >> span.parent >> colon >> relation >> colon >> span.startNs >> colon >> span.durationNs;
        span.relation = relation == 'C' ? SpanRelation::ChildOf
                        : relation == 'F' ? SpanRelation::FollowsFrom
                                          : SpanRelation::Root;
        span.service = static_cast<trace::NameId>(span.id);
        trace.spans.push_back(span);
    }
    return trace;
}

std::string render(const trace::Trace& trace, const analysis::CriticalPath& path)
{
    std::string text;
    for (std::size_t k = 0; k < path.spans.size(); ++k) {
        if (k > 0)
            text += ',';
        text += std::to_string(trace.spans[path.spans[k]].id) + '/' + std::to_string(path.selfNs[k]);
    }
    return text;
}

} // namespace

class TstCriticalPath : public QObject {
    Q_OBJECT

private slots:
    void criticalPath_data()
    {
        QTest::addColumn<std::string>("spans");
        QTest::addColumn<std::string>("expected");

        QTest::newRow("empty") << std::string() << std::string();
        QTest::newRow("single") << std::string("1:0:R:5:100") << std::string("1/100");
        // Sequential: 2 then 3, both on the path; the root's own time is what they leave.
        QTest::newRow("sequential") << std::string("1:0:R:0:100 2:1:C:10:30 3:1:C:50:40")
                                    << std::string("1/30,3/40,2/30");
        // Parallel: 2 and 3 overlap; only the last to return (3) is on the path.
        QTest::newRow("parallel") << std::string("1:0:R:0:100 2:1:C:10:50 3:1:C:20:60")
                                  << std::string("1/40,3/60");
        // Parallel, then a call that starts after the earlier one returned: 2 ends at 40 ≤ 4's start.
        QTest::newRow("parallel-then-sequential")
            << std::string("1:0:R:0:100 2:1:C:10:30 3:1:C:10:20 4:1:C:45:50") << std::string("1/20,4/50,2/30");
        // Background (FOLLOWS_FROM) work never delays the parent, even when it ends last.
        QTest::newRow("background") << std::string("1:0:R:0:100 2:1:C:10:30 3:1:F:20:500")
                                    << std::string("1/70,2/30");
        // Nested: the path descends into 2's children (4 returns last within 2); 6 returned
        // before 2 started, so it is on the path too.
        QTest::newRow("nested")
            << std::string("1:0:R:0:100 2:1:C:10:80 3:2:C:15:20 4:2:C:20:60 5:4:C:30:10 6:1:C:5:3")
            << std::string("1/17,2/20,4/50,5/10,6/3");
        // Clock skew: 2 appears to start before its parent and 3 to end after it; both are clamped.
        QTest::newRow("skew") << std::string("1:0:R:100:100 2:1:C:90:30 3:1:C:150:80")
                              << std::string("1/30,3/50,2/20");
        // A child skewed wholly outside its parent cannot be on the path.
        QTest::newRow("skew-outside") << std::string("1:0:R:100:100 2:1:C:300:50 3:1:C:120:10")
                                      << std::string("1/90,3/10");
        // A span whose parent was not collected stays a root; the earliest root is the request.
        QTest::newRow("orphan") << std::string("1:0:R:0:100 2:0:R:50:20 3:1:C:10:30") << std::string("1/70,3/30");
        // Equal ends: the longer (earlier start) wins, deterministically.
        QTest::newRow("tie") << std::string("1:0:R:0:100 2:1:C:30:40 3:1:C:20:50") << std::string("1/50,3/50");
    }

    void criticalPath()
    {
        QFETCH(std::string, spans);
        QFETCH(std::string, expected);
        const trace::Trace trace = parse(spans);
        const analysis::CriticalPath path = analysis::criticalPath(trace);
        QCOMPARE(render(trace, path), expected);
        QCOMPARE(path.selfNs.size(), path.spans.size());
        if (!path.spans.empty()) {
            std::int64_t sum = 0;
            for (const auto self : path.selfNs)
                sum += self;
            QCOMPARE(sum, trace.spans[path.spans.front()].durationNs);
        }
    }

    void spanOrderDoesNotMatter()
    {
        const trace::Trace forward = parse("1:0:R:0:100 2:1:C:10:30 3:1:C:50:40");
        const trace::Trace backward = parse("3:1:C:50:40 2:1:C:10:30 1:0:R:0:100");
        QCOMPARE(render(backward, analysis::criticalPath(backward)), render(forward, analysis::criticalPath(forward)));
    }

    void deepChainNeedsNoRecursion()
    {
        trace::Trace trace;
        const int depth = 200000;
        for (int i = 0; i < depth; ++i) {
            trace.spans.push_back(Span{static_cast<trace::SpanId>(i + 1), static_cast<trace::SpanId>(i), i,
                                       2 * (depth - i), 0, 0, 0, i == 0 ? SpanRelation::Root : SpanRelation::ChildOf});
        }
        const analysis::CriticalPath path = analysis::criticalPath(trace);
        QCOMPARE(path.spans.size(), static_cast<std::size_t>(depth));
        QCOMPARE(path.selfNs.back(), std::int64_t{2});
    }
};

QTEST_GUILESS_MAIN(TstCriticalPath)
#include "tst_critical_path.moc"
