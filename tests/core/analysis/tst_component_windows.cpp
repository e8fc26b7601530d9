// Windowed FIRM features (RI, CI per instance and window) and their ground-truth labels on a
// hand-built TraceSet, and top-1 localization scoring over them.
#include "analysis/component_windows.h"
#include "analysis/localization_score.h"

#include <QtTest>

#include <cmath>
#include <stdexcept>

using namespace orrery;
using trace::Span;
using trace::SpanRelation;

namespace {

constexpr std::int64_t kMs = 1'000'000;

//! Request type "req": A (instance a/0, 1 ms of its own) calls B and waits. Window 0 ([0, 1 s)):
//! four traces where B runs on b/0 for 1, 2, 3, 4 ms, so RI(b/0) = 1, RI(a/0) = 0 (constant),
//! CI(b/0) = p99/p50 = 3.97/2.5, CI(a/0) = 1. Window 1 ([1 s, 2 s)): two traces with B on b/1
//! for 2 ms each: RI 0, CI 1.
trace::TraceSet fixture()
{
    trace::TraceSet set;
    auto& names = set.names;
    const auto req = names.intern("req");
    const auto a = names.intern("a");
    const auto b = names.intern("b");
    const auto a0 = names.intern("a/0");
    const auto b0 = names.intern("b/0");
    const auto b1 = names.intern("b/1");
    const auto op = names.intern("op");
    std::uint64_t id = 1;
    const auto add = [&](std::int64_t startNs, std::int64_t childMs, trace::NameId childInstance) {
        trace::Trace trace;
        trace.id = {0, id};
        trace.requestType = req;
        const std::int64_t durationNs = (1 + childMs) * kMs;
        trace.spans.push_back(Span{id * 10, 0, startNs, durationNs, a, op, a0, SpanRelation::Root});
        trace.spans.push_back(
            Span{id * 10 + 1, id * 10, startNs + kMs, childMs * kMs, b, op, childInstance, SpanRelation::ChildOf});
        set.traces.push_back(std::move(trace));
        ++id;
    };
    for (int k = 1; k <= 4; ++k)
        add(k * 100 * kMs, k, b0);
    add(1500 * kMs, 2, b1);
    add(1600 * kMs, 2, b1);
    return set;
}

std::vector<analysis::InjectedAnomaly> groundTruth()
{
    return {{0, 600 * kMs, "anomaly.cpu", "b/0"},            // 60 % of window 0
            {1900 * kMs, 3000 * kMs, "anomaly.llc", "b"},     // the service; 10 % of window 1
            {0, 3000 * kMs, "anomaly.cpu", "node-3"}};        // a node: not in the traces
}

} // namespace

class TstComponentWindows : public QObject {
    Q_OBJECT

private slots:
    void featuresAndLabels_data()
    {
        QTest::addColumn<double>("minOverlapShare");
        QTest::addColumn<int>("window1Label");
        QTest::newRow("half the window") << 0.5 << 0;
        QTest::newRow("any sizeable overlap") << 0.05 << 1;
    }

    void featuresAndLabels()
    {
        QFETCH(double, minOverlapShare);
        QFETCH(int, window1Label);
        analysis::ComponentWindowsConfig config;
        config.minOverlapShare = minOverlapShare;
        const auto set = analysis::buildComponentWindows(fixture(), groundTruth(), config);

        QCOMPARE(set.unresolvedAnomalies, std::size_t{1});
        QCOMPARE(set.windows.size(), std::size_t{2});
        QCOMPARE(set.rows.size(), std::size_t{4});
        const auto& w0 = set.windows[0];
        QCOMPARE(w0.startNs, std::int64_t{0});
        QCOMPARE(w0.endNs, 1000 * kMs);
        QCOMPARE(w0.traceCount, std::size_t{4});
        QCOMPARE(w0.anomalies, std::vector<std::size_t>{0});
        QCOMPARE(w0.firstRow, std::size_t{0});
        QCOMPARE(w0.rowCount, std::size_t{2});
        QCOMPARE(w0.positives, std::size_t{1});

        // Rows in instance-name order within a window.
        const auto& a0 = set.rows[0];
        QCOMPARE(a0.instance, std::string("a/0"));
        QCOMPARE(a0.service, std::string("a"));
        QCOMPARE(a0.relativeImportance, 0.0);
        QCOMPARE(a0.congestionIntensity, 1.0);
        QCOMPARE(a0.samples, std::size_t{4});
        QCOMPARE(a0.label, 0);
        const auto& b0 = set.rows[1];
        QCOMPARE(b0.instance, std::string("b/0"));
        QVERIFY(std::abs(b0.relativeImportance - 1.0) < 1e-12);
        QVERIFY(std::abs(b0.congestionIntensity - 3.97 / 2.5) < 1e-12);
        QCOMPARE(b0.label, 1);

        const auto& w1 = set.windows[1];
        QCOMPARE(w1.startNs, 1000 * kMs);
        QCOMPARE(w1.traceCount, std::size_t{2});
        QCOMPARE(w1.anomalies.size(), std::size_t(window1Label));
        const auto& b1 = set.rows[3];
        QCOMPARE(b1.window, std::size_t{1});
        QCOMPARE(b1.instance, std::string("b/1"));
        QCOMPARE(b1.relativeImportance, 0.0);
        QCOMPARE(b1.congestionIntensity, 1.0);
        QCOMPARE(b1.label, window1Label);  // a service target labels its instances
        QCOMPARE(set.rows[2].label, 0);    // a/0 is not of service b
    }

    void windowLengthGroupsTraces()
    {
        analysis::ComponentWindowsConfig config;
        config.windowNs = 2000 * kMs;
        const auto set = analysis::buildComponentWindows(fixture(), groundTruth(), config);
        QCOMPARE(set.windows.size(), std::size_t{1});
        QCOMPARE(set.windows[0].traceCount, std::size_t{6});
        QCOMPARE(set.rows.size(), std::size_t{3});  // a/0, b/0, b/1
        // The first anomaly covers 0.6 s of a 2 s window: below half, so it labels nothing.
        QCOMPARE(set.windows[0].positives, std::size_t{0});
    }

    void sloViolationsSelectWindows()
    {
        analysis::ComponentWindowsConfig config;
        config.minOverlapShare = 0.05;
        config.sloMsByRequestType = {{"req", 4.5}, {"absent", 0.1}};
        const auto set = analysis::buildComponentWindows(fixture(), groundTruth(), config);
        QVERIFY(set.windows[0].sloViolated);   // T_CP 2, 3, 4, 5 ms: p99 4.97 > 4.5
        QVERIFY(!set.windows[1].sloViolated);  // 3, 3 ms
        const std::vector<double> scores{0.1, 0.9, 3.0, 2.0};  // right in window 0, wrong in 1
        const auto all = analysis::scoreLocalization(set, scores);
        QCOMPARE(all.singleWindows, std::size_t{2});
        const auto violating = analysis::scoreLocalization(set, scores, analysis::LocalizationWindows::SloViolating);
        QCOMPARE(violating.singleWindows, std::size_t{1});
        QCOMPARE(violating.singleCorrect, std::size_t{1});
        config.sloMsByRequestType = {};
        QVERIFY(!analysis::buildComponentWindows(fixture(), groundTruth(), config).windows[0].sloViolated);
    }

    void badConfigurationThrows()
    {
        analysis::ComponentWindowsConfig config;
        config.windowNs = 0;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, (void)analysis::buildComponentWindows(fixture(), {}, config));
        config.windowNs = kMs;
        config.minOverlapShare = 1.5;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, (void)analysis::buildComponentWindows(fixture(), {}, config));
    }

    void localizationTopOne_data()
    {
        QTest::addColumn<std::vector<double>>("scores");
        QTest::addColumn<int>("singleCorrect");
        QTest::addColumn<int>("multipleCorrect");
        // Rows: window 0 (a/0, b/0 injected), window 1 (a/0, b/1 injected), each with one anomaly.
        QTest::newRow("injected ranked first") << std::vector<double>{0.1, 0.9, -1.0, 2.0} << 2 << 0;
        QTest::newRow("one wrong") << std::vector<double>{0.1, 0.9, 3.0, 2.0} << 1 << 0;
        QTest::newRow("ties go to the first row") << std::vector<double>{0.0, 0.0, 0.0, 0.0} << 0 << 0;
    }

    void localizationTopOne()
    {
        QFETCH(std::vector<double>, scores);
        QFETCH(int, singleCorrect);
        QFETCH(int, multipleCorrect);
        analysis::ComponentWindowsConfig config;
        config.minOverlapShare = 0.05;
        const auto set = analysis::buildComponentWindows(fixture(), groundTruth(), config);
        const auto score = analysis::scoreLocalization(set, scores);
        QCOMPARE(score.singleWindows, std::size_t{2});
        QCOMPARE(score.singleCorrect, std::size_t(singleCorrect));
        QCOMPARE(score.multipleWindows, std::size_t{0});
        QCOMPARE(score.multipleCorrect, std::size_t(multipleCorrect));
        QCOMPARE(score.singleAccuracy(), singleCorrect / 2.0);
        QCOMPARE(score.chanceAccuracy(), 0.5);  // one injected row of two in each window
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, (void)analysis::scoreLocalization(set, std::vector<double>{1.0}));
    }

    void unobservableAndMultipleWindows()
    {
        auto anomalies = groundTruth();
        anomalies.push_back({0, 1000 * kMs, "anomaly.llc", "a/0"});  // second anomaly in window 0
        anomalies.push_back({1000 * kMs, 2000 * kMs, "anomaly.llc", "a"});
        analysis::ComponentWindowsConfig config;
        const auto set = analysis::buildComponentWindows(fixture(), anomalies, config);
        QCOMPARE(set.windows[0].anomalies.size(), std::size_t{2});
        QCOMPARE(set.windows[0].positives, std::size_t{2});
        const auto score = analysis::scoreLocalization(set, std::vector<double>{0.0, 1.0, 0.5, 0.0});
        QCOMPARE(score.multipleWindows, std::size_t{1});
        QCOMPARE(score.multipleCorrect, std::size_t{1});
        QCOMPARE(score.singleWindows, std::size_t{1});  // window 1: "a" hits a/0, ranked first
        QCOMPARE(score.singleCorrect, std::size_t{1});
        QCOMPARE(score.unobservableWindows, std::size_t{0});

        // An anomaly on an instance that is in the run but not on this window's paths.
        const std::vector<analysis::InjectedAnomaly> hidden{{1000 * kMs, 2000 * kMs, "anomaly.cpu", "b/0"}};
        const auto other = analysis::buildComponentWindows(fixture(), hidden, config);
        const auto hiddenScore = analysis::scoreLocalization(other, std::vector<double>(other.rows.size(), 0.0));
        QCOMPARE(hiddenScore.unobservableWindows, std::size_t{1});
        QCOMPARE(hiddenScore.singleWindows, std::size_t{0});
    }
};

QTEST_GUILESS_MAIN(TstComponentWindows)
#include "tst_component_windows.moc"
