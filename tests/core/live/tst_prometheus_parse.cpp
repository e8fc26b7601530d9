// PrometheusClient::parse on answers no real Prometheus sends (label: unit): the fuzz crash inputs
// and corpus replayed through the harness's invariant, and the fixes they led to.
#include "live/live_error.h"
#include "live/prometheus_client.h"
#include "fuzz_replay.h"
#include "prometheus_invariant.h"

#include <QTest>

#include <cmath>

using namespace orrery::live;

class TestPrometheusParse : public QObject {
    Q_OBJECT
private slots:
    //! Every crash input fuzz_prometheus found (tests/fixtures/fuzz-regressions/prometheus/) and
    //! every seed of its corpus keeps the harness's invariant (tests/fuzz/prometheus_invariant.h).
    void fuzzRegressions_data() { orrery::fuzz::addReplayRows(ORRERY_SOURCE_DIR, "prometheus"); }
    void fuzzRegressions()
    {
        QFETCH(QString, file);
        const std::string problem = orrery::fuzz::prometheusProblem(orrery::fuzz::readReplayFile(file));
        QVERIFY2(problem.empty(), problem.c_str());
    }

    //! std::stod threw std::out_of_range for a value that underflows; it is a tiny number.
    void denormalValueIsANumber()
    {
        const PromResult result = PrometheusClient::parse(
            R"({"status":"success","data":{"resultType":"vector","result":[{"metric":{},"value":[1,"1e-310"]}]}})", 200, "p");
        QCOMPARE(result.series.size(), std::size_t(1));
        QVERIFY(result.series[0].samples[0].value > 0 && result.series[0].samples[0].value < 1e-300);
    }

    //! What a live experiment records of a query: the first finite value; NaN series are skipped.
    void firstFiniteValueSkipsNaN()
    {
        const PromResult result = PrometheusClient::parse(
            R"({"status":"success","data":{"resultType":"vector","result":[{"metric":{"a":"1"},"value":[1,"NaN"]},)"
            R"({"metric":{"a":"2"},"value":[1,"2.5"]},{"metric":{"a":"3"},"value":[1,"7"]}]}})",
            200, "p");
        QCOMPARE(firstFiniteValue(result).value_or(-1), 2.5);
        const PromResult empty = PrometheusClient::parse(R"({"status":"success","data":{"resultType":"vector","result":[]}})", 200, "p");
        QVERIFY(!firstFiniteValue(empty).has_value());
    }

    void badAnswersAreProtocolErrors_data()
    {
        QTest::addColumn<QString>("body");
        QTest::addColumn<QString>("message");
        QTest::newRow("value not a number")
            << R"({"status":"success","data":{"resultType":"vector","result":[{"value":[1,"one"]}]}})"
            << "p: sample value \"one\" is not a number";
        QTest::newRow("data an array") << R"({"status":"success","data":[]})" << "p: data: expected an object";
        QTest::newRow("nested 300 deep")
            << QString(R"({"status":"success","data":{"resultType":"scalar","result":%1%2}})")
                   .arg(QString(300, '['), QString(300, ']'))
            << "p: HTTP 200: not a Prometheus API answer: {\"status\"";
        QTest::newRow("label not a string")
            << R"({"status":"success","data":{"resultType":"vector","result":[{"metric":{"job":1},"value":[1,"1"]}]}})"
            << "p: metric label \"job\": expected a string";
    }
    void badAnswersAreProtocolErrors()
    {
        QFETCH(QString, body);
        QFETCH(QString, message);
        try {
            PrometheusClient::parse(body.toStdString(), 200, "p");
            QFAIL("no error");
        } catch (const LiveError& error) {
            QCOMPARE(error.kind(), LiveError::Kind::Protocol);
            QVERIFY2(QString::fromStdString(error.what()).startsWith(message), error.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestPrometheusParse)
#include "tst_prometheus_parse.moc"
