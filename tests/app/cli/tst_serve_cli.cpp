// `orrery serve` end to end: the served Social Network through Orrery's own live client (list,
// watch, PATCH with dry run), a real Prometheus scraping its /metrics, `orrery live snapshot`
// of it accepted by `orrery validate`, and the real kubectl's `top` on its Metrics API.
#include "cli_test_support.h"
#include "prometheus_process.h"

#include "live/kube_client.h"
#include "live/kube_object_parser.h"
#include "live/kube_watcher.h"
#include "live/live_error.h"
#include "live/prometheus_client.h"

#include <QProcess>
#include <QStandardPaths>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <mutex>
#include <thread>

using namespace orrery;

namespace {

constexpr const char* kNs = "social-network";

//! The kubectl the tests run: ORRERY_KUBECTL, else the one on PATH (empty: none).
QString kubectlPath()
{
    const QString chosen = qEnvironmentVariable("ORRERY_KUBECTL");
    return chosen.isEmpty() ? QStandardPaths::findExecutable(QStringLiteral("kubectl")) : chosen;
}

//! `kubectl --kubeconfig K ARGS…`: its output, trimmed, or "failed: " and its errors.
QString runKubectl(const QString& kubectl, const QString& kubeconfig, const QStringList& args)
{
    QProcess process;
    process.start(kubectl, QStringList{QStringLiteral("--kubeconfig"), kubeconfig} + args);
    if (!process.waitForFinished(30000) || process.exitCode() != 0)
        return QStringLiteral("failed: ") + QString::fromUtf8(process.readAllStandardError());
    return QString::fromUtf8(process.readAllStandardOutput()).trimmed();
}

//! The client's minor version (`kubectl version --client -o json`), 0 when it names none.
int kubectlMinorVersion(const QString& kubectl)
{
    QProcess process;
    process.start(kubectl, {QStringLiteral("version"), QStringLiteral("--client"), QStringLiteral("-o"), QStringLiteral("json")});
    process.waitForFinished(30000);
    const auto minor = QRegularExpression(QStringLiteral("\"minor\":\\s*\"(\\d+)")).match(QString::fromUtf8(process.readAllStandardOutput()));
    return minor.hasMatch() ? minor.captured(1).toInt() : 0;
}

live::ResolvedContext servedContext(const std::string& server)
{
    live::ResolvedContext context;
    context.contextName = "orrery-serve";
    context.server = server;
    return context;
}

double firstValue(const live::PromResult& result)
{
    return result.series.empty() || result.series.front().samples.empty() ? -1.0 : result.series.front().samples.front().value;
}

} // namespace

class TestServeCli : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void listsThroughKubeClient();
    void dryRunChangesNothing();
    void watcherSeesThePatch();
    void prometheusScrapesTheServedMetrics();
    void snapshotOfTheServedClusterValidates();
    void badScenarioIsAFileLineError();
    void kubectlTopReadsTheMetricsApi();
    void kubectlCreatesAndDeletesAPendingPod();
    void kubectlUnknownFieldsAreRefusedOrWarned();

private:
    QTemporaryDir m_dir;
    QProcess m_serve;
    std::string m_url;
    quint16 m_port = 0;
    QString m_kubeconfig;
};

void TestServeCli::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_kubeconfig = m_dir.filePath("kubeconfig.yaml");
    m_serve.setProcessEnvironment(testing::headlessEnvironment());
    m_serve.setWorkingDirectory(ORRERY_SOURCE_DIR);
    m_serve.start(ORRERY_EXECUTABLE, {"serve", "resources/scenarios/socialnetwork-steady.yaml", "--port", "0", "--speed", "10",
                                      "--kubeconfig-out", m_kubeconfig, "--duration", "10m"});
    QVERIFY(m_serve.waitForStarted(10000));
    QString line;
    QTRY_VERIFY_WITH_TIMEOUT((line += QString::fromUtf8(m_serve.readAllStandardOutput())).contains('\n'), 30000);
    const auto match = QRegularExpression(R"(serving \S+ as namespace social-network at (http://127\.0\.0\.1:(\d+)) \(speed 10×\))").match(line);
    QVERIFY2(match.hasMatch(), qPrintable(line));
    m_url = match.captured(1).toStdString();
    m_port = static_cast<quint16>(match.captured(2).toUInt());
    QVERIFY(QFile::exists(m_kubeconfig));
}

void TestServeCli::cleanupTestCase()
{
    if (m_serve.state() == QProcess::NotRunning)
        return;
    m_serve.terminate(); // SIGTERM: a clean stop, exit 0
    QVERIFY(m_serve.waitForFinished(10000));
    QCOMPARE(m_serve.exitStatus(), QProcess::NormalExit);
    QCOMPARE(m_serve.exitCode(), 0);
    QVERIFY(QString::fromUtf8(m_serve.readAllStandardError()).contains("orrery serve: stopped after"));
}

void TestServeCli::listsThroughKubeClient()
{
    live::KubeClient client(servedContext(m_url));
    const auto nodes = client.listNodes(3);
    QCOMPARE(nodes.items.size(), std::size_t(4));
    QCOMPARE(nodes.pages, 2); // limit/continue honoured
    QCOMPARE(nodes.items[0].capacity.millicores, std::int64_t(16000));
    const auto deployments = client.listDeployments(kNs, 5);
    QVERIFY(deployments.items.size() > 10);
    const auto pods = client.listPods(kNs, 7);
    QVERIFY(pods.items.size() >= deployments.items.size());
    for (const auto& pod : pods.items) {
        QCOMPARE(pod.ownerKind, std::string("ReplicaSet"));
        QVERIFY(!pod.nodeName.empty());
        QCOMPARE(pod.containers.size(), std::size_t(1));
    }
    QCOMPARE(client.listReplicaSets(kNs).items.size(), deployments.items.size());
    QVERIFY(client.listHpas(kNs).items.empty());
    QCOMPARE(client.getDeployment(kNs, "nginx-web-server").replicas, 2);
}

void TestServeCli::dryRunChangesNothing()
{
    live::KubeClient client(servedContext(m_url));
    const std::string path = "/apis/apps/v1/namespaces/social-network/deployments/compose-post-service";
    const std::string answer = client.patch(path, R"({"spec":{"replicas":5}})", live::PatchType::Merge, true);
    QCOMPARE(live::KubeObjectParser::deployment(answer).replicas, 5);
    QCOMPARE(client.getDeployment(kNs, "compose-post-service").replicas, 1);
    // An invalid patch is a 422 with the Status message.
    try {
        client.patch(path, R"({"spec":{"replicas":-2}})", live::PatchType::Merge, false);
        QFAIL("a negative replica count was accepted");
    } catch (const live::LiveError& error) {
        QVERIFY2(QString(error.what()).contains("422 Unprocessable Entity") &&
                     QString(error.what()).contains("must be greater than or equal to 0"),
                 error.what());
    }
}

void TestServeCli::watcherSeesThePatch()
{
    live::KubeClient watchClient(servedContext(m_url));
    live::KubeWatcher watcher(watchClient, live::KubeClient::collectionPath("apps/v1", "deployments", kNs));
    std::atomic<bool> stop{false};
    std::atomic<bool> listed{false};
    std::atomic<bool> sawPatch{false};
    std::atomic<int> bookmarksOrEvents{0};
    live::KubeWatcher::Handler handler;
    handler.onList = [&](const std::vector<std::string>&, const std::string&) { listed = true; };
    handler.onEvent = [&](const live::WatchEvent& event) {
        ++bookmarksOrEvents;
        if (event.type == live::WatchEvent::Type::Modified && event.name == "user-service" &&
            live::KubeObjectParser::deployment(event.objectJson).replicas == 3)
            sawPatch = true;
    };
    std::thread thread([&] { watcher.run(handler, stop); });
    QTRY_VERIFY_WITH_TIMEOUT(listed.load(), 10000);
    live::KubeClient client(servedContext(m_url));
    const std::string path = "/apis/apps/v1/namespaces/social-network/deployments/user-service";
    client.patch(path, R"({"spec":{"replicas":3}})", live::PatchType::Merge, true);
    client.patch(path, R"({"spec":{"replicas":3}})", live::PatchType::Merge, false);
    QTRY_VERIFY_WITH_TIMEOUT(sawPatch.load(), 10000);
    // Pods follow after the actuation latency (a few simulated seconds, well under 1 s at 10×).
    QTRY_VERIFY_WITH_TIMEOUT(client.getDeployment(kNs, "user-service").readyReplicas == 3, 10000);
    stop = true;
    thread.join();
    QCOMPARE(watcher.lists(), 1);
}

void TestServeCli::prometheusScrapesTheServedMetrics()
{
    testing::PrometheusProcess prometheus(m_port);
    QVERIFY2(prometheus.started(), qPrintable(prometheus.output()));
    live::PrometheusClient client(prometheus.url().toStdString());
    QTRY_VERIFY_WITH_TIMEOUT(client.ready(), 30000);
    // rate() over wall-clock scrapes reads in simulated units: ~500 requests per simulated second
    // (50 + 300 + 150/s in the scenario), although the simulation runs 10× faster.
    const std::string total = "sum(rate(orrery_requests_arrived_total{namespace=\"social-network\"}[5s]))";
    // Wait for a full window of scrapes (rate() over the first two extrapolates from little).
    QTRY_VERIFY_WITH_TIMEOUT(firstValue(client.query("count_over_time(orrery_sim_time_seconds[5s])")) >= 4, 30000);
    double arrivals = 0;
    QTRY_VERIFY2_WITH_TIMEOUT((arrivals = firstValue(client.query(total))) > 350 && arrivals < 650,
                              qPrintable("arrivals per simulated second: " + QString::number(arrivals)), 15000);
    QVERIFY(firstValue(client.query("rate(orrery_service_requests_total{namespace=\"social-network\",service=\"nginx-web-server\"}[5s])")) > 0);
    const double p99 = firstValue(client.query(
        "histogram_quantile(0.99, sum by (le) (rate(orrery_request_duration_seconds_bucket{namespace=\"social-network\"}[5s])))"));
    QVERIFY2(p99 > 0 && p99 < 1, qPrintable(QString::number(p99)));
    // The replicas series reflect the PATCH of watcherSeesThePatch; CPU use as telemetry_queries.cpp asks for it.
    QTRY_COMPARE_WITH_TIMEOUT(firstValue(client.query("kube_deployment_spec_replicas{namespace=\"social-network\",deployment=\"user-service\"}")),
                              3.0, 10000);
    QTRY_COMPARE_WITH_TIMEOUT(
        firstValue(client.query("kube_deployment_status_replicas_ready{namespace=\"social-network\",deployment=\"user-service\"}")), 3.0, 10000);
    const double cpu = firstValue(client.query(
        "avg(sum by (pod) (rate(container_cpu_usage_seconds_total{namespace=\"social-network\",pod=~\"nginx-web-server-[a-z0-9]+-[a-z0-9]+\","
        "container!=\"\",container!=\"POD\"}[5s])))"));
    QVERIFY2(cpu > 0 && cpu < 2, qPrintable(QString::number(cpu)));
}

void TestServeCli::snapshotOfTheServedClusterValidates()
{
    const QString out = m_dir.filePath("snapshot.yaml");
    const auto snapshot = testing::runOrrery({"live", "snapshot", "--kubeconfig", m_kubeconfig, "--namespace", kNs, "--out", out},
                                             m_dir.path(), 60000);
    QVERIFY2(snapshot.exitCode == 0, qPrintable(snapshot.err));
    const auto validate = testing::runOrrery({"validate", out}, m_dir.path(), 60000);
    QVERIFY2(validate.exitCode == 0, qPrintable(validate.err + validate.out));
}

void TestServeCli::badScenarioIsAFileLineError()
{
    const QString bad = m_dir.filePath("bad.yaml");
    QFile file(bad);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("apiVersion: orrery.dev/v1\nkind: Scenario\nmetadata: {name: bad}\nspec:\n  horizon: forever\n");
    file.close();
    const auto result = testing::runOrrery({"serve", bad, "--duration", "1s"}, m_dir.path(), 30000);
    QCOMPARE(result.exitCode, 2);
    QVERIFY2(result.err.contains("bad.yaml:"), qPrintable(result.err));
    QCOMPARE(testing::runOrrery({"serve", bad, "--speed", "fast"}, m_dir.path(), 30000).exitCode, 2);
}

//! The real kubectl (ORRERY_KUBECTL, else the one on PATH: orrery.sh installs Debian's
//! kubernetes-client 1.20 where none is; kubectl 1.32.4 was run too) prints `top` for the
//! served nodes and pods from metrics.k8s.io/v1beta1.
void TestServeCli::kubectlTopReadsTheMetricsApi()
{
    const QString kubectl = kubectlPath();
    if (kubectl.isEmpty())
        QSKIP("no kubectl on PATH (./orrery.sh installs Debian's kubernetes-client)");
    QTest::qWait(1500); // a control period or more at speed 10: every pod has a usage
    const auto top = [&](const QStringList& args) { return runKubectl(kubectl, m_kubeconfig, QStringList{QStringLiteral("top")} + args); };
    const QString nodes = top({QStringLiteral("nodes")});
    QVERIFY2(nodes.contains(QRegularExpression(QStringLiteral("^NAME\\s+CPU\\(cores\\)\\s+CPU%\\s+MEMORY\\(bytes\\)"))), qPrintable(nodes));
    for (const char* node : {"node-0", "node-1", "node-2", "node-3"})
        QVERIFY2(nodes.contains(QRegularExpression(QStringLiteral("\\n%1\\s+\\d+m\\s+\\d+%").arg(QLatin1String(node)))), qPrintable(nodes));
    const QString pods = top({QStringLiteral("pods"), QStringLiteral("-n"), QString::fromLatin1(kNs)});
    QVERIFY2(pods.contains(QRegularExpression(QStringLiteral("\\nnginx-web-server-\\S+\\s+[1-9]\\d*m\\s+\\d+Mi"))), qPrintable(pods));
}

//! `kubectl create -f` of a pod for a second scheduler, then `get` and `delete`. kubectl 1.27 and
//! later validate on the server (the served /openapi/v3 says they may); older ones would download
//! OpenAPI v2 schemas, which the served cluster does not have, so they run with --validate=false.
void TestServeCli::kubectlCreatesAndDeletesAPendingPod()
{
    const QString kubectl = kubectlPath();
    if (kubectl.isEmpty())
        QSKIP("no kubectl on PATH (./orrery.sh installs Debian's kubernetes-client)");
    const auto run = [&](const QStringList& args) { return runKubectl(kubectl, m_kubeconfig, args); };
    const int minor = kubectlMinorVersion(kubectl);
    QVERIFY2(minor > 0, "kubectl version --client names no minor version");
    const QString file = m_dir.filePath(QStringLiteral("pod.yaml"));
    QFile pod(file);
    QVERIFY(pod.open(QIODevice::WriteOnly));
    pod.write("apiVersion: v1\nkind: Pod\nmetadata: {name: hello}\nspec:\n  schedulerName: orrery\n"
              "  containers: [{name: main, image: busybox, resources: {requests: {cpu: 100m, memory: 64Mi}}}]\n");
    pod.close();
    QStringList create{QStringLiteral("create"), QStringLiteral("-f"), file};
    if (minor < 27)
        create << QStringLiteral("--validate=false");
    QCOMPARE(run(create), QStringLiteral("pod/hello created"));
    QCOMPARE(run({QStringLiteral("get"), QStringLiteral("pod"), QStringLiteral("hello"), QStringLiteral("-o"),
                  QStringLiteral("jsonpath={.status.phase} {.spec.schedulerName}")}),
             QStringLiteral("Pending orrery"));
    QCOMPARE(run({QStringLiteral("delete"), QStringLiteral("pod"), QStringLiteral("hello")}), QStringLiteral("pod \"hello\" deleted"));
}

//! kubectl 1.27 and later ask the server to validate (`fieldValidation=Strict` by default,
//! `Warn` with --validate=warn): a misspelt field is refused with the API server's strict decoding
//! error, or accepted with kubectl's "Warning: unknown field" line and dropped.
void TestServeCli::kubectlUnknownFieldsAreRefusedOrWarned()
{
    const QString kubectl = kubectlPath();
    if (kubectl.isEmpty())
        QSKIP("no kubectl on PATH (./orrery.sh installs Debian's kubernetes-client)");
    const int minor = kubectlMinorVersion(kubectl);
    QVERIFY2(minor > 0, "kubectl version --client names no minor version");
    if (minor < 27)
        QSKIP("kubectl before 1.27 validates on the client against OpenAPI v2 schemas");
    const QString file = m_dir.filePath(QStringLiteral("typo.yaml"));
    QFile pod(file);
    QVERIFY(pod.open(QIODevice::WriteOnly));
    pod.write("apiVersion: v1\nkind: Pod\nmetadata: {name: typo}\nspec:\n  schedulerName: orrery\n"
              "  containers: [{name: main, image: busybox, imagePullPolicyy: Always}]\n");
    pod.close();
    const auto kubectlRun = [&](const QStringList& args) {
        QProcess process;
        process.start(kubectl, QStringList{QStringLiteral("--kubeconfig"), m_kubeconfig} + args);
        process.waitForFinished(30000);
        return std::make_pair(process.exitCode(), QString::fromUtf8(process.readAllStandardOutput() + process.readAllStandardError()));
    };
    const auto [strictCode, strictOut] = kubectlRun({QStringLiteral("create"), QStringLiteral("-f"), file});
    QVERIFY2(strictCode != 0, qPrintable(strictOut));
    QVERIFY2(strictOut.contains(QStringLiteral("Error from server (BadRequest)")) &&
                 strictOut.contains(QStringLiteral("Pod in version \"v1\" cannot be handled as a Pod: strict decoding error: "
                                                   "unknown field \"spec.containers[0].imagePullPolicyy\"")),
             qPrintable(strictOut));
    const auto [warnCode, warnOut] = kubectlRun({QStringLiteral("create"), QStringLiteral("-f"), file, QStringLiteral("--validate=warn")});
    QVERIFY2(warnCode == 0, qPrintable(warnOut));
    QVERIFY2(warnOut.contains(QStringLiteral("Warning: unknown field \"spec.containers[0].imagePullPolicyy\"")), qPrintable(warnOut));
    QVERIFY2(warnOut.contains(QStringLiteral("pod/typo created")), qPrintable(warnOut));
    QCOMPARE(runKubectl(kubectl, m_kubeconfig, {QStringLiteral("delete"), QStringLiteral("pod"), QStringLiteral("typo")}),
             QStringLiteral("pod \"typo\" deleted"));
}

QTEST_GUILESS_MAIN(TestServeCli)
#include "tst_serve_cli.moc"
