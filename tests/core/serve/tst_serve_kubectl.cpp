// What kubectl v1.32 sees of `orrery serve` (issue 36 item 2): the server-side Tables `kubectl
// get` asks for (the Accept header below is the one kubectl sends, recorded from kubectl v1.32.4
// against orrery serve), the columns and cells a real API server prints, one-row Tables in
// watches with the columns only in the first event, the short names of discovery, requests that
// a limit change leaves alone (kubectl set resources), and the served clock ages are read from.
// A real kubectl was run against orrery serve by hand (docs/live-clusters.md); tst_serve_cli runs
// its `top` (the Metrics API tested here too).
#include "serve/serve_api.h"
#include "serve/served_cluster.h"
#include "serve/table_printer.h"
#include "serve_test_support.h"

#include <nlohmann/json.hpp>

#include <QTest>

#include <map>
#include <sstream>

using namespace orrery;
using nlohmann::json;
using serve::ServeApi;
using serve::ServedCluster;
using serve::ServeRequest;
using serve::TablePrinter;

namespace {

const std::string kKubectlAccept =
    "application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json";

ServeRequest get(std::string path, std::map<std::string, std::string> query = {}, std::string accept = kKubectlAccept)
{
    return {"GET", std::move(path), std::move(query), {}, {}, std::move(accept)};
}

ServeRequest patch(std::string path, std::string body)
{
    return {"PATCH", std::move(path), {}, "application/strategic-merge-patch+json", std::move(body), {}};
}

std::vector<json> lines(const std::string& text) { return testing::watchLines(text); }

std::vector<std::string> columnNames(const json& table)
{
    std::vector<std::string> names;
    for (const json& column : table["columnDefinitions"])
        if (column["priority"].get<int>() == 0)
            names.push_back(column["name"].get<std::string>());
    return names;
}

std::unique_ptr<ServedCluster> cluster()
{
    return std::make_unique<ServedCluster>(testing::socialNetworkScenario(), serve::ServeOptions{});
}

} // namespace

class TestServeKubectl : public QObject {
    Q_OBJECT
private slots:
    void humanDurationAsKubernetesPrintsIt_data()
    {
        QTest::addColumn<qlonglong>("seconds");
        QTest::addColumn<QString>("text");
        // k8s.io/apimachinery/pkg/util/duration's HumanDuration, case by case.
        QTest::newRow("almost now") << -1LL << "0s";
        QTest::newRow("future") << -5LL << "<invalid>";
        QTest::newRow("seconds") << 119LL << "119s";
        QTest::newRow("minutes and seconds") << 192LL << "3m12s";
        QTest::newRow("whole minutes") << 300LL << "5m";
        QTest::newRow("minutes only from 10") << 3599LL << "59m";
        QTest::newRow("hours and minutes") << 4 * 3600LL + 60 << "4h1m";
        QTest::newRow("hours") << 30 * 3600LL << "30h";
        QTest::newRow("days and hours") << 3 * 86400LL + 7200 << "3d2h";
        QTest::newRow("days") << 100 * 86400LL << "100d";
        QTest::newRow("years and days") << (2 * 365 + 333) * 86400LL << "2y333d";
        QTest::newRow("years") << 9 * 365 * 86400LL << "9y";
    }
    void humanDurationAsKubernetesPrintsIt()
    {
        QFETCH(qlonglong, seconds);
        QFETCH(QString, text);
        QCOMPARE(QString::fromStdString(TablePrinter::humanDuration(seconds)), text);
    }

    void podsPrintTheDefaultColumns()
    {
        auto served = cluster();
        ServeApi api(*served);
        for (int i = 0; i < 90; ++i)
            served->advance(); // 90 simulated seconds
        const serve::ServeResponse response = api.handle(get("/api/v1/namespaces/social-network/pods"));
        QCOMPARE(response.code, 200);
        const json table = json::parse(response.body);
        QCOMPARE(table["kind"].get<std::string>(), std::string("Table"));
        QCOMPARE(table["apiVersion"].get<std::string>(), std::string("meta.k8s.io/v1"));
        QCOMPARE(columnNames(table), (std::vector<std::string>{"Name", "Ready", "Status", "Restarts", "Age"}));
        QCOMPARE(table["columnDefinitions"].size(), std::size_t(9)); // and IP, Node, … for -o wide
        QVERIFY(!table["rows"].empty());
        const json& row = table["rows"][0];
        QCOMPARE(row["cells"][1].get<std::string>(), std::string("1/1"));
        QCOMPARE(row["cells"][2].get<std::string>(), std::string("Running"));
        QCOMPARE(row["cells"][3].get<std::string>(), std::string("0"));
        QCOMPARE(QString::fromStdString(row["cells"][4].get<std::string>()), QStringLiteral("90s")); // created at 1 s; the served clock reads 91 s after the first period and 90 more
        QVERIFY(row["cells"][6].get<std::string>().rfind("node-", 0) == 0);
        // The row carries the object's metadata, so kubectl can name it.
        QCOMPARE(row["object"]["kind"].get<std::string>(), std::string("PartialObjectMetadata"));
        QVERIFY(row["object"]["metadata"]["name"] == row["cells"][0]);
        // A client that asks for plain JSON still gets the list.
        const json plain = json::parse(api.handle(get("/api/v1/namespaces/social-network/pods", {}, "application/json")).body);
        QCOMPARE(plain["kind"].get<std::string>(), std::string("PodList"));
        // includeObject=Object embeds the whole pod.
        const json whole = json::parse(
            api.handle(get("/api/v1/namespaces/social-network/pods", {{"includeObject", "Object"}, {"limit", "1"}})).body);
        QCOMPARE(whole["rows"][0]["object"]["kind"].get<std::string>(), std::string("Pod"));
        QVERIFY(whole["metadata"].contains("continue"));
    }

    void everyKindHasItsColumns_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QStringList>("columns");
        QTest::addColumn<QStringList>("firstCells");
        QTest::newRow("nodes") << "/api/v1/nodes" << QStringList{"Name", "Status", "Roles", "Age", "Version"}
                               << QStringList{"node-0", "Ready", "<none>", "61s", "v1.29.0-orrery"};
        QTest::newRow("deployments") << "/apis/apps/v1/namespaces/social-network/deployments"
                                     << QStringList{"Name", "Ready", "Up-to-date", "Available", "Age"}
                                     << QStringList{"compose-post-service", "1/1", "1", "1", "61s"};
        QTest::newRow("replicasets") << "/apis/apps/v1/namespaces/social-network/replicasets"
                                     << QStringList{"Name", "Desired", "Current", "Ready", "Age"}
                                     << QStringList{"compose-post-service-hlrm8v48kr", "1", "1", "1", "61s"};
        QTest::newRow("one deployment") << "/apis/apps/v1/namespaces/social-network/deployments/user-service"
                                        << QStringList{"Name", "Ready", "Up-to-date", "Available", "Age"}
                                        << QStringList{"user-service", "1/1", "1", "1", "61s"};
    }
    void everyKindHasItsColumns()
    {
        QFETCH(QString, path);
        QFETCH(QStringList, columns);
        QFETCH(QStringList, firstCells);
        auto served = cluster();
        ServeApi api(*served);
        for (int i = 0; i < 60; ++i)
            served->advance();
        const json table = json::parse(api.handle(get(path.toStdString())).body);
        QStringList names;
        for (const std::string& name : columnNames(table))
            names.append(QString::fromStdString(name));
        QCOMPARE(names, columns);
        QStringList cells;
        for (int k = 0; k < firstCells.size(); ++k) {
            const json& cell = table["rows"][0]["cells"][k];
            cells.append(QString::fromStdString(cell.is_string() ? cell.get<std::string>() : cell.dump()));
        }
        QCOMPARE(cells, firstCells);
    }

    void watchSendsOneRowTablesWithColumnsOnce()
    {
        auto served = cluster();
        ServeApi api(*served);
        const serve::ServeResponse start =
            api.handle(get("/apis/apps/v1/namespaces/social-network/deployments", {{"watch", "1"}}));
        QVERIFY(start.watch);
        const std::vector<json> initial = lines(start.body);
        QVERIFY(initial.size() > 2);
        QVERIFY(initial[0]["object"].contains("columnDefinitions"));
        QCOMPARE(initial[0]["object"]["rows"].size(), std::size_t(1));
        QVERIFY(!initial[1]["object"].contains("columnDefinitions"));
        serve::WatchCursor cursor = *start.watch;
        QCOMPARE(api.handle(patch("/apis/apps/v1/namespaces/social-network/deployments/user-service",
                                  R"({"spec":{"replicas":3}})")).code,
                 200);
        bool gone = false;
        const std::vector<json> events = lines(api.poll(cursor, gone));
        QCOMPARE(events.size(), std::size_t(1));
        QCOMPARE(events[0]["type"].get<std::string>(), std::string("MODIFIED"));
        QCOMPARE(events[0]["object"]["kind"].get<std::string>(), std::string("Table"));
        QCOMPARE(events[0]["object"]["rows"][0]["cells"][1].get<std::string>(), std::string("1/3")); // 1 ready of 3
    }

    void discoveryNamesTheShortNames()
    {
        auto served = cluster();
        ServeApi api(*served);
        std::map<std::string, std::string> shortNames;
        for (const char* path : {"/api/v1", "/apis/apps/v1"}) {
            const json list = json::parse(api.handle(get(path, {}, "application/json")).body);
            for (const json& resource : list["resources"])
                for (const json& name : resource.value("shortNames", json::array()))
                    shortNames[name.get<std::string>()] = resource["name"].get<std::string>();
        }
        QCOMPARE(shortNames["po"], std::string("pods"));
        QCOMPARE(shortNames["no"], std::string("nodes"));
        QCOMPARE(shortNames["deploy"], std::string("deployments"));
        QCOMPARE(shortNames["rs"], std::string("replicasets"));
        QCOMPARE(shortNames["ev"], std::string("events"));
    }

    void aLimitChangeLeavesTheRequests()
    {
        auto served = cluster();
        ServeApi api(*served);
        const std::string path = "/apis/apps/v1/namespaces/social-network/deployments/user-service";
        const auto resources = [&] {
            const json deployment = json::parse(api.handle(get(path, {}, "application/json")).body);
            return deployment["spec"]["template"]["spec"]["containers"][0]["resources"];
        };
        QCOMPARE(resources()["requests"]["cpu"].get<std::string>(), std::string("1"));
        // kubectl set resources deploy user-service --limits=cpu=2 (its strategic merge patch)
        QCOMPARE(api.handle(patch(path, R"({"spec":{"template":{"spec":{"containers":[{"name":"user-service",)"
                                        R"("resources":{"limits":{"cpu":"2"}}}]}}}})")).code,
                 200);
        QCOMPARE(resources()["limits"]["cpu"].get<std::string>(), std::string("2"));
        QCOMPARE(resources()["requests"]["cpu"].get<std::string>(), std::string("1"));
        // --requests=cpu=1500m,memory=256Mi
        QCOMPARE(api.handle(patch(path, R"({"spec":{"template":{"spec":{"containers":[{"name":"user-service",)"
                                        R"("resources":{"requests":{"cpu":"1500m","memory":"256Mi"}}}]}}}})")).code,
                 200);
        QCOMPARE(resources()["requests"]["cpu"].get<std::string>(), std::string("1500m"));
        QCOMPARE(resources()["requests"]["memory"].get<std::string>(), std::string("256Mi"));
        // A request above its limit is invalid, as the API server says it, and changes nothing.
        const serve::ServeResponse refused = api.handle(
            patch(path, R"({"spec":{"template":{"spec":{"containers":[{"name":"user-service","resources":{"limits":{"cpu":"1"}}}]}}}})"));
        QCOMPARE(refused.code, 422);
        QVERIFY2(refused.body.find("must be less than or equal to cpu limit of 1") != std::string::npos, refused.body.c_str());
        QCOMPARE(resources()["limits"]["cpu"].get<std::string>(), std::string("2"));
    }

    //! kubectl top (metrics.k8s.io/v1beta1, as metrics-server serves it): discovered under /apis;
    //! a pod's usage is its service's per-instance use over the last period (the /metrics figure);
    //! a node's is the sum over the pods bound to it.
    void theMetricsApiServesKubectlTop()
    {
        auto served = cluster();
        served->advance();
        served->advance();
        ServeApi api(*served);
        bool discovered = false;
        const json groups = json::parse(api.handle(get("/apis", {}, "application/json")).body);
        for (const json& group : groups["groups"])
            discovered = discovered || group["preferredVersion"]["groupVersion"] == "metrics.k8s.io/v1beta1";
        QVERIFY(discovered);
        const json resources = json::parse(api.handle(get("/apis/metrics.k8s.io/v1beta1", {}, "application/json")).body);
        QCOMPARE(resources["resources"].size(), std::size_t(2));

        const auto nanocores = [](const json& usage) { return std::stod(usage["cpu"].get<std::string>()) / 1e9; }; // "123n"
        const auto kib = [](const json& usage) { return std::stod(usage["memory"].get<std::string>()); };          // "456Ki"
        const json pods = json::parse(api.handle(get("/apis/metrics.k8s.io/v1beta1/namespaces/social-network/pods", {}, "application/json")).body);
        QCOMPARE(pods["kind"].get<std::string>(), std::string("PodMetricsList"));
        std::size_t servicePods = 0;
        served->objects().forEach(serve::ResourceKind::Pod, "social-network", "", [&](const std::string&, const json&) {
            ++servicePods;
            return true;
        });
        QCOMPARE(pods["items"].size(), servicePods);
        std::map<std::string, std::pair<double, double>> byNode; // summed from the pods
        double busiest = 0;
        for (const json& item : pods["items"]) {
            QCOMPARE(item["containers"].size(), std::size_t(1));
            const json& usage = item["containers"][0]["usage"];
            busiest = std::max(busiest, nanocores(usage));
            const json* pod = served->objects().find(serve::ResourceKind::Pod, "social-network", item["metadata"]["name"].get<std::string>());
            QVERIFY(pod);
            auto& node = byNode[(*pod)["spec"]["nodeName"].get<std::string>()];
            node.first += nanocores(usage);
            node.second += kib(usage);
        }
        QVERIFY(busiest > 0.01); // the simulation's services use CPU
        const json nodes = json::parse(api.handle(get("/apis/metrics.k8s.io/v1beta1/nodes", {}, "application/json")).body);
        QCOMPARE(nodes["items"].size(), std::size_t(4));
        for (const json& node : nodes["items"]) {
            const auto& [cpu, memory] = byNode[node["metadata"]["name"].get<std::string>()];
            QVERIFY(std::abs(nanocores(node["usage"]) - cpu) < 1e-6 * std::max(1.0, cpu) + 1e-8);
            QVERIFY(std::abs(kib(node["usage"]) - memory) <= static_cast<double>(pods["items"].size())); // rounding per pod
        }
        const std::string one = nodes["items"][0]["metadata"]["name"].get<std::string>();
        QCOMPARE(api.handle(get("/apis/metrics.k8s.io/v1beta1/nodes/" + one, {}, "application/json")).code, 200);
        QCOMPARE(api.handle(get("/apis/metrics.k8s.io/v1beta1/nodes/nowhere", {}, "application/json")).code, 404);
        QCOMPARE(api.handle(get("/apis/metrics.k8s.io/v1beta1/namespaces/social-network/pods",
                                {{"labelSelector", "app=nginx-web-server"}}, "application/json")).code,
                 200);
        QCOMPARE(api.handle(get("/apis/metrics.k8s.io/v1beta1/nodes", {{"labelSelector", "a in ("}}, "application/json")).code, 400);
        QCOMPARE(api.handle({"DELETE", "/apis/metrics.k8s.io/v1beta1/nodes/" + one, {}, {}, {}, {}}).code, 405);
    }

    //! kubectl 1.27+ reads /openapi/v3 before `create -f` and validates on the server when the
    //! kind's PATCH operation takes `fieldValidation` (cli-runtime's query_param_verifier_v3.go).
    void openApiDocumentsLetKubectlValidateOnTheServer()
    {
        auto served = cluster();
        ServeApi api(*served);
        const json root = json::parse(api.handle(get("/openapi/v3", {}, "application/json")).body);
        for (const char* path : {"api/v1", "apis/apps/v1", "apis/coordination.k8s.io/v1"})
            QCOMPARE(root["paths"][path]["serverRelativeURL"].get<std::string>(), std::string("/openapi/v3/") + path);
        const json core = json::parse(api.handle(get("/openapi/v3/api/v1", {}, "application/json")).body);
        const json& patchPod = core["paths"]["/api/v1/namespaces/{namespace}/pods/{name}"]["patch"];
        QVERIFY(patchPod["x-kubernetes-group-version-kind"] == (json{{"group", ""}, {"version", "v1"}, {"kind", "Pod"}}));
        bool fieldValidation = false;
        for (const json& parameter : patchPod["parameters"])
            fieldValidation = fieldValidation || (parameter["name"] == "fieldValidation" && parameter["in"] == "query");
        QVERIFY(fieldValidation);
        QVERIFY(core["paths"].contains("/api/v1/nodes/{name}"));
        const json apps = json::parse(api.handle(get("/openapi/v3/apis/apps/v1", {}, "application/json")).body);
        QCOMPARE(apps["paths"]["/apis/apps/v1/namespaces/{namespace}/deployments/{name}"]["patch"]["x-kubernetes-group-version-kind"]["group"]
                     .get<std::string>(),
                 std::string("apps"));
        QCOMPARE(api.handle(get("/openapi/v3/apis/batch/v1", {}, "application/json")).code, 404);
    }

    void theClockStartsAtTheEpochAndRunsAtTheSpeed()
    {
        serve::ServeOptions options;
        options.epochSeconds = 1'800'000'000;
        options.speed = 10;
        ServedCluster served(testing::socialNetworkScenario(), options);
        for (int i = 0; i < 100; ++i)
            served.advance(); // 100 simulated seconds are 10 on the served clock
        QCOMPARE(served.clockSeconds(), std::int64_t(1'800'000'010));
        const json* node = served.objects().find(serve::ResourceKind::Node, "", "node-0");
        QVERIFY(node);
        QCOMPARE((*node)["metadata"]["creationTimestamp"].get<std::string>(), std::string("2027-01-15T08:00:00Z"));
        QVERIFY(TablePrinter::parseTimestamp("2027-01-15T08:00:00Z") == std::optional<std::int64_t>(1'800'000'000));
        QVERIFY(!TablePrinter::parseTimestamp("yesterday"));
    }
};

QTEST_APPLESS_MAIN(TestServeKubectl)
#include "tst_serve_kubectl.moc"
