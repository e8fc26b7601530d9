// `orrery live …` through the real executable: nodes against a loopback API server serving the
// recorded NodeList, query against a real Prometheus, and the exit codes of bad input (2) and
// unreachable clusters (1, fast).
#include "cli_test_support.h"
#include "fake_http_server.h"
#include "prometheus_process.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace orrery::testing;

namespace {

QString writeKubeconfig(const QTemporaryDir& dir, const QString& server)
{
    const QString path = dir.filePath("config");
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        qFatal("cannot write kubeconfig");
    file.write(QStringLiteral("apiVersion: v1\ncurrent-context: local\n"
                              "clusters:\n- name: c\n  cluster: {server: %1}\n"
                              "users:\n- name: u\n  user: {token: cli-token}\n"
                              "contexts:\n- name: local\n  context: {cluster: c, user: u, namespace: olly}\n")
                   .arg(server)
                   .toUtf8());
    return path;
}

} // namespace

class TestLiveCli : public QObject {
    Q_OBJECT
private slots:
    void nodesAndPods();
    void badKubeconfigExits2();
    void unreachableExits1Fast();
    void queryAgainstRealPrometheus();
};

void TestLiveCli::nodesAndPods()
{
    FakeHttpServer server([](const RecordedRequest& request) {
        const QString file = request.path.endsWith("/nodes") ? "nodelist.json" : "podlist.json";
        return ScriptedResponse{200, "application/json", readFile(ORRERY_FIXTURE_DIR "/live/" + file), {}, false};
    });
    QTemporaryDir dir;
    const QString config = writeKubeconfig(dir, server.url());
    const CliResult nodes = runOrrery({"live", "nodes", "--kubeconfig", config}, dir.path(), 30000);
    QVERIFY2(nodes.exitCode == 0, qPrintable(nodes.err));
    const QStringList lines = nodes.out.split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 3);
    QVERIFY(lines[0].startsWith("NAME"));
    QVERIFY2(lines[1].contains(QRegularExpression("^duckboat-01\\s+Ready\\s+7910m\\s+")), qPrintable(lines[1]));
    QVERIFY(lines[1].contains("m6gd.2xlarge"));
    QCOMPARE(server.requests().at(0).path, QByteArray("/api/v1/nodes"));
    QCOMPARE(server.requests().at(0).headers.value("authorization"), QByteArray("Bearer cli-token"));

    const CliResult pods = runOrrery({"live", "pods", "--kubeconfig", config}, dir.path(), 30000);
    QVERIFY2(pods.exitCode == 0, qPrintable(pods.err));
    QCOMPARE(server.requests().last().path, QByteArray("/api/v1/namespaces/olly/pods")); // the context's namespace
    QVERIFY(pods.out.contains("grafana-7db5dff8ff-vwrnf"));

    const CliResult contexts = runOrrery({"live", "contexts", "--kubeconfig", config}, dir.path(), 30000);
    QCOMPARE(contexts.exitCode, 0);
    QVERIFY(contexts.out.contains(QRegularExpression("\\*\\s+local\\s+c\\s+u\\s+olly\\s+token")));
    QVERIFY(!contexts.out.contains("cli-token")); // never print credentials
}

void TestLiveCli::badKubeconfigExits2()
{
    const CliResult result = runOrrery({"live", "nodes", "--kubeconfig", ORRERY_FIXTURE_DIR "/live/kubeconfig/missing-file.yaml"},
                                       QDir::tempPath(), 30000);
    QCOMPARE(result.exitCode, 2);
    QVERIFY2(result.err.contains("missing-file.yaml: context \"prod\": user \"alice\": client-certificate: file not found"),
             qPrintable(result.err));
    const CliResult context = runOrrery({"live", "nodes", "--kubeconfig", ORRERY_FIXTURE_DIR "/live/kubeconfig/auth-kinds.yaml",
                                         "--context", "nope"},
                                        QDir::tempPath(), 30000);
    QCOMPARE(context.exitCode, 2);
    QVERIFY(context.err.contains("context \"nope\" not found"));
}

void TestLiveCli::unreachableExits1Fast()
{
    QTemporaryDir dir;
    const QString server = QStringLiteral("https://127.0.0.1:%1").arg(freeLoopbackPort());
    const QString config = writeKubeconfig(dir, server);
    QElapsedTimer timer;
    timer.start();
    const CliResult result = runOrrery({"live", "nodes", "--kubeconfig", config}, dir.path(), 30000);
    QCOMPARE(result.exitCode, 1);
    QVERIFY2(timer.elapsed() < 10000, std::to_string(timer.elapsed()).c_str());
    QVERIFY2(result.err.contains("GET " + server + "/api/v1/nodes"), qPrintable(result.err));
}

void TestLiveCli::queryAgainstRealPrometheus()
{
    if (!QFileInfo::exists(kPrometheusBinary))
        QSKIP("prometheus is not installed");
    const auto start = std::chrono::steady_clock::now();
    FakeHttpServer exporter([start](const RecordedRequest&) {
        const double elapsedS = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        return ScriptedResponse{200, "text/plain; version=0.0.4", exporterMetrics(elapsedS), {}, false};
    });
    PrometheusProcess prometheus(exporter.port());
    QVERIFY(prometheus.started());
    const QString url = prometheus.url();
    // Wait until both targets have been scraped (the CLI itself is the probe).
    QTRY_VERIFY_WITH_TIMEOUT(runOrrery({"live", "query", "count(up == 1)", "--prometheus", url}, QDir::tempPath(), 30000)
                                 .out.trimmed() == "{} 2",
                             30000);
    const CliResult instant = runOrrery({"live", "query", "container_memory_usage_bytes", "--prometheus", url}, QDir::tempPath(), 30000);
    QVERIFY2(instant.exitCode == 0, qPrintable(instant.err));
    QVERIFY2(instant.out.contains(QRegularExpression(
                 "^container_memory_usage_bytes\\{container=\"web\",instance=\"127.0.0.1:\\d+\",job=\"exporter\",namespace=\"shop\",pod=\"web-5d8f7c9b4-abcde\"\\} 104857600\n$")),
             qPrintable(instant.out));
    // A range query: wait until the exporter has a few samples in the range.
    const QStringList rangeArgs{"live", "query", "up{job=\"exporter\"}", "--prometheus", url, "--range", "5s", "--step", "1s"};
    QTRY_VERIFY_WITH_TIMEOUT(runOrrery(rangeArgs, QDir::tempPath(), 30000).out.count(QRegularExpression("\n  \\d+\\.\\d{3} 1")) >= 3,
                             30000);
    const CliResult range = runOrrery(rangeArgs, QDir::tempPath(), 30000);
    QCOMPARE(range.exitCode, 0);
    QVERIFY2(range.out.startsWith("up{instance="), qPrintable(range.out));
    const CliResult bad = runOrrery({"live", "query", "sum(up", "--prometheus", url}, QDir::tempPath(), 30000);
    QCOMPARE(bad.exitCode, 1);
    QVERIFY2(bad.err.contains("prometheus " + url + ": query \"sum(up\": bad_data: "), qPrintable(bad.err));
    const CliResult usage = runOrrery({"live", "query", "up"}, QDir::tempPath(), 30000);
    QCOMPARE(usage.exitCode, 2);
}

QTEST_GUILESS_MAIN(TestLiveCli)
#include "tst_live_cli.moc"
