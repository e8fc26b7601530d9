#include "serve/serve_api.h"
#include "serve/served_cluster.h"
#include "serve_test_support.h"

#include <nlohmann/json.hpp>

#include <QTest>

#include <set>
#include <sstream>

using namespace orrery;
using nlohmann::json;
using serve::ServeApi;
using serve::ServedCluster;
using serve::ServeRequest;

namespace {

ServeRequest get(std::string path, std::map<std::string, std::string> query = {})
{
    return {"GET", std::move(path), std::move(query), {}, {}, {}};
}

std::vector<json> lines(const std::string& text) { return testing::watchLines(text); }

std::unique_ptr<ServedCluster> cluster(std::size_t eventLogCapacity = 4096)
{
    serve::ServeOptions options;
    options.eventLogCapacity = eventLogCapacity;
    return std::make_unique<ServedCluster>(testing::socialNetworkScenario(), options);
}

} // namespace

class TestServeApi : public QObject {
    Q_OBJECT
private slots:
    void listPagesWithContinue();
    void listSelectsByLabel();
    void getAndNotFound();
    void watchFromAResourceVersionSendsExactlyTheLaterEvents();
    void watchWithoutVersionStartsWithTheObjects();
    void tooOldResourceVersionIsGone();
    void patchThroughTheScaleSubresource();
    void discoveryAndMetrics();
};

void TestServeApi::listPagesWithContinue()
{
    auto served = cluster();
    ServeApi api(*served);
    std::set<std::string> names;
    std::string token;
    int pages = 0;
    std::string version;
    do {
        std::map<std::string, std::string> query{{"limit", "5"}};
        if (!token.empty())
            query["continue"] = token;
        const serve::ServeResponse response = api.handle(get("/api/v1/namespaces/social-network/pods", query));
        QCOMPARE(response.code, 200);
        const json page = json::parse(response.body);
        QCOMPARE(page["kind"].get<std::string>(), std::string("PodList"));
        QVERIFY(page["items"].size() <= 5);
        for (const json& item : page["items"])
            QVERIFY(names.insert(item["metadata"]["name"].get<std::string>()).second);
        token = page["metadata"].value("continue", "");
        if (version.empty())
            version = page["metadata"]["resourceVersion"].get<std::string>();
        QCOMPARE(page["metadata"]["resourceVersion"].get<std::string>(), version);
        ++pages;
    } while (!token.empty() && pages < 100);
    QCOMPARE(names.size(), served->objects().count(serve::ResourceKind::Pod));
    QCOMPARE(pages, static_cast<int>((names.size() + 4) / 5));
    // Every namespace (the served one is the only one) and another namespace's empty list.
    QCOMPARE(json::parse(api.handle(get("/api/v1/pods")).body)["items"].size(), names.size());
    QCOMPARE(json::parse(api.handle(get("/api/v1/namespaces/default/pods")).body)["items"].size(), std::size_t(0));
    QCOMPARE(api.handle(get("/api/v1/pods", {{"continue", "garbage"}})).code, 400);
}

void TestServeApi::listSelectsByLabel()
{
    auto served = cluster();
    ServeApi api(*served);
    const json list = json::parse(api.handle(get("/api/v1/namespaces/social-network/pods", {{"labelSelector", "app=nginx-web-server"}})).body);
    QCOMPARE(list["items"].size(), std::size_t(2));
    const json none = json::parse(api.handle(get("/apis/apps/v1/deployments", {{"labelSelector", "app=nothing"}})).body);
    QCOMPARE(none["items"].size(), std::size_t(0));
    QCOMPARE(api.handle(get("/api/v1/pods", {{"labelSelector", "app in (a,b)"}})).code, 400);
}

void TestServeApi::getAndNotFound()
{
    auto served = cluster();
    ServeApi api(*served);
    const serve::ServeResponse found = api.handle(get("/apis/apps/v1/namespaces/social-network/deployments/user-service"));
    QCOMPARE(found.code, 200);
    QCOMPARE(json::parse(found.body)["metadata"]["name"].get<std::string>(), std::string("user-service"));
    const serve::ServeResponse missing = api.handle(get("/apis/apps/v1/namespaces/social-network/deployments/nope"));
    QCOMPARE(missing.code, 404);
    const json status = json::parse(missing.body);
    QCOMPARE(status["kind"].get<std::string>(), std::string("Status"));
    QCOMPARE(status["reason"].get<std::string>(), std::string("NotFound"));
    QCOMPARE(status["message"].get<std::string>(), std::string("deployments.apps \"nope\" not found"));
    QCOMPARE(api.handle(get("/api/v1/nodes/node-3")).code, 200);
    QCOMPARE(api.handle(get("/api/v1/nodes/node-4")).code, 404);
    QCOMPARE(api.handle(get("/api/v1/secrets")).code, 404);
    QCOMPARE(api.handle({"DELETE", "/api/v1/nodes/node-3", {}, {}, {}, {}}).code, 405);
}

void TestServeApi::watchFromAResourceVersionSendsExactlyTheLaterEvents()
{
    auto served = cluster();
    ServeApi api(*served);
    served->advance();
    const std::uint64_t from = served->objects().resourceVersion();
    const serve::ServeResponse start = api.handle(get("/apis/apps/v1/namespaces/social-network/deployments",
                                                      {{"watch", "1"}, {"resourceVersion", std::to_string(from)},
                                                       {"allowWatchBookmarks", "true"}}));
    QCOMPARE(start.code, 200);
    QVERIFY(start.watch);
    QVERIFY(start.body.empty());
    serve::WatchCursor cursor = *start.watch;
    ServeRequest patch{"PATCH", "/apis/apps/v1/namespaces/social-network/deployments/nginx-web-server", {}, "application/merge-patch+json",
                       R"({"spec":{"replicas":3}})", {}};
    QCOMPARE(api.handle(patch).code, 200);
    bool gone = false;
    const std::vector<json> events = lines(api.poll(cursor, gone));
    QVERIFY(!gone);
    QCOMPARE(events.size(), std::size_t(1));
    QCOMPARE(events[0]["type"].get<std::string>(), std::string("MODIFIED"));
    QCOMPARE(events[0]["object"]["metadata"]["name"].get<std::string>(), std::string("nginx-web-server"));
    QCOMPARE(events[0]["object"]["spec"]["replicas"].get<int>(), 3);
    QVERIFY(std::stoull(events[0]["object"]["metadata"]["resourceVersion"].get<std::string>()) > from);
    QVERIFY(lines(api.poll(cursor, gone)).empty()); // nothing twice
    // After a period the status changes arrive in order, each newer than the last.
    for (int i = 0; i < 5; ++i)
        served->advance();
    std::uint64_t last = 0;
    for (const json& event : lines(api.poll(cursor, gone))) {
        const std::uint64_t version = std::stoull(event["object"]["metadata"]["resourceVersion"].get<std::string>());
        QVERIFY(version > last);
        last = version;
    }
    QVERIFY(last > 0);
    const json bookmark = json::parse(ServeApi::bookmark(cursor));
    QCOMPARE(bookmark["type"].get<std::string>(), std::string("BOOKMARK"));
    QCOMPARE(bookmark["object"]["metadata"]["resourceVersion"].get<std::string>(), std::to_string(served->objects().resourceVersion()));
}

void TestServeApi::watchWithoutVersionStartsWithTheObjects()
{
    auto served = cluster();
    ServeApi api(*served);
    const serve::ServeResponse start = api.handle(get("/api/v1/nodes", {{"watch", "true"}}));
    QVERIFY(start.watch);
    const std::vector<json> events = lines(start.body);
    QCOMPARE(events.size(), std::size_t(4));
    for (const json& event : events)
        QCOMPARE(event["type"].get<std::string>(), std::string("ADDED"));
}

void TestServeApi::tooOldResourceVersionIsGone()
{
    auto served = cluster(8);
    ServeApi api(*served);
    for (int i = 0; i < 3; ++i)
        served->advance();
    const serve::ServeResponse start = api.handle(get("/api/v1/namespaces/social-network/pods", {{"watch", "1"}, {"resourceVersion", "1"}}));
    QCOMPARE(start.code, 200); // as the API server does: the stream opens, then one ERROR event
    QVERIFY(start.watch);
    QVERIFY(start.endStream);
    const std::vector<json> events = lines(start.body);
    QCOMPARE(events.size(), std::size_t(1));
    QCOMPARE(events[0]["type"].get<std::string>(), std::string("ERROR"));
    QCOMPARE(events[0]["object"]["kind"].get<std::string>(), std::string("Status"));
    QCOMPARE(events[0]["object"]["code"].get<int>(), 410);
    QCOMPARE(events[0]["object"]["reason"].get<std::string>(), std::string("Expired"));
    QVERIFY(QString::fromStdString(events[0]["object"]["message"].get<std::string>()).startsWith("too old resource version: 1 ("));
    // The current version is still watchable.
    const serve::ServeResponse fresh = api.handle(get("/api/v1/namespaces/social-network/pods",
                                                      {{"watch", "1"}, {"resourceVersion", std::to_string(served->objects().resourceVersion())}}));
    QVERIFY(!fresh.endStream);
}

void TestServeApi::patchThroughTheScaleSubresource()
{
    auto served = cluster();
    ServeApi api(*served);
    ServeRequest patch{"PATCH", "/apis/apps/v1/namespaces/social-network/deployments/user-service/scale", {{"dryRun", "All"}},
                       "application/merge-patch+json", R"({"spec":{"replicas":3}})", {}};
    serve::ServeResponse answer = api.handle(patch);
    QCOMPARE(answer.code, 200);
    QCOMPARE(json::parse(answer.body)["kind"].get<std::string>(), std::string("Scale"));
    QCOMPARE(json::parse(answer.body)["spec"]["replicas"].get<int>(), 3);
    QCOMPARE(served->queuedActions(), std::size_t(0));
    patch.query.clear();
    answer = api.handle(patch);
    QCOMPARE(answer.code, 200);
    QCOMPARE(served->queuedActions(), std::size_t(1));
    QCOMPARE(json::parse(api.handle(get("/apis/apps/v1/namespaces/social-network/deployments/user-service")).body)["spec"]["replicas"].get<int>(), 3);
}

void TestServeApi::discoveryAndMetrics()
{
    auto served = cluster();
    ServeApi api(*served);
    QCOMPARE(json::parse(api.handle(get("/api")).body)["versions"][0].get<std::string>(), std::string("v1"));
    QCOMPARE(json::parse(api.handle(get("/apis/apps/v1")).body)["resources"][0]["name"].get<std::string>(), std::string("deployments"));
    QCOMPARE(json::parse(api.handle(get("/api/v1/namespaces")).body)["items"][0]["metadata"]["name"].get<std::string>(),
             std::string("social-network"));
    const serve::ServeResponse metrics = api.handle(get("/metrics"));
    QCOMPARE(metrics.code, 200);
    QVERIFY(QString::fromStdString(metrics.contentType).startsWith("text/plain; version=0.0.4"));
    QVERIFY(metrics.body.find("# TYPE orrery_service_request_duration_seconds histogram") != std::string::npos);
    QCOMPARE(json::parse(api.handle(get("/apis/autoscaling/v1/namespaces/social-network/horizontalpodautoscalers")).body)["items"].size(),
             std::size_t(0));
}

QTEST_GUILESS_MAIN(TestServeApi)
#include "tst_serve_api.moc"
