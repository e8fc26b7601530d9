// An unreachable cluster fails fast with a message naming method and URL, never hangs.
#include "fake_http_server.h"
#include "prometheus_process.h"

#include "live/kube_client.h"
#include "live/live_error.h"
#include "live/prometheus_client.h"

#include <QElapsedTimer>
#include <QTest>

using namespace orrery::live;

class TestUnreachable : public QObject {
    Q_OBJECT
private slots:
    void failsFast_data();
    void failsFast();
    void silentServerHitsRequestTimeout();
};

void TestUnreachable::failsFast_data()
{
    QTest::addColumn<QString>("server");
    QTest::addColumn<int>("connectTimeoutMs");
    QTest::addColumn<int>("limitMs");
    // A closed loopback port refuses at once; a non-routable address (RFC 5737 TEST-NET-1)
    // drops the SYN, so the lowered connect timeout decides.
    QTest::newRow("closed port") << QStringLiteral("http://127.0.0.1:%1").arg(orrery::testing::freeLoopbackPort()) << 5000 << 2000;
    QTest::newRow("non-routable") << "https://192.0.2.1:6443" << 500 << 3000;
}

void TestUnreachable::failsFast()
{
    QFETCH(QString, server);
    QFETCH(int, connectTimeoutMs);
    QFETCH(int, limitMs);
    ResolvedContext context;
    context.contextName = "gone";
    context.server = server.toStdString();
    KubeClient client(context, HttpTimeouts{std::chrono::milliseconds(connectTimeoutMs), std::chrono::milliseconds(10000)});
    QElapsedTimer timer;
    timer.start();
    try {
        client.listNodes();
        QFAIL("no error");
    } catch (const LiveError& error) {
        QCOMPARE(error.kind(), LiveError::Kind::Unreachable);
        QVERIFY2(QString(error.what()).startsWith("GET " + server + "/api/v1/nodes?limit=500: "), error.what());
    }
    QVERIFY2(timer.elapsed() < limitMs, std::to_string(timer.elapsed()).c_str());

    PrometheusClient prometheus(server.toStdString(), HttpTimeouts{std::chrono::milliseconds(connectTimeoutMs), std::chrono::milliseconds(10000)});
    QVERIFY_THROWS_EXCEPTION(LiveError, prometheus.query("up"));
    QVERIFY(!prometheus.ready());
}

void TestUnreachable::silentServerHitsRequestTimeout()
{
    // Accepts the connection but never answers: the request timeout ends it.
    QTcpServer silent;
    QVERIFY(silent.listen(QHostAddress::LocalHost, 0));
    ResolvedContext context;
    context.server = QStringLiteral("http://127.0.0.1:%1").arg(silent.serverPort()).toStdString();
    KubeClient client(context, HttpTimeouts{std::chrono::milliseconds(1000), std::chrono::milliseconds(800)});
    QElapsedTimer timer;
    timer.start();
    QVERIFY_THROWS_EXCEPTION(LiveError, client.listNodes());
    QVERIFY2(timer.elapsed() < 3000, std::to_string(timer.elapsed()).c_str());
}

QTEST_GUILESS_MAIN(TestUnreachable)
#include "tst_unreachable.moc"
