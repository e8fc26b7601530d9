// Kubernetes list bodies and watch streams without a server (label: unit): a watch stream cut at
// every byte delivers the events before the cut and holds the partial tail; malformed bodies are
// LiveError(Protocol); the fuzz crash inputs and corpus replayed through the harness's invariant.
#include "live/kube_list_page.h"
#include "live/live_error.h"
#include "live/watch_stream_decoder.h"
#include "fuzz_replay.h"
#include "kube_list_watch_invariant.h"

#include <QTest>

#include <stdexcept>

using namespace orrery::live;

namespace {

const std::string kStream =
    R"({"type":"ADDED","object":{"kind":"Pod","metadata":{"name":"a","namespace":"shop","resourceVersion":"11"}}})"
    "\n"
    "\r\n"
    R"({"type":"BOOKMARK","object":{"kind":"Pod","metadata":{"resourceVersion":"15"}}})"
    "\n"
    R"({"type":"ERROR","object":{"kind":"Status","code":410,"message":"too old resource version"}})"
    "\n";

} // namespace

class TestKubeListWatch : public QObject {
    Q_OBJECT
private slots:
    //! Every crash input fuzz_kube_list_watch found (tests/fixtures/fuzz-regressions/kube_list_watch/)
    //! and every seed of its corpus keeps the harness's invariant, at the input's own cut and, for
    //! inputs up to 4 KB, at every byte (larger ones at 64 evenly spaced cuts).
    void fuzzRegressions_data() { orrery::fuzz::addReplayRows(ORRERY_SOURCE_DIR, "kube_list_watch"); }
    void fuzzRegressions()
    {
        QFETCH(QString, file);
        const std::string input = orrery::fuzz::readReplayFile(file);
        std::string problem = orrery::fuzz::kubeListWatchProblem(input);
        QVERIFY2(problem.empty(), problem.c_str());
        if (input.empty())
            return;
        const std::string_view body = std::string_view(input).substr(1);
        const std::size_t step = body.size() <= 4096 ? 1 : body.size() / 64;
        for (std::size_t cut = 0; cut <= body.size(); cut += step) {
            problem = orrery::fuzz::kubeWatchProblem(body, cut);
            QVERIFY2(problem.empty(), problem.c_str());
        }
    }

    void streamCutAtEveryByte()
    {
        for (std::size_t cut = 0; cut <= kStream.size(); ++cut) {
            WatchStreamDecoder decoder("watch");
            std::vector<WatchEvent> events;
            const auto collect = [&](const WatchEvent& event) {
                events.push_back(event);
                return true;
            };
            QVERIFY(decoder.feed(std::string_view(kStream).substr(0, cut), collect));
            // The lines end at these newlines; the second one ends the blank "\r" line.
            std::vector<std::size_t> newlines;
            for (std::size_t at = kStream.find('\n'); at != std::string::npos; at = kStream.find('\n', at + 1))
                newlines.push_back(at);
            std::size_t expected = 0;
            std::size_t tailStart = 0;
            for (std::size_t i = 0; i < newlines.size() && newlines[i] < cut; ++i) {
                expected += i == 1 ? 0 : 1;
                tailStart = newlines[i] + 1;
            }
            QCOMPARE(events.size(), expected);
            QCOMPARE(decoder.pending(), kStream.substr(tailStart, cut - tailStart));
            QVERIFY(decoder.feed(std::string_view(kStream).substr(cut), collect));
            QCOMPARE(events.size(), std::size_t(3));
            QVERIFY(decoder.pending().empty());
        }
    }

    void eventsAreParsed()
    {
        WatchStreamDecoder decoder("watch");
        std::vector<WatchEvent> events;
        decoder.feed(kStream, [&](const WatchEvent& event) {
            events.push_back(event);
            return true;
        });
        QCOMPARE(events.size(), std::size_t(3));
        QCOMPARE(events[0].type, WatchEvent::Type::Added);
        QCOMPARE(events[0].name, std::string("a"));
        QCOMPARE(events[0].nameSpace, std::string("shop"));
        QCOMPARE(events[0].resourceVersion, std::string("11"));
        QCOMPARE(events[1].type, WatchEvent::Type::Bookmark);
        QCOMPARE(events[1].resourceVersion, std::string("15"));
        QCOMPARE(events[2].type, WatchEvent::Type::Error);
        QCOMPARE(events[2].errorCode, 410L);
    }

    void stopLeavesTheRestPending()
    {
        WatchStreamDecoder decoder("watch");
        int delivered = 0;
        QVERIFY(!decoder.feed(kStream, [&](const WatchEvent&) { return ++delivered < 1; }));
        QCOMPARE(delivered, 1);
        QVERIFY(decoder.pending().starts_with("\r\n{\"type\":\"BOOKMARK\""));
    }

    void throwingHandlerConsumesItsLine()
    {
        WatchStreamDecoder decoder("watch");
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, decoder.feed(kStream, [](const WatchEvent&) -> bool {
            throw std::runtime_error("handler failed");
        }));
        QVERIFY(decoder.pending().starts_with("\r\n{\"type\":\"BOOKMARK\""));
    }

    void lineCapIsAProtocolError()
    {
        WatchStreamDecoder decoder("watch", 64);
        try {
            decoder.feed(std::string(65, ' ') + "x", [](const WatchEvent&) { return true; });
            QFAIL("no error");
        } catch (const LiveError& error) {
            QCOMPARE(error.kind(), LiveError::Kind::Protocol);
            QCOMPARE(std::string(error.what()), std::string("watch: an event line longer than 64 bytes"));
        }
    }

    void badBodiesAreProtocolErrors_data()
    {
        QTest::addColumn<bool>("watch");
        QTest::addColumn<QString>("body");
        QTest::addColumn<QString>("message");
        QTest::newRow("list not an object") << false << "[]" << "w: a list must be a JSON object";
        QTest::newRow("items not an array") << false << R"({"items":{}})" << "w: items: expected an array";
        QTest::newRow("list nested 300 deep") << false << QString(R"({"items":[%1%2]})").arg(QString(300, '['), QString(300, ']'))
                                              << "w: not JSON: nested deeper than 256 levels";
        QTest::newRow("event not an object") << true << "42\n" << "w: a watch event must be a JSON object";
        QTest::newRow("event not JSON") << true << "{\n" << "w: not JSON: ";
    }
    void badBodiesAreProtocolErrors()
    {
        QFETCH(bool, watch);
        QFETCH(QString, body);
        QFETCH(QString, message);
        try {
            if (watch)
                WatchStreamDecoder("w").feed(body.toStdString(), [](const WatchEvent&) { return true; });
            else
                (void)KubeListPage::parse(body.toStdString(), "w");
            QFAIL("no error");
        } catch (const LiveError& error) {
            QCOMPARE(error.kind(), LiveError::Kind::Protocol);
            QVERIFY2(QString::fromStdString(error.what()).startsWith(message), error.what());
        }
    }

    void listPageReadsMetadata()
    {
        const KubeListPage page = KubeListPage::parse(
            R"({"metadata":{"resourceVersion":"7","continue":"abc"},"items":[{"metadata":{"name":"x"}},{}]})", "w");
        QCOMPARE(page.resourceVersion, std::string("7"));
        QCOMPARE(page.continueToken, std::string("abc"));
        QCOMPARE(page.items.size(), std::size_t(2));
        QVERIFY(KubeListPage::parse(R"({"items":null})", "w").items.empty());
    }
};

QTEST_GUILESS_MAIN(TestKubeListWatch)
#include "tst_kube_list_watch.moc"
