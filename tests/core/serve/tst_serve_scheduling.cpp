// A served cluster that needs scheduling (serve/api_objects.h): pods created through the API wait
// Pending with their scheduler's name until a Binding assigns them, then start one control period
// later; the API server's answers for every misuse (409 on a second binding or an existing name,
// 404, 422 for an unknown node or a pod without containers, 405 for a Deployment's pod); Events
// with fieldSelector; Leases with optimistic concurrency; a watch sees it all; discovery lists it.
#include "serve/serve_api.h"
#include "serve/served_cluster.h"
#include "serve_test_support.h"

#include <nlohmann/json.hpp>

#include <QTest>

#include <sstream>

using namespace orrery;
using nlohmann::json;
using serve::ServeApi;
using serve::ServedCluster;
using serve::ServeRequest;

namespace {

ServeRequest request(std::string method, std::string path, std::string body = {}, std::map<std::string, std::string> query = {})
{
    return {std::move(method), std::move(path), std::move(query), "application/json", std::move(body)};
}

const std::string kPods = "/api/v1/namespaces/batch/pods";

//! A pod for scheduler "orrery"; `spec` fields added as given.
std::string podBody(const std::string& name, const json& spec = json::object())
{
    json pod{{"apiVersion", "v1"}, {"kind", "Pod"}, {"metadata", {{"name", name}}},
             {"spec", {{"schedulerName", "orrery"},
                       {"containers", json::array({{{"name", "c"}, {"image", "busybox"}, {"resources", {{"requests", {{"cpu", "250m"}}}}}}})}}}};
    pod["spec"].update(spec);
    return pod.dump();
}

std::string bindingBody(const std::string& pod, const std::string& node)
{
    return json{{"apiVersion", "v1"}, {"kind", "Binding"}, {"metadata", {{"name", pod}}},
                {"target", {{"apiVersion", "v1"}, {"kind", "Node"}, {"name", node}}}}.dump();
}

std::unique_ptr<ServedCluster> cluster()
{
    return std::make_unique<ServedCluster>(testing::socialNetworkScenario(), serve::ServeOptions{});
}

std::string firstNode(ServeApi& api)
{
    return json::parse(api.handle(request("GET", "/api/v1/nodes")).body)["items"][0]["metadata"]["name"].get<std::string>();
}

} // namespace

class TestServeScheduling : public QObject {
    Q_OBJECT
private slots:
    void pendingPodIsBoundThenStarts()
    {
        auto served = cluster();
        ServeApi api(*served);
        const std::string node = firstNode(api);
        const auto created = api.handle(request("POST", kPods, podBody("web")));
        QCOMPARE(created.code, 201);
        const json pod = json::parse(created.body);
        QCOMPARE((pod["status"]["phase"]).get<std::string>(), std::string("Pending"));
        QCOMPARE((pod["spec"]["schedulerName"]).get<std::string>(), std::string("orrery"));
        QCOMPARE((pod["metadata"]["namespace"]).get<std::string>(), std::string("batch"));
        QVERIFY(!pod["metadata"]["uid"].get<std::string>().empty());
        QVERIFY(!pod["spec"].contains("nodeName"));

        QCOMPARE(api.handle(request("POST", kPods + "/web/binding", bindingBody("web", node))).code, 201);
        json bound = json::parse(api.handle(request("GET", kPods + "/web")).body);
        QCOMPARE(bound["spec"]["nodeName"].get<std::string>(), node);
        QCOMPARE((bound["status"]["phase"]).get<std::string>(), std::string("Pending")); // starts at the next control period
        QCOMPARE((bound["status"]["conditions"][0]["type"]).get<std::string>(), std::string("PodScheduled"));
        served->advance();
        bound = json::parse(api.handle(request("GET", kPods + "/web")).body);
        QCOMPARE((bound["status"]["phase"]).get<std::string>(), std::string("Running"));
        QVERIFY(bound["status"]["containerStatuses"][0]["ready"].get<bool>());
        for (int i = 0; i < 3; ++i) // the simulation's republishing leaves it alone
            served->advance();
        QCOMPARE(api.handle(request("GET", kPods + "/web")).code, 200);

        // A second binding, an absent pod, an unknown node.
        const auto again = api.handle(request("POST", kPods + "/web/binding", bindingBody("web", node)));
        QCOMPARE(again.code, 409);
        QVERIFY(json::parse(again.body)["message"].get<std::string>().find("is already assigned to node") != std::string::npos);
        QCOMPARE(api.handle(request("POST", kPods + "/ghost/binding", bindingBody("ghost", node))).code, 404);
        QCOMPARE(api.handle(request("POST", kPods, podBody("other"))).code, 201);
        QCOMPARE(api.handle(request("POST", kPods + "/other/binding", bindingBody("other", "no-such-node"))).code, 422);
        QCOMPARE(api.handle(request("GET", kPods + "/other/binding")).code, 405);
    }

    void createRefusesWhatTheApiServerRefuses()
    {
        auto served = cluster();
        ServeApi api(*served);
        QCOMPARE(api.handle(request("POST", kPods, podBody("a"))).code, 201);
        QCOMPARE(api.handle(request("POST", kPods, podBody("a"))).code, 409);
        QCOMPARE(api.handle(request("POST", kPods, "{not json")).code, 400);
        QCOMPARE(api.handle(request("POST", kPods, json{{"metadata", {{"name", "x"}}}, {"spec", json::object()}}.dump())).code, 422);
        QCOMPARE(api.handle(request("POST", kPods, json{{"metadata", {{"name", "x"}, {"namespace", "elsewhere"}}}, {"spec", {{"containers", json::array({{{"name", "c"}}})}}}}.dump())).code, 400);
        // generateName: a fresh name each time; no schedulerName: the default one's.
        const json generated = json::parse(api.handle(request("POST", kPods,
            json{{"metadata", {{"generateName", "job-"}}}, {"spec", {{"containers", json::array({{{"name", "c"}}})}}}}.dump())).body);
        const std::string name = generated["metadata"]["name"];
        QCOMPARE(name.size(), std::size_t(9));
        QCOMPARE(name.substr(0, 4), std::string("job-"));
        QCOMPARE((generated["spec"]["schedulerName"]).get<std::string>(), std::string("default-scheduler"));
        // Created with a node: bound at once.
        const json direct = json::parse(api.handle(request("POST", kPods, podBody("direct", {{"nodeName", firstNode(api)}}))).body);
        QCOMPARE(direct["spec"]["nodeName"].get<std::string>(), firstNode(api));
    }

    void deleteOnlyWhatTheApiCreated()
    {
        auto served = cluster();
        ServeApi api(*served);
        QCOMPARE(api.handle(request("POST", kPods, podBody("gone"))).code, 201);
        QCOMPARE(api.handle(request("DELETE", kPods + "/gone")).code, 200);
        QCOMPARE(api.handle(request("GET", kPods + "/gone")).code, 404);
        QCOMPARE(api.handle(request("DELETE", kPods + "/gone")).code, 404);
        const json pods = json::parse(api.handle(request("GET", "/api/v1/namespaces/social-network/pods")).body);
        const std::string owned = pods["items"][0]["metadata"]["name"];
        QCOMPARE(api.handle(request("DELETE", "/api/v1/namespaces/social-network/pods/" + owned)).code, 405);
    }

    void fieldSelectorsFilterLists()
    {
        auto served = cluster();
        ServeApi api(*served);
        const std::string node = firstNode(api);
        api.handle(request("POST", kPods, podBody("p1")));
        api.handle(request("POST", kPods, podBody("p2")));
        api.handle(request("POST", kPods + "/p1/binding", bindingBody("p1", node)));
        const auto names = [&](std::map<std::string, std::string> query) {
            std::vector<std::string> out;
            const json list = json::parse(api.handle(request("GET", kPods, {}, query)).body);
            for (const json& item : list["items"])
                out.push_back(item["metadata"]["name"]);
            return out;
        };
        QCOMPARE(names({{"fieldSelector", "spec.nodeName=" + node}}), std::vector<std::string>{"p1"});
        QCOMPARE(names({{"fieldSelector", "spec.nodeName="}}), std::vector<std::string>{"p2"}); // pending ones
        QCOMPARE(names({{"fieldSelector", "spec.schedulerName==orrery,metadata.name!=p1"}}), std::vector<std::string>{"p2"});
        QCOMPARE(api.handle(request("GET", kPods, {}, {{"fieldSelector", "spec.nodeName"}})).code, 400);

        // Events: POST, then `kubectl describe`'s selector.
        const std::string event = json{{"apiVersion", "v1"}, {"kind", "Event"}, {"metadata", {{"name", "p1.1"}}},
                                       {"involvedObject", {{"kind", "Pod"}, {"namespace", "batch"}, {"name", "p1"}}},
                                       {"reason", "Scheduled"}, {"message", "Successfully assigned batch/p1 to " + node},
                                       {"type", "Normal"}}.dump();
        QCOMPARE(api.handle(request("POST", "/api/v1/namespaces/batch/events", event)).code, 201);
        QCOMPARE(api.handle(request("POST", "/api/v1/namespaces/batch/events", event)).code, 409);
        const json events = json::parse(api.handle(request("GET", "/api/v1/namespaces/batch/events", {},
                                                           {{"fieldSelector", "involvedObject.name=p1,involvedObject.namespace=batch"}})).body);
        QCOMPARE((events["kind"]).get<std::string>(), std::string("EventList"));
        QCOMPARE(events["items"].size(), std::size_t(1));
        QCOMPARE(json::parse(api.handle(request("GET", "/api/v1/events", {}, {{"fieldSelector", "involvedObject.name=p2"}})).body)["items"].size(),
                 std::size_t(0));
    }

    void leasesAreOptimisticallyLocked()
    {
        auto served = cluster();
        ServeApi api(*served);
        const std::string path = "/apis/coordination.k8s.io/v1/namespaces/kube-system/leases";
        QCOMPARE(api.handle(request("GET", path + "/orrery")).code, 404);
        const std::string lease = json{{"apiVersion", "coordination.k8s.io/v1"}, {"kind", "Lease"}, {"metadata", {{"name", "orrery"}}},
                                       {"spec", {{"holderIdentity", "a"}, {"leaseDurationSeconds", 15}}}}.dump();
        const auto created = api.handle(request("POST", path, lease));
        QCOMPARE(created.code, 201);
        const std::string version = json::parse(created.body)["metadata"]["resourceVersion"];
        QCOMPARE(api.handle(request("POST", path, lease)).code, 409);
        json update = json::parse(lease);
        update["metadata"]["resourceVersion"] = version;
        update["spec"]["holderIdentity"] = "b";
        const auto replaced = api.handle(request("PUT", path + "/orrery", update.dump()));
        QCOMPARE(replaced.code, 200);
        QCOMPARE((json::parse(replaced.body)["spec"]["holderIdentity"]).get<std::string>(), std::string("b"));
        // The same stale version again: someone else wrote since.
        const auto stale = api.handle(request("PUT", path + "/orrery", update.dump()));
        QCOMPARE(stale.code, 409);
        QCOMPARE((json::parse(stale.body)["reason"]).get<std::string>(), std::string("Conflict"));
        QCOMPARE(api.handle(request("PUT", path + "/absent", lease)).code, 404);
        QCOMPARE(json::parse(api.handle(request("GET", path)).body)["items"].size(), std::size_t(1));
    }

    void watchAndDiscovery()
    {
        auto served = cluster();
        ServeApi api(*served);
        const std::string from = json::parse(api.handle(request("GET", kPods)).body)["metadata"]["resourceVersion"];
        api.handle(request("POST", kPods, podBody("w")));
        api.handle(request("POST", kPods + "/w/binding", bindingBody("w", firstNode(api))));
        api.handle(request("DELETE", kPods + "/w"));
        const auto watch = api.handle(request("GET", kPods, {}, {{"watch", "true"}, {"resourceVersion", from}}));
        QVERIFY(watch.watch.has_value());
        serve::WatchCursor cursor = *watch.watch;
        bool gone = false;
        std::istringstream lines(watch.body + api.poll(cursor, gone)); // the stream's first lines, then what follows
        std::vector<std::string> types;
        for (std::string line; std::getline(lines, line);)
            types.push_back(json::parse(line)["type"]);
        QCOMPARE(types, (std::vector<std::string>{"ADDED", "MODIFIED", "DELETED"}));

        const json core = json::parse(api.handle(request("GET", "/api/v1")).body);
        std::map<std::string, json> resources;
        for (const json& resource : core["resources"])
            resources[resource["name"]] = resource["verbs"];
        QVERIFY(resources.count("pods/binding") && resources.count("events"));
        QVERIFY(resources["pods/binding"] == json::array({"create"}));
        const json groups = json::parse(api.handle(request("GET", "/apis")).body);
        bool coordination = false;
        for (const json& group : groups["groups"])
            coordination = coordination || group["name"] == "coordination.k8s.io";
        QVERIFY(coordination);
        QCOMPARE((json::parse(api.handle(request("GET", "/apis/coordination.k8s.io/v1")).body)["resources"][0]["name"]).get<std::string>(), std::string("leases"));
    }
};

QTEST_GUILESS_MAIN(TestServeScheduling)
#include "tst_serve_scheduling.moc"
