// The Kubernetes client against a loopback server answering with real API responses
// (tests/fixtures/live, sources in its README.md: an EKS node and pod list, a GKE Event, real
// binding refusals): lists, pages, watch with bookmarks and a 410, dry-run PATCH, Status errors,
// and the Events orrery schedule writes against a real one; the server checks every request.
#include "fake_http_server.h"

#include "live/kube_client.h"
#include "live/kube_object_parser.h"
#include "live/kube_watcher.h"
#include "live/pod_binding.h"
#include "live/live_error.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace orrery::live;
using orrery::testing::FakeHttpServer;
using orrery::testing::readFile;
using orrery::testing::RecordedRequest;
using orrery::testing::ScriptedResponse;

namespace {

const QString kFixtures = QStringLiteral(ORRERY_FIXTURE_DIR "/live/");

ResolvedContext contextFor(const FakeHttpServer& server, const std::string& token = "s3cr3t-token")
{
    ResolvedContext context;
    context.contextName = "test";
    context.server = server.url().toStdString();
    context.bearerToken = token;
    context.auth = AuthKind::Token;
    return context;
}

//! podlist.json split into pages of `size` items with continue tokens "page-N".
ScriptedResponse pagedPods(const RecordedRequest& request, int size)
{
    const QJsonObject list = QJsonDocument::fromJson(readFile(kFixtures + "podlist.json")).object();
    const QJsonArray items = list["items"].toArray();
    const int page = request.query.value("continue").isEmpty() ? 0 : request.query.value("continue").mid(5).toInt();
    QJsonArray slice;
    for (int i = page * size; i < std::min<int>(items.size(), (page + 1) * size); ++i)
        slice.append(items[i]);
    QJsonObject metadata{{"resourceVersion", "1000"}};
    if ((page + 1) * size < items.size())
        metadata["continue"] = QStringLiteral("page-%1").arg(page + 1);
    QJsonObject answer{{"kind", "PodList"}, {"apiVersion", "v1"}, {"metadata", metadata}, {"items", slice}};
    return {200, "application/json", QJsonDocument(answer).toJson(QJsonDocument::Compact), {}, false};
}

QByteArray watchLine(const char* type, const QJsonObject& object)
{
    return QJsonDocument(QJsonObject{{"type", type}, {"object", object}}).toJson(QJsonDocument::Compact) + "\n";
}

QJsonObject podWithVersion(const QString& version)
{
    QJsonObject pod = QJsonDocument::fromJson(readFile(kFixtures + "podlist.json")).object()["items"].toArray()[0].toObject();
    QJsonObject metadata = pod["metadata"].toObject();
    metadata["resourceVersion"] = version;
    pod["metadata"] = metadata;
    return pod;
}

} // namespace

class TestKubeClient : public QObject {
    Q_OBJECT
private slots:
    void listsNodesWithBearerToken();
    void followsContinueTokens();
    void parsesDeploymentAndHpa();
    void parsesARealEvent();
    void writtenEventsCarryARealEventsFields();
    void statusErrorsCarryMessageAndCode();
    void recordedBindingFailureIsAClearError();
    void dryRunPatchSendsContentTypeAndQuery();
    void watchResumesFromBookmarkAndRelistsAfterGone();
};

void TestKubeClient::listsNodesWithBearerToken()
{
    FakeHttpServer server([](const RecordedRequest&) {
        return ScriptedResponse{200, "application/json", readFile(kFixtures + "nodelist.json"), {}, false};
    });
    KubeClient client(contextFor(server));
    const KubeList<KubeNode> nodes = client.listNodes();
    QCOMPARE(nodes.items.size(), std::size_t(2));
    QCOMPARE(nodes.resourceVersion, std::string("105324751"));
    const KubeNode& node = nodes.items.front();
    QCOMPARE(node.meta.name, std::string("duckboat-01"));
    QCOMPARE(node.capacity.millicores, 8000);
    QCOMPARE(node.allocatable.millicores, 7910);
    QCOMPARE(node.capacity.memoryBytes, std::int64_t(32144656) * 1024);
    QCOMPARE(node.instanceType, std::string("m6gd.2xlarge"));
    QCOMPARE(node.podCapacity, 58);
    QVERIFY(node.ready);

    const auto requests = server.requests();
    QCOMPARE(requests.size(), 1);
    QCOMPARE(requests[0].method, QByteArray("GET"));
    QCOMPARE(requests[0].path, QByteArray("/api/v1/nodes"));
    QCOMPARE(requests[0].query.value("limit"), QByteArray("500"));
    QCOMPARE(requests[0].headers.value("authorization"), QByteArray("Bearer s3cr3t-token"));
    QCOMPARE(requests[0].headers.value("accept"), QByteArray("application/json"));
}

void TestKubeClient::followsContinueTokens()
{
    FakeHttpServer server([](const RecordedRequest& request) { return pagedPods(request, 4); });
    KubeClient client(contextFor(server));
    const KubeList<KubePod> pods = client.listPods("", 4);
    QCOMPARE(pods.items.size(), std::size_t(11));
    QCOMPARE(pods.pages, 3);
    QCOMPARE(pods.items[0].meta.name, std::string("speaker-cpxhz"));
    QCOMPARE(pods.items[0].nodeName, std::string("duckboat-01"));
    QCOMPARE(pods.items[0].containers.at(0).limits.millicores, 100);
    QCOMPARE(pods.items[0].containers.at(0).limits.memoryBytes, 100 * 1024 * 1024);
    QCOMPARE(pods.items[10].meta.name, std::string("nginx-ingress-controller-86cd89648c-dkmjf"));

    const auto requests = server.requests();
    QCOMPARE(requests.size(), 3);
    QCOMPARE(requests[0].path, QByteArray("/api/v1/pods"));
    QVERIFY(!requests[0].query.contains("continue"));
    QCOMPARE(requests[1].query.value("continue"), QByteArray("page-1"));
    QCOMPARE(requests[2].query.value("continue"), QByteArray("page-2"));
    for (const auto& request : requests)
        QCOMPARE(request.query.value("limit"), QByteArray("4"));

    client.listPods("shop", 4);
    QCOMPARE(server.requests().at(3).path, QByteArray("/api/v1/namespaces/shop/pods"));
}

void TestKubeClient::parsesDeploymentAndHpa()
{
    const KubeDeployment deployment = KubeObjectParser::deployment(readFile(kFixtures + "deployment.json").toStdString());
    QCOMPARE(deployment.meta.name, std::string("icx-db"));
    QCOMPARE(deployment.meta.nameSpace, std::string("icx"));
    QCOMPARE(deployment.replicas, 1);
    QCOMPARE(deployment.containers.at(0).limits.millicores, 250);
    QCOMPARE(deployment.containers.at(0).requests.memoryBytes, 256 * 1024 * 1024);
    const KubeHpa hpa = KubeObjectParser::hpa(readFile(kFixtures + "hpa.json").toStdString());
    QCOMPARE(hpa.targetName, std::string("nginx"));
    QCOMPARE(hpa.maxReplicas, 10);
    QCOMPARE(hpa.targetCpuUtilizationPercent.value_or(0), 10);
}

void TestKubeClient::parsesARealEvent()
{
    const KubeEvent event = KubeObjectParser::event(readFile(kFixtures + "event-gke.json").toStdString());
    QCOMPARE(event.involvedKind, std::string("Pod"));
    QCOMPARE(event.involvedNamespace, std::string("default"));
    QCOMPARE(event.involvedName, std::string("hello-1567197780-mn4mv"));
    QCOMPARE(event.type, std::string("Normal"));
    QCOMPARE(event.reason, std::string("Pulled"));
    QCOMPARE(event.component, std::string("kubelet")); // reportingComponent is empty: source.component
    QCOMPARE(event.timestamp, std::string("2019-08-30T20:43:05Z"));
    QCOMPARE(event.count, 1);
}

//! The Scheduled/FailedScheduling Events `orrery schedule` POSTs (live/pod_binding.h) have every
//! field of a real core/v1 Event but those the API server sets itself, and read back the same.
void TestKubeClient::writtenEventsCarryARealEventsFields()
{
    const QJsonObject real = QJsonDocument::fromJson(readFile(kFixtures + "event-gke.json")).object();
    KubePod pod;
    pod.meta.name = "web-0";
    pod.meta.nameSpace = "shop";
    pod.meta.uid = "0f9e8d7c-6b5a-4f3e-8d2c-1b0a9f8e7d6c";
    const std::string written = podEventJson(pod, "Normal", "Scheduled", scheduledMessage(pod, "node-1"), "orrery",
                                             "2026-11-29T08:00:00Z", "17f3a1c2d9e0b8a4");
    const QJsonObject ours = QJsonDocument::fromJson(QByteArray::fromStdString(written)).object();
    // Set by the API server on create (metadata.uid, resourceVersion, creationTimestamp, selfLink),
    // or for the events.k8s.io API only (eventTime, reportingInstance).
    const QStringList serverSet{QStringLiteral("eventTime"), QStringLiteral("reportingInstance")};
    for (const QString& key : real.keys()) {
        if (!serverSet.contains(key))
            QVERIFY2(ours.contains(key), qPrintable(key));
    }
    for (const QString& key : real["involvedObject"].toObject().keys()) {
        if (key != QStringLiteral("fieldPath") && key != QStringLiteral("resourceVersion")) // a container's path; the pod's version when known
            QVERIFY2(ours["involvedObject"].toObject().contains(key), qPrintable(key));
    }
    const KubeEvent event = KubeObjectParser::event(written);
    QCOMPARE(event.reason, std::string("Scheduled"));
    QCOMPARE(event.message, std::string("Successfully assigned shop/web-0 to node-1"));
    QCOMPARE(event.component, std::string("orrery"));
    QCOMPARE(event.involvedName, std::string("web-0"));
}

void TestKubeClient::statusErrorsCarryMessageAndCode()
{
    FakeHttpServer server([](const RecordedRequest&) {
        return ScriptedResponse{403, "application/json",
                                R"({"kind":"Status","apiVersion":"v1","status":"Failure","message":"nodes is forbidden: User \"bob\" cannot list resource \"nodes\"","reason":"Forbidden","code":403})",
                                {}, false};
    });
    KubeClient client(contextFor(server));
    try {
        client.listNodes();
        QFAIL("no error");
    } catch (const LiveError& error) {
        QCOMPARE(error.kind(), LiveError::Kind::Http);
        QCOMPARE(error.httpStatus(), 403L);
        const QString message = QString::fromUtf8(error.what());
        QVERIFY2(message.contains("GET " + server.url() + "/api/v1/nodes?limit=500: 403 Forbidden: nodes is forbidden: User \"bob\""),
                 error.what());
    }
}

//! A real API server's answer to a Binding it cannot validate (tests/fixtures/live/README.md): a
//! 500 without a reason, whose message is the error a scheduler needs to see.
void TestKubeClient::recordedBindingFailureIsAClearError()
{
    FakeHttpServer server([](const RecordedRequest&) {
        return ScriptedResponse{500, "application/json", readFile(kFixtures + "binding-target-kind-unsupported.json"), {}, false};
    });
    KubeClient client(contextFor(server));
    KubePod pod;
    pod.meta.name = "web-0";
    pod.meta.nameSpace = "shop";
    try {
        client.post(bindingPath(pod), bindingJson(pod, "node-1"));
        QFAIL("no error");
    } catch (const LiveError& error) {
        QCOMPARE(error.kind(), LiveError::Kind::Http);
        QCOMPARE(error.httpStatus(), 500L);
        const QString message = QString::fromUtf8(error.what());
        QVERIFY2(message.contains("POST " + server.url() + "/api/v1/namespaces/shop/pods/web-0/binding?fieldManager=orrery: 500 Internal Server Error: ") &&
                     message.contains("[target.kind: Unsupported value: \"foo\": supported values: \"Node\", \"<empty>\", target.name: Required value]"),
                 error.what());
    }
}

void TestKubeClient::dryRunPatchSendsContentTypeAndQuery()
{
    FakeHttpServer server([](const RecordedRequest&) {
        return ScriptedResponse{200, "application/json", readFile(kFixtures + "deployment.json"), {}, false};
    });
    KubeClient client(contextFor(server));
    const std::string path = KubeClient::collectionPath("apps/v1", "deployments", "icx") + "/icx-db";
    const std::string answer = client.patch(path, R"({"spec":{"replicas":3}})", PatchType::Merge, true);
    QVERIFY(answer.find("icx-db") != std::string::npos);
    client.patch(path, R"({"spec":{}})", PatchType::Strategic, false);

    const auto requests = server.requests();
    QCOMPARE(requests.size(), 2);
    QCOMPARE(requests[0].method, QByteArray("PATCH"));
    QCOMPARE(requests[0].path, QByteArray("/apis/apps/v1/namespaces/icx/deployments/icx-db"));
    QCOMPARE(requests[0].query.value("dryRun"), QByteArray("All"));
    QCOMPARE(requests[0].query.value("fieldManager"), QByteArray("orrery"));
    QCOMPARE(requests[0].headers.value("content-type"), QByteArray("application/merge-patch+json"));
    QCOMPARE(requests[0].body, QByteArray(R"({"spec":{"replicas":3}})"));
    QVERIFY(!requests[1].query.contains("dryRun"));
    QCOMPARE(requests[1].headers.value("content-type"), QByteArray("application/strategic-merge-patch+json"));
}

void TestKubeClient::watchResumesFromBookmarkAndRelistsAfterGone()
{
    // list (rv 1000) → watch: ADDED, MODIFIED, BOOKMARK(1500), stream closes → watch from 1500:
    // ERROR 410 → relist → watch again; the test stops the watcher on that third watch.
    std::atomic<bool> stop{false};
    std::atomic<int> watches{0};
    FakeHttpServer server([&](const RecordedRequest& request) {
        if (request.query.value("watch") != "1")
            return pagedPods(request, 500);
        const int n = ++watches;
        ScriptedResponse response;
        if (n == 1) {
            QJsonObject bookmark{{"kind", "Pod"}, {"apiVersion", "v1"}, {"metadata", QJsonObject{{"resourceVersion", "1500"}}}};
            response.chunks = {watchLine("ADDED", podWithVersion("1100")), watchLine("MODIFIED", podWithVersion("1200")),
                               watchLine("BOOKMARK", bookmark)};
        } else if (n == 2) {
            QJsonObject gone{{"kind", "Status"}, {"apiVersion", "v1"}, {"status", "Failure"},
                             {"message", "too old resource version: 1500 (2000)"}, {"reason", "Expired"}, {"code", 410}};
            response.chunks = {watchLine("ERROR", gone)};
        } else {
            stop = true;
            response.chunks = {QByteArray()};
        }
        return response;
    });
    KubeClient client(contextFor(server));
    KubeWatcher watcher(client, KubeClient::collectionPath("", "pods", "default"),
                        KubeWatcher::Options{std::chrono::milliseconds(10), std::chrono::milliseconds(100), 500, 60});
    std::vector<WatchEvent::Type> events;
    int lists = 0;
    KubeWatcher::Handler handler;
    handler.onList = [&](const std::vector<std::string>& items, const std::string& version) {
        ++lists;
        QCOMPARE(items.size(), std::size_t(11));
        QCOMPARE(version, std::string("1000"));
    };
    handler.onEvent = [&](const WatchEvent& event) { events.push_back(event.type); };
    watcher.run(handler, stop);

    QCOMPARE(lists, 2);
    QCOMPARE(events.size(), std::size_t(3));
    QCOMPARE(events[0], WatchEvent::Type::Added);
    QCOMPARE(events[1], WatchEvent::Type::Modified);
    QCOMPARE(events[2], WatchEvent::Type::Bookmark);
    const auto requests = server.requests();
    QCOMPARE(requests.size(), 5); // list, watch, watch, list, watch
    QCOMPARE(requests[1].query.value("resourceVersion"), QByteArray("1000"));
    QCOMPARE(requests[1].query.value("allowWatchBookmarks"), QByteArray("true"));
    QCOMPARE(requests[1].path, QByteArray("/api/v1/namespaces/default/pods"));
    QCOMPARE(requests[2].query.value("resourceVersion"), QByteArray("1500")); // resumed from the bookmark
    QVERIFY(!requests[3].query.contains("watch"));                             // the relist after 410
    QCOMPARE(requests[4].query.value("resourceVersion"), QByteArray("1000"));
    for (const auto& request : requests)
        QCOMPARE(request.headers.value("authorization"), QByteArray("Bearer s3cr3t-token"));
}

QTEST_GUILESS_MAIN(TestKubeClient)
#include "tst_kube_client.moc"
