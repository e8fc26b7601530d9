// The Prometheus client against a real Prometheus started by the test (label: integration).
#include "fake_http_server.h"
#include "prometheus_process.h"

#include "live/live_error.h"
#include "live/prometheus_client.h"
#include "live/telemetry_queries.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QTest>

#include <chrono>

using namespace orrery::live;
using namespace orrery::testing;

class TestPrometheusClient : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void instantQuery();
    void rangeQuery();
    void scalarQuery();
    void syntaxErrorNamesTheQuery();
    void telemetryBecomesAnObservation();
    void recordedMatrixParses();
    void cleanupTestCase();

private:
    std::unique_ptr<FakeHttpServer> m_exporter;
    std::unique_ptr<PrometheusProcess> m_prometheus;
    std::unique_ptr<PrometheusClient> m_client;
};

void TestPrometheusClient::initTestCase()
{
    if (!QFileInfo::exists(kPrometheusBinary))
        QSKIP("prometheus is not installed (Debian package prometheus; ./orrery.sh installs it)");
    const auto start = std::chrono::steady_clock::now();
    m_exporter = std::make_unique<FakeHttpServer>([start](const RecordedRequest& request) {
        if (request.path != "/metrics")
            return ScriptedResponse{404, "text/plain", "not found", {}, false};
        const double elapsedS = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        return ScriptedResponse{200, "text/plain; version=0.0.4", exporterMetrics(elapsedS), {}, false};
    });
    m_prometheus = std::make_unique<PrometheusProcess>(m_exporter->port());
    QVERIFY(m_prometheus->started());
    m_client = std::make_unique<PrometheusClient>(m_prometheus->url().toStdString());
    QTRY_VERIFY_WITH_TIMEOUT(m_client->ready(), 30000);
    // Both targets up, and the exporter's series long enough to cover a 5 s rate() window (a
    // window the samples do not cover is extrapolated only part of the way and reads low).
    QTRY_VERIFY_WITH_TIMEOUT(m_client->query("count(up == 1)").series.size() == 1 &&
                                 m_client->query("count(up == 1)").series[0].samples[0].value == 2,
                             30000);
    QTRY_VERIFY_WITH_TIMEOUT(m_client->query("count_over_time(up{job=\"exporter\"}[10s])").series.size() == 1 &&
                                 m_client->query("count_over_time(up{job=\"exporter\"}[10s])").series[0].samples[0].value >= 7,
                             30000);
}

void TestPrometheusClient::instantQuery()
{
    const PromResult result = m_client->query("up");
    QCOMPARE(result.type, PromResult::Type::Vector);
    QCOMPARE(result.series.size(), std::size_t(2));
    QStringList jobs;
    for (const auto& series : result.series) {
        jobs << QString::fromStdString(series.labels.at("job"));
        QCOMPARE(series.labels.at("__name__"), std::string("up"));
        QCOMPARE(series.samples.size(), std::size_t(1));
        QCOMPARE(series.samples[0].value, 1.0);
    }
    jobs.sort();
    QCOMPARE(jobs, QStringList({"exporter", "prometheus"}));
}

void TestPrometheusClient::rangeQuery()
{
    const double nowS = std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
    const PromResult result = m_client->queryRange("up{job=\"exporter\"}", nowS - 5, nowS, 1);
    QCOMPARE(result.type, PromResult::Type::Matrix);
    QCOMPARE(result.series.size(), std::size_t(1));
    QVERIFY2(result.series[0].samples.size() >= 4, std::to_string(result.series[0].samples.size()).c_str());
    QCOMPARE(result.series[0].samples[1].timestampS - result.series[0].samples[0].timestampS, 1.0);
}

void TestPrometheusClient::scalarQuery()
{
    const PromResult result = m_client->query("1 + 1");
    QCOMPARE(result.type, PromResult::Type::Scalar);
    QCOMPARE(result.series.at(0).samples.at(0).value, 2.0);
}

void TestPrometheusClient::syntaxErrorNamesTheQuery()
{
    try {
        m_client->query("rate(up[5m]");
        QFAIL("no error");
    } catch (const LiveError& error) {
        const QString message = QString::fromUtf8(error.what());
        QVERIFY2(message.startsWith("prometheus " + m_prometheus->url() + ": query \"rate(up[5m]\": bad_data: "), error.what());
        QVERIFY2(message.contains("parse error"), error.what());
        QCOMPARE(error.httpStatus(), 400L);
    }
}

void TestPrometheusClient::telemetryBecomesAnObservation()
{
    orrery::policy::TargetObservation target;
    target.name = "shop/web";
    TelemetryQueries::observe(*m_client, "shop", "web", "5s", target);
    using orrery::policy::ControlResource;
    using orrery::policy::indexOf;
    QVERIFY2(std::abs(target.usage[indexOf(ControlResource::Cpu)] - 0.5) < 0.05,
             std::to_string(target.usage[indexOf(ControlResource::Cpu)]).c_str());
    QCOMPARE(target.usage[indexOf(ControlResource::Memory)], 104857600.0);
    QVERIFY(std::abs(target.usage[indexOf(ControlResource::Network)] - 1000.0) < 100.0);
    QCOMPARE(target.usage[indexOf(ControlResource::DiskIo)], 0.0);
    // Another deployment of the namespace has no series: zero usage, no error.
    orrery::policy::TargetObservation other;
    TelemetryQueries::observe(*m_client, "shop", "cart", "5s", other);
    QCOMPARE(other.usage[indexOf(ControlResource::Cpu)], 0.0);
}

void TestPrometheusClient::recordedMatrixParses()
{
    // The real `up` range data from prometheus-api-client-python, wrapped as query_range answers it.
    const QByteArray body = "{\"status\":\"success\",\"data\":{\"resultType\":\"matrix\",\"result\":" +
                            readFile(QStringLiteral(ORRERY_FIXTURE_DIR "/live/up-matrix-result.json")) + "}}";
    const PromResult result = PrometheusClient::parse(body.toStdString(), 200, "recorded");
    QCOMPARE(result.type, PromResult::Type::Matrix);
    QCOMPARE(result.series.size(), std::size_t(9));
    QCOMPARE(result.series[0].samples.size(), std::size_t(1079));
    QCOMPARE(result.series[0].samples[1].timestampS - result.series[0].samples[0].timestampS, 20.0);
}

void TestPrometheusClient::cleanupTestCase()
{
    m_client.reset();
    m_prometheus.reset();
    m_exporter.reset();
}

QTEST_GUILESS_MAIN(TestPrometheusClient)
#include "tst_prometheus_client.moc"
