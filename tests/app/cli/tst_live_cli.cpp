// `orrery live …` through the real executable: nodes against a loopback API server serving the
// recorded NodeList, query against a real Prometheus, snapshot of the recorded cluster into a
// scenario that `orrery validate` accepts, and the exit codes of bad input (2) and unreachable
// clusters or malformed answers (1, fast, nothing written).
#include "cli_test_support.h"
#include "fake_http_server.h"
#include "prometheus_process.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
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

//! A list answer of `kind` holding `items`.
QByteArray listOf(const QString& kind, const QJsonArray& items)
{
    return QJsonDocument(QJsonObject{{"kind", kind}, {"apiVersion", "v1"}, {"metadata", QJsonObject{{"resourceVersion", "7"}}},
                                     {"items", items}})
        .toJson(QJsonDocument::Compact);
}

//! The recorded cluster as an API server answers it: NodeList, PodList, the Deployment and the HPA
//! as lists, no ReplicaSets. `nodeList` replaces the NodeList when set.
ScriptedResponse recordedCluster(const RecordedRequest& request, const QByteArray& nodeList = {})
{
    const QString fixtures = QStringLiteral(ORRERY_FIXTURE_DIR "/live/");
    const auto object = [&](const QString& file) { return QJsonDocument::fromJson(readFile(fixtures + file)).object(); };
    QByteArray body;
    if (request.path == "/api/v1/nodes")
        body = nodeList.isEmpty() ? readFile(fixtures + "nodelist.json") : nodeList;
    else if (request.path.endsWith("/pods"))
        body = readFile(fixtures + "podlist.json");
    else if (request.path.endsWith("/deployments"))
        body = listOf("DeploymentList", {object("deployment.json")});
    else if (request.path.endsWith("/replicasets"))
        body = listOf("ReplicaSetList", {});
    else if (request.path.endsWith("/horizontalpodautoscalers"))
        body = listOf("HorizontalPodAutoscalerList", {object("hpa.json")});
    else
        return ScriptedResponse{404, "application/json", R"({"kind":"Status","status":"Failure","message":"not found","code":404})", {}, false};
    return ScriptedResponse{200, "application/json", body, {}, false};
}

QString readText(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

} // namespace

class TestLiveCli : public QObject {
    Q_OBJECT
private slots:
    void nodesAndPods();
    void badKubeconfigExits2();
    void unreachableExits1Fast();
    void queryAgainstRealPrometheus();
    void snapshotWritesAValidScenario();
    void snapshotErrorsWriteNothing();
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

void TestLiveCli::snapshotWritesAValidScenario()
{
    FakeHttpServer server([](const RecordedRequest& request) { return recordedCluster(request); });
    QTemporaryDir dir;
    const QString config = writeKubeconfig(dir, server.url());
    const CliResult result = runOrrery({"live", "snapshot", "--kubeconfig", config, "--out", "cluster.yaml", "--horizon", "30m"},
                                       dir.path(), 30000);
    QVERIFY2(result.exitCode == 0, qPrintable(result.err));
    QVERIFY2(result.out.startsWith("wrote cluster.yaml: 2 nodes in 1 pools, 12 workloads from 11 pods"), qPrintable(result.out));
    qInfo("recorded cluster: %s", qPrintable(result.out.trimmed())); // the snapshot time, for the notes
    // All namespaces by default: cluster-wide lists, each with the token.
    QStringList paths;
    for (const auto& request : server.requests()) {
        paths << QString::fromLatin1(request.path);
        QCOMPARE(request.headers.value("authorization"), QByteArray("Bearer cli-token"));
    }
    QCOMPARE(paths, QStringList({"/api/v1/nodes", "/api/v1/pods", "/apis/apps/v1/deployments", "/apis/apps/v1/replicasets",
                                 "/apis/autoscaling/v1/horizontalpodautoscalers"}));
    const QString yaml = readText(dir.filePath("cluster.yaml"));
    QVERIFY(yaml.contains("  horizon: 30m\n"));
    QVERIFY(yaml.contains("      - name: custom-1\n        count: 2\n        cpu: 7910m   # Node duckboat-01 status.allocatable.cpu\n"));
    QVERIFY(yaml.contains("    - name: olly-grafana\n      kind: BatchJobs\n"));
    const CliResult validate = runOrrery({"validate", "cluster.yaml"}, dir.path(), 30000);
    QVERIFY2(validate.exitCode == 0, qPrintable(validate.out + validate.err));
    QVERIFY2(validate.out.contains("2 nodes, 12 workloads"), qPrintable(validate.out));

    // --namespace lists that namespace only (nodes stay cluster-wide).
    server.clearRequests();
    const CliResult olly = runOrrery({"live", "snapshot", "--kubeconfig", config, "--namespace", "olly", "--out", "olly.yaml"},
                                     dir.path(), 30000);
    QVERIFY2(olly.exitCode == 0, qPrintable(olly.err)); // the server answers every pod; the paths are what matter here
    QCOMPARE(server.requests().at(0).path, QByteArray("/api/v1/nodes"));
    QCOMPARE(server.requests().at(1).path, QByteArray("/api/v1/namespaces/olly/pods"));
    QCOMPARE(server.requests().at(4).path, QByteArray("/apis/autoscaling/v1/namespaces/olly/horizontalpodautoscalers"));
}

void TestLiveCli::snapshotErrorsWriteNothing()
{
    QTemporaryDir dir;
    const QString previous = dir.filePath("cluster.yaml");
    {
        QFile file(previous);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("previous content\n");
    }
    // An HTTP error on one list: exit 1, the URL and status named, the old file untouched.
    FakeHttpServer forbidden([](const RecordedRequest& request) {
        if (request.path.endsWith("/replicasets"))
            return ScriptedResponse{403, "application/json",
                                    R"({"kind":"Status","status":"Failure","message":"replicasets.apps is forbidden: User \"bob\" cannot list","reason":"Forbidden","code":403})",
                                    {}, false};
        return recordedCluster(request);
    });
    QString config = writeKubeconfig(dir, forbidden.url());
    CliResult result = runOrrery({"live", "snapshot", "--kubeconfig", config, "--out", "cluster.yaml"}, dir.path(), 30000);
    QCOMPARE(result.exitCode, 1);
    QVERIFY2(result.err.contains("/apis/apps/v1/replicasets") && result.err.contains("403") &&
                 result.err.contains("replicasets.apps is forbidden"),
             qPrintable(result.err));
    QCOMPARE(readText(previous), QString("previous content\n"));

    // A malformed quantity: the node and field named.
    QByteArray nodes = readFile(ORRERY_FIXTURE_DIR "/live/nodelist.json");
    nodes.replace("\"memory\": \"32144656Ki\"", "\"memory\": \"12Zi\"");
    QVERIFY(nodes.contains("12Zi"));
    FakeHttpServer malformed([nodes](const RecordedRequest& request) { return recordedCluster(request, nodes); });
    config = writeKubeconfig(dir, malformed.url());
    result = runOrrery({"live", "snapshot", "--kubeconfig", config, "--out", "cluster.yaml"}, dir.path(), 30000);
    QCOMPARE(result.exitCode, 1);
    QVERIFY2(result.err.contains("Node duckboat-01: status.capacity.memory:") && result.err.contains("12Zi"), qPrintable(result.err));
    QCOMPARE(readText(previous), QString("previous content\n"));

    // Prometheus unreachable: exit 1 naming it, nothing written.
    FakeHttpServer good([](const RecordedRequest& request) { return recordedCluster(request); });
    config = writeKubeconfig(dir, good.url());
    const QString prometheus = QStringLiteral("http://127.0.0.1:%1").arg(freeLoopbackPort());
    result = runOrrery({"live", "snapshot", "--kubeconfig", config, "--prometheus", prometheus, "--window", "10m", "--out", "new.yaml"},
                       dir.path(), 30000);
    QCOMPARE(result.exitCode, 1);
    QVERIFY2(result.err.contains(prometheus), qPrintable(result.err));
    QVERIFY(!QFileInfo::exists(dir.filePath("new.yaml")));

    // Bad arguments: exit 2.
    QCOMPARE(runOrrery({"live", "snapshot", "--kubeconfig", config}, dir.path(), 30000).exitCode, 2); // no --out
    result = runOrrery({"live", "snapshot", "--kubeconfig", config, "--window", "1h", "--out", "x.yaml"}, dir.path(), 30000);
    QCOMPARE(result.exitCode, 2);
    QVERIFY2(result.err.contains("--window needs --prometheus"), qPrintable(result.err));
    result = runOrrery({"live", "snapshot", "--kubeconfig", config, "--horizon", "1.5s", "--out", "x.yaml"}, dir.path(), 30000);
    QCOMPARE(result.exitCode, 2);
    QVERIFY(!QFileInfo::exists(dir.filePath("x.yaml")));
}

QTEST_GUILESS_MAIN(TestLiveCli)
#include "tst_live_cli.moc"
