// Critical components (seed 001 Alg. 3.2): Pearson correlation, percentiles, relative importance
// and congestion intensity against values computed by hand (and checked with Python's statistics).
#include "analysis/critical_components.h"
#include "analysis/pearson.h"

#include <QtTest>

#include <algorithm>

using namespace orrery;
using trace::Span;
using trace::SpanRelation;

namespace {

constexpr std::int64_t kMs = 1'000'000;

const analysis::ComponentStats* find(const std::vector<analysis::ComponentStats>& all, const std::string& service,
                                     const std::string& instance = {})
{
    const auto found = std::find_if(all.begin(), all.end(), [&](const auto& c) {
        return c.service == service && c.instance == instance;
    });
    return found == all.end() ? nullptr : &*found;
}

//! "compose": A (1 ms of its own) calls B then C in sequence; B takes 1, 2, 3, 4 ms (on instance
//! b-0 in the first two traces, b-1 in the others), C 2, 2, 2, 6 ms. Trace 0 also starts
//! background work D (10 ms). "other": X alone once, X calling Y twice.
trace::TraceSet fixture()
{
    trace::TraceSet set;
    auto& names = set.names;
    const auto compose = names.intern("compose");
    const auto other = names.intern("other");
    const auto a = names.intern("A");
    const auto b = names.intern("B");
    const auto c = names.intern("C");
    const auto d = names.intern("D");
    const auto op = names.intern("op");
    const std::int64_t bMs[] = {1, 2, 3, 4};
    const std::int64_t cMs[] = {2, 2, 2, 6};
    for (int k = 0; k < 4; ++k) {
        trace::Trace t;
        t.id = trace::TraceId{0, static_cast<std::uint64_t>(k + 1)};
        t.requestType = compose;
        const std::int64_t total = (1 + bMs[k] + cMs[k]) * kMs;
        const auto bInstance = names.intern(k < 2 ? "b-0" : "b-1");
        t.spans.push_back(Span{1, 0, 0, total, a, op, a, SpanRelation::Root});
        t.spans.push_back(Span{2, 1, kMs, bMs[k] * kMs, b, op, bInstance, SpanRelation::ChildOf});
        t.spans.push_back(Span{3, 1, (1 + bMs[k]) * kMs, cMs[k] * kMs, c, op, c, SpanRelation::ChildOf});
        if (k == 0)
            t.spans.push_back(Span{4, 1, kMs, 10 * kMs, d, op, d, SpanRelation::FollowsFrom});
        set.traces.push_back(std::move(t));
    }
    const auto x = names.intern("X");
    const auto y = names.intern("Y");
    for (int k = 0; k < 3; ++k) {
        trace::Trace t;
        t.id = trace::TraceId{0, static_cast<std::uint64_t>(100 + k)};
        t.requestType = other;
        t.spans.push_back(Span{1, 0, 0, 5 * kMs, x, op, x, SpanRelation::Root});
        if (k > 0)
            t.spans.push_back(Span{2, 1, kMs, 2 * kMs, y, op, y, SpanRelation::ChildOf});
        set.traces.push_back(std::move(t));
    }
    set.traces.push_back(trace::Trace{});  // empty: skipped
    return set;
}

} // namespace

class TstCriticalComponents : public QObject {
    Q_OBJECT

private slots:
    void pearson_data()
    {
        QTest::addColumn<std::vector<double>>("x");
        QTest::addColumn<std::vector<double>>("y");
        QTest::addColumn<double>("expected");
        QTest::newRow("textbook") << std::vector<double>{1, 2, 3, 4, 5} << std::vector<double>{2, 4, 5, 4, 5}
                                  << 0.7745966692414834;
        QTest::newRow("perfect") << std::vector<double>{1, 2, 3} << std::vector<double>{10, 20, 30} << 1.0;
        QTest::newRow("negative") << std::vector<double>{1, 2, 3} << std::vector<double>{3, 2, 1} << -1.0;
        QTest::newRow("constant") << std::vector<double>{2, 2, 2} << std::vector<double>{1, 2, 3} << 0.0;
        QTest::newRow("single") << std::vector<double>{1} << std::vector<double>{2} << 0.0;
        // A large offset must not cancel (a one-pass formula gives garbage here).
        QTest::newRow("offset") << std::vector<double>{1e9 + 1, 1e9 + 2, 1e9 + 3, 1e9 + 4, 1e9 + 5}
                                << std::vector<double>{2, 4, 5, 4, 5} << 0.7745966692414834;
    }

    void pearson()
    {
        QFETCH(std::vector<double>, x);
        QFETCH(std::vector<double>, y);
        QFETCH(double, expected);
        QVERIFY2(std::abs(analysis::pearson(x, y) - expected) < 1e-9, std::to_string(analysis::pearson(x, y)).c_str());
    }

    void requestTypesAndPaths()
    {
        const analysis::CriticalPathReport report = analysis::analyzeTraces(fixture());
        QCOMPARE(report.traceCount, std::size_t{7});
        QCOMPARE(report.spanCount, std::size_t{18});
        QCOMPARE(report.requestTypes.size(), std::size_t{2});
        const auto& compose = report.requestTypes[0];
        QCOMPARE(compose.requestType, std::string("compose"));
        QCOMPARE(compose.traceCount, std::size_t{4});
        QCOMPARE(compose.paths.size(), std::size_t{1});
        QCOMPARE(compose.paths[0].count, std::size_t{4});
        QCOMPARE(compose.paths[0].share, 1.0);
        const std::vector<analysis::PathStep> steps{{"A", "op"}, {"C", "op"}, {"B", "op"}};  // C returned last
        QCOMPARE(compose.paths[0].steps, steps);
        QCOMPARE(compose.p50Ms, 5.5);                // T_CP = 4, 5, 6, 11
        QVERIFY(std::abs(compose.p99Ms - 10.85) < 1e-9);

        const auto& other = report.requestTypes[1];
        QCOMPARE(other.paths.size(), std::size_t{2});
        QCOMPARE(other.paths[0].count, std::size_t{2});
        QVERIFY(std::abs(other.paths[0].share - 2.0 / 3.0) < 1e-12);
        QCOMPARE(other.paths[0].steps.size(), std::size_t{2});
        QCOMPARE(other.paths[1].count, std::size_t{1});
    }

    void relativeImportanceAndCongestionIntensity_data()
    {
        QTest::addColumn<std::string>("service");
        QTest::addColumn<std::string>("instance");
        QTest::addColumn<double>("ri");
        QTest::addColumn<double>("p50");
        QTest::addColumn<double>("p99");
        QTest::addColumn<int>("samples");
        QTest::addColumn<bool>("onPath");
        // Percentiles interpolate linearly between closest ranks: p99 of {1,2,3,4} = 3 + 0.97·1.
        QTest::newRow("B") << std::string("B") << std::string() << 0.9135002783911397 << 2.5 << 3.97 << 4 << true;
        QTest::newRow("C") << std::string("C") << std::string() << 0.9649012813540153 << 2.0 << 5.88 << 4 << true;
        QTest::newRow("A constant") << std::string("A") << std::string() << 0.0 << 1.0 << 1.0 << 4 << true;
        QTest::newRow("B on b-0") << std::string("B") << std::string("b-0") << -0.6158817620514397 << 1.5 << 1.99 << 2
                                  << true;
        QTest::newRow("B on b-1") << std::string("B") << std::string("b-1") << 0.8580840963623672 << 3.5 << 3.99 << 2
                                  << true;
        QTest::newRow("D background") << std::string("D") << std::string() << 0.0 << 10.0 << 10.0 << 1 << false;
    }

    void relativeImportanceAndCongestionIntensity()
    {
        QFETCH(std::string, service);
        QFETCH(std::string, instance);
        QFETCH(double, ri);
        QFETCH(double, p50);
        QFETCH(double, p99);
        QFETCH(int, samples);
        QFETCH(bool, onPath);
        const analysis::CriticalPathReport report = analysis::analyzeTraces(fixture());
        const auto& compose = report.requestTypes[0];
        const auto* stats = find(instance.empty() ? compose.services : compose.instances, service, instance);
        QVERIFY(stats);
        QVERIFY2(std::abs(stats->relativeImportance - ri) < 1e-9, std::to_string(stats->relativeImportance).c_str());
        QVERIFY(std::abs(stats->p50Ms - p50) < 1e-9);
        QVERIFY2(std::abs(stats->p99Ms - p99) < 1e-9, std::to_string(stats->p99Ms).c_str());
        QVERIFY(std::abs(stats->congestionIntensity - p99 / p50) < 1e-9);
        QCOMPARE(stats->samples, static_cast<std::size_t>(samples));
        QCOMPARE(stats->onCriticalPath, onPath);
    }

    void componentsAreOrderedByRelevance()
    {
        const analysis::CriticalPathReport report = analysis::analyzeTraces(fixture());
        std::vector<std::string> order;
        for (const auto& stats : report.requestTypes[0].services)
            order.push_back(stats.service);
        QCOMPARE(order, (std::vector<std::string>{"C", "B", "A", "D"}));
        QCOMPARE(report.requestTypes[0].instances.front().instance, std::string("C"));
    }

    void emptySetGivesEmptyReport()
    {
        const analysis::CriticalPathReport report = analysis::analyzeTraces(trace::TraceSet{});
        QCOMPARE(report.traceCount, std::size_t{0});
        QVERIFY(report.requestTypes.empty());
    }
};

QTEST_GUILESS_MAIN(TstCriticalComponents)
#include "tst_critical_components.moc"
