// A served cluster that needs scheduling (serve/api_objects.h): pods created through the API wait
// Pending with their scheduler's name until a Binding assigns them, then start one control period
// later; the API server's answers for every misuse (409 on a second binding or an existing name,
// 404, 422 for an unknown node or a pod without containers, 405 for a Deployment's pod); Events
// with kubectl describe's fieldSelector; Leases with optimistic concurrency; watches (with and
// without a fieldSelector) see it all; discovery lists it.
#include "serve/object_names.h"
#include "serve/serve_api.h"
#include "serve/served_cluster.h"
#include "serve_test_support.h"

#include <nlohmann/json.hpp>

#include <QDateTime>
#include <QFile>
#include <QTest>

#include <map>
#include <sstream>

using namespace orrery;
using nlohmann::json;
using serve::ServeApi;
using serve::ServedCluster;
using serve::ServeRequest;
using serve::ServeResponse;

namespace {

ServeRequest request(std::string method, std::string path, std::string body = {}, std::map<std::string, std::string> query = {})
{
    return {std::move(method), std::move(path), std::move(query), "application/json", std::move(body), {}};
}

ServeRequest get(std::string path, std::map<std::string, std::string> query = {})
{
    return request("GET", std::move(path), {}, std::move(query));
}

const std::string kPods = "/api/v1/namespaces/batch/pods";
const std::string kEvents = "/api/v1/namespaces/batch/events";
const std::string kLeases = "/apis/coordination.k8s.io/v1/namespaces/kube-system/leases";

//! A pod for scheduler "orrery" asking for 250m CPU; `spec` fields added as given.
std::string podBody(const std::string& name, const json& spec = json::object())
{
    json pod{{"apiVersion", "v1"},
             {"kind", "Pod"},
             {"metadata", {{"name", name}}},
             {"spec",
              {{"schedulerName", "orrery"},
               {"containers", json::array({{{"name", "c"}, {"image", "busybox"}, {"resources", {{"requests", {{"cpu", "250m"}}}}}}})}}}};
    pod["spec"].update(spec);
    return pod.dump();
}

std::string bindingBody(const std::string& pod, const std::string& node, const json& extra = json::object())
{
    json binding{{"apiVersion", "v1"},
                 {"kind", "Binding"},
                 {"metadata", {{"name", pod}}},
                 {"target", {{"apiVersion", "v1"}, {"kind", "Node"}, {"name", node}}}};
    binding.merge_patch(extra);
    return binding.dump();
}

std::string eventBody(const std::string& name, const std::string& pod, const std::string& uid, const std::string& reason)
{
    return json{{"apiVersion", "v1"},
                {"kind", "Event"},
                {"metadata", {{"name", name}}},
                {"involvedObject", {{"apiVersion", "v1"}, {"kind", "Pod"}, {"namespace", "batch"}, {"name", pod}, {"uid", uid}}},
                {"reason", reason},
                {"message", reason + " " + pod},
                {"type", "Normal"},
                {"source", {{"component", "orrery"}}}}
        .dump();
}

std::unique_ptr<ServedCluster> cluster(std::size_t maxEvents = 1000)
{
    serve::ServeOptions options;
    options.maxEvents = maxEvents;
    return std::make_unique<ServedCluster>(testing::socialNetworkScenario(), options);
}

json bodyOf(const ServeResponse& response) { return json::parse(response.body); }

std::string str(const json& value) { return value.is_string() ? value.get<std::string>() : value.dump(); }

//! The condition `type` of a pod, or null.
json condition(const json& pod, const std::string& type)
{
    for (const json& c : pod["status"].value("conditions", json::array()))
        if (c["type"] == type)
            return c;
    return nullptr;
}

std::vector<std::string> names(ServeApi& api, const std::string& path, std::map<std::string, std::string> query)
{
    std::vector<std::string> out;
    const json list = bodyOf(api.handle(get(path, std::move(query))));
    for (const json& item : list["items"])
        out.push_back(item["metadata"]["name"]);
    return out;
}

//! The watch's lines as (type, name) pairs.
std::vector<std::pair<std::string, std::string>> changes(const std::string& lines)
{
    std::vector<std::pair<std::string, std::string>> out;
    std::istringstream in(lines);
    for (std::string line; std::getline(in, line);)
        if (!line.empty()) {
            const json event = json::parse(line);
            out.emplace_back(event["type"], event["object"]["metadata"]["name"]);
        }
    return out;
}

using Changes = std::vector<std::pair<std::string, std::string>>;

//! Close to the wall clock now, RFC 3339 to the second.
bool isNow(const json& stamp)
{
    if (!stamp.is_string() || stamp.get<std::string>().size() != 20 || stamp.get<std::string>().back() != 'Z')
        return false;
    const QDateTime at = QDateTime::fromString(QString::fromStdString(stamp.get<std::string>()), Qt::ISODate);
    return at.isValid() && std::abs(at.secsTo(QDateTime::currentDateTimeUtc())) < 120;
}

} // namespace

class TestServeScheduling : public QObject {
    Q_OBJECT
private slots:
    void pendingPodIsBoundThenStarts();
    void bindingRefusals();
    void recordedBindingAnswersAreServed();
    void createRefusesWhatTheApiServerRefuses();
    void generateNameAndNodeNameAtCreation();
    void deleteOnlyWhatTheApiCreated();
    void standalonePodsSurviveTheSimulation();
    void fieldSelectorsFilterAndRefuse();
    void eventsAreStoredListedAndBounded();
    void leasesAreOptimisticallyLocked();
    void watchSeesTheWholeLife();
    void watchWithAFieldSelectorSeesPodsLeaveIt();
    void discoveryListsTheNewResources();
    void nodesTakeTaintsCordonAndLabels();
};

void TestServeScheduling::pendingPodIsBoundThenStarts()
{
    auto served = cluster();
    ServeApi api(*served);
    const json spec = {{"nodeSelector", {{"orrery.dev/pool", "gpu"}}},
                       {"tolerations", json::array({{{"key", "nvidia.com/gpu"}, {"operator", "Exists"}, {"effect", "NoSchedule"}}})},
                       {"affinity", {{"nodeAffinity", {{"requiredDuringSchedulingIgnoredDuringExecution",
                                                        {{"nodeSelectorTerms", json::array({{{"matchExpressions", json::array({{{"key", "kubernetes.io/os"}, {"operator", "In"}, {"values", {"linux"}}}})}}})}}}}}}},
                       {"containers", json::array({{{"name", "train"}, {"image", "pytorch"},
                                                    {"resources", {{"requests", {{"cpu", "2"}, {"memory", "4Gi"}, {"nvidia.com/gpu", "1"}}},
                                                                   {"limits", {{"nvidia.com/gpu", "1"}}}}}}})}};
    const ServeResponse created = api.handle(request("POST", kPods, podBody("web", spec), {{"fieldManager", "orrery"}}));
    QCOMPARE(created.code, 201);
    const json pod = bodyOf(created);
    QCOMPARE(str(pod["status"]["phase"]), std::string("Pending"));
    QCOMPARE(str(pod["status"]["qosClass"]), std::string("Burstable"));
    QVERIFY(!pod["status"].contains("conditions")); // the scheduler adds them
    QCOMPARE(str(pod["spec"]["schedulerName"]), std::string("orrery"));
    QCOMPARE(str(pod["spec"]["restartPolicy"]), std::string("Always"));
    QCOMPARE(str(pod["metadata"]["namespace"]), std::string("batch"));
    QVERIFY(!str(pod["metadata"]["uid"]).empty());
    QVERIFY(!str(pod["metadata"]["resourceVersion"]).empty());
    QVERIFY(isNow(pod["metadata"]["creationTimestamp"]));
    QVERIFY(!pod["spec"].contains("nodeName"));
    // The spec as sent: requests (the GPU too), selector, tolerations, affinity.
    QCOMPARE(pod["spec"]["containers"].dump(), spec["containers"].dump());
    QCOMPARE(pod["spec"]["nodeSelector"].dump(), spec["nodeSelector"].dump());
    QCOMPARE(pod["spec"]["tolerations"].dump(), spec["tolerations"].dump());
    QCOMPARE(pod["spec"]["affinity"].dump(), spec["affinity"].dump());
    // It lists as Pending, with its scheduler.
    const json listed = bodyOf(api.handle(get("/api/v1/pods", {{"fieldSelector", "spec.schedulerName=orrery"}})));
    QCOMPARE(listed["items"].size(), std::size_t(1));
    QCOMPARE(str(listed["items"][0]["status"]["phase"]), std::string("Pending"));
    QCOMPARE(str(listed["items"][0]["spec"]["containers"][0]["resources"]["requests"]["nvidia.com/gpu"]), std::string("1"));

    const ServeResponse bound = api.handle(request("POST", kPods + "/web/binding", bindingBody("web", "node-2")));
    QCOMPARE(bound.code, 201);
    QCOMPARE(bodyOf(bound).dump(), (json{{"kind", "Status"}, {"apiVersion", "v1"}, {"metadata", json::object()}, {"status", "Success"}, {"code", 201}}).dump());
    json now = bodyOf(api.handle(get(kPods + "/web")));
    QCOMPARE(str(now["spec"]["nodeName"]), std::string("node-2"));
    QCOMPARE(str(now["status"]["phase"]), std::string("Pending")); // starts at the next control period
    QCOMPARE(str(condition(now, "PodScheduled")["status"]), std::string("True"));
    QVERIFY(condition(now, "Ready").is_null());

    served->advance();
    now = bodyOf(api.handle(get(kPods + "/web")));
    QCOMPARE(str(now["status"]["phase"]), std::string("Running"));
    const json node = bodyOf(api.handle(get("/api/v1/nodes/node-2")));
    QCOMPARE(str(now["status"]["hostIP"]), str(node["status"]["addresses"][0]["address"]));
    QCOMPARE(str(node["status"]["addresses"][0]["type"]), std::string("InternalIP"));
    QCOMPARE(str(now["status"]["podIP"]).rfind("10.245.", 0), std::size_t(0));
    QVERIFY(isNow(now["status"]["startTime"]));
    QCOMPARE(now["status"]["containerStatuses"].size(), std::size_t(1));
    QCOMPARE(str(now["status"]["containerStatuses"][0]["name"]), std::string("train"));
    QVERIFY(now["status"]["containerStatuses"][0]["ready"].get<bool>());
    for (const char* type : {"Ready", "ContainersReady", "Initialized", "PodScheduled"})
        QCOMPARE(str(condition(now, type)["status"]), std::string("True"));
}

void TestServeScheduling::bindingRefusals()
{
    auto served = cluster();
    ServeApi api(*served);
    const std::string uid = bodyOf(api.handle(request("POST", kPods, podBody("web"))))["metadata"]["uid"];
    QCOMPARE(api.handle(request("POST", kPods, podBody("other"))).code, 201);

    // An unknown node: 422 Invalid (the choice is explained in serve/api_objects.cpp).
    const ServeResponse nowhere = api.handle(request("POST", kPods + "/web/binding", bindingBody("web", "no-such-node")));
    QCOMPARE(nowhere.code, 422);
    QCOMPARE(str(bodyOf(nowhere)["reason"]), std::string("Invalid"));
    QCOMPARE(str(bodyOf(nowhere)["message"]), std::string("Binding \"web\" is invalid: target.name: Not found: \"no-such-node\""));
    // A Binding named for another pod, a target that is no Node, no target, a stale uid.
    QCOMPARE(api.handle(request("POST", kPods + "/web/binding", bindingBody("other", "node-0"))).code, 400);
    // A target that is no Node or has no name: 500, as released API servers answer (recorded in
    // recordedBindingAnswersAreServed).
    QCOMPARE(api.handle(request("POST", kPods + "/web/binding", bindingBody("web", "node-0", {{"target", {{"kind", "Pod"}}}}))).code, 500);
    QCOMPARE(api.handle(request("POST", kPods + "/web/binding", json{{"kind", "Binding"}, {"metadata", {{"name", "web"}}}}.dump())).code, 500);
    const ServeResponse staleUid =
        api.handle(request("POST", kPods + "/web/binding", bindingBody("web", "node-0", {{"metadata", {{"uid", "not-" + uid}}}})));
    QCOMPARE(staleUid.code, 409);
    QCOMPARE(str(bodyOf(staleUid)["reason"]), std::string("Conflict"));
    QCOMPARE(api.handle(request("POST", kPods + "/web/binding", "{not json")).code, 400);
    QVERIFY(!bodyOf(api.handle(get(kPods + "/web")))["spec"].contains("nodeName")); // none of them bound it

    QCOMPARE(api.handle(request("POST", kPods + "/web/binding", bindingBody("web", "node-0", {{"metadata", {{"uid", uid}}}}))).code, 201);
    const ServeResponse again = api.handle(request("POST", kPods + "/web/binding", bindingBody("web", "node-1")));
    QCOMPARE(again.code, 409);
    QCOMPARE(str(bodyOf(again)["reason"]), std::string("Conflict"));
    QCOMPARE(str(bodyOf(again)["message"]),
             std::string("Operation cannot be fulfilled on pods/binding \"web\": pod web is already assigned to node \"node-0\""));
    QCOMPARE(str(bodyOf(api.handle(get(kPods + "/web")))["spec"]["nodeName"]), std::string("node-0"));

    const ServeResponse ghost = api.handle(request("POST", kPods + "/ghost/binding", bindingBody("ghost", "node-0")));
    QCOMPARE(ghost.code, 404);
    QCOMPARE(str(bodyOf(ghost)["message"]), std::string("pods \"ghost\" not found"));
    QCOMPARE(api.handle(get(kPods + "/web/binding")).code, 405);
    QCOMPARE(api.handle(request("POST", kPods + "/web/eviction", "{}")).code, 404);
    // A Deployment's pod is on its node already.
    const std::string owned = names(api, "/api/v1/namespaces/social-network/pods", {}).front();
    QCOMPARE(api.handle(request("POST", "/api/v1/namespaces/social-network/pods/" + owned + "/binding", bindingBody(owned, "node-0"))).code, 409);
    // Scheduling gates hold a pod back.
    QCOMPARE(api.handle(request("POST", kPods, podBody("gated", {{"schedulingGates", json::array({{{"name", "wait"}}})}}))).code, 201);
    QCOMPARE(api.handle(request("POST", kPods + "/gated/binding", bindingBody("gated", "node-0"))).code, 409);
}

//! The answers of real API servers to the binding endpoints (tests/fixtures/live/README.md),
//! replayed: the same requests get the same Status objects, code and message to the byte.
void TestServeScheduling::recordedBindingAnswersAreServed()
{
    auto served = cluster();
    ServeApi api(*served);
    const auto recorded = [](const char* file) {
        QFile in(QStringLiteral(ORRERY_FIXTURE_DIR "/live/") + QLatin1String(file));
        if (!in.open(QIODevice::ReadOnly))
            qFatal("no fixture %s", file);
        return json::parse(in.readAll().toStdString());
    };
    // kubernetes/kubernetes PR 130894 and issue 139488: POST to the namespace's bindings.
    const std::string bindings = "/api/v1/namespaces/default/bindings";
    const ServeResponse noName = api.handle(request("POST", bindings, R"({"target":{}})"));
    QCOMPARE(noName.code, 500);
    QCOMPARE(bodyOf(noName).dump(), recorded("binding-target-name-required.json").dump());
    const ServeResponse badKind = api.handle(request("POST", bindings, R"({"target":{"kind":"foo"}})"));
    QCOMPARE(badKind.code, 500);
    QCOMPARE(bodyOf(badKind).dump(), recorded("binding-target-kind-unsupported.json").dump());
    // The same Binding through the pod's subresource gets the same answer.
    const ServeResponse viaPod = api.handle(request("POST", "/api/v1/namespaces/default/pods/p/binding",
                                                    R"({"metadata":{"name":"p"},"target":{"kind":"foo"}})"));
    QCOMPARE(viaPod.code, 500);
    QCOMPARE(bodyOf(viaPod).dump(), recorded("binding-target-kind-unsupported.json").dump());

    // A Binding that goes through, by either endpoint.
    QCOMPARE(api.handle(request("POST", kPods, podBody("one"))).code, 201);
    QCOMPARE(api.handle(request("POST", kPods, podBody("two"))).code, 201);
    const ServeResponse one = api.handle(request("POST", kPods + "/one/binding", bindingBody("one", "node-0")));
    QCOMPARE(one.code, 201);
    QCOMPARE(bodyOf(one).dump(), recorded("binding-created.json").dump());
    const ServeResponse two = api.handle(request("POST", "/api/v1/namespaces/batch/bindings", bindingBody("two", "node-1")));
    QCOMPARE(two.code, 201);
    QCOMPARE(bodyOf(two).dump(), recorded("binding-created.json").dump());
    QCOMPARE(str(bodyOf(api.handle(get(kPods + "/two")))["spec"]["nodeName"]), std::string("node-1"));
    QCOMPARE(api.handle(get(bindings)).code, 405);
    // Discovery lists it, as kube-apiserver does (create only).
    const json discovery = bodyOf(api.handle(get("/api/v1")));
    bool listed = false;
    for (const json& resource : discovery["resources"])
        listed = listed || (resource["name"] == "bindings" && resource["verbs"] == json::array({"create"}));
    QVERIFY2(listed, discovery.dump().c_str());
}

void TestServeScheduling::createRefusesWhatTheApiServerRefuses()
{
    auto served = cluster();
    ServeApi api(*served);
    QCOMPARE(api.handle(request("POST", kPods, podBody("a"))).code, 201);
    const ServeResponse twice = api.handle(request("POST", kPods, podBody("a")));
    QCOMPARE(twice.code, 409);
    QCOMPARE(str(bodyOf(twice)["reason"]), std::string("AlreadyExists"));
    QCOMPARE(str(bodyOf(twice)["message"]), std::string("pods \"a\" already exists"));
    QCOMPARE(api.handle(request("POST", kPods, "{not json")).code, 400);
    QCOMPARE(api.handle(request("POST", kPods, json{{"kind", "Service"}, {"metadata", {{"name", "s"}}}}.dump())).code, 400);
    const ServeResponse noContainers = api.handle(request("POST", kPods, json{{"metadata", {{"name", "x"}}}, {"spec", json::object()}}.dump()));
    QCOMPARE(noContainers.code, 422);
    QCOMPARE(str(bodyOf(noContainers)["reason"]), std::string("Invalid"));
    QCOMPARE(str(bodyOf(noContainers)["message"]), std::string("Pod \"x\" is invalid: spec.containers: Required value"));
    QCOMPARE(api.handle(request("POST", kPods, podBody("y", {{"containers", json::array()}}))).code, 422);
    const ServeResponse noImage = api.handle(request("POST", kPods, podBody("z", {{"containers", json::array({{{"name", "c"}}})}})));
    QCOMPARE(noImage.code, 422);
    QCOMPARE(str(bodyOf(noImage)["message"]), std::string("Pod \"z\" is invalid: spec.containers[0].image: Required value"));
    QCOMPARE(api.handle(request("POST", kPods, podBody("Bad_Name"))).code, 422);
    QCOMPARE(api.handle(request("POST", kPods, json{{"spec", {{"containers", json::array({{{"name", "c"}, {"image", "i"}}})}}}}.dump())).code, 422);
    const ServeResponse elsewhere =
        api.handle(request("POST", kPods, json{{"metadata", {{"name", "x"}, {"namespace", "elsewhere"}}}, {"spec", json::object()}}.dump()));
    QCOMPARE(elsewhere.code, 400);
    QCOMPARE(str(bodyOf(elsewhere)["reason"]), std::string("BadRequest"));
    QCOMPARE(api.handle(request("POST", "/api/v1/pods", podBody("b"))).code, 405); // pods are created in a namespace
    QCOMPARE(api.handle(request("POST", kPods, podBody("n", {{"nodeName", "no-such-node"}}))).code, 422);
    // A name the simulation gives its replicas in its namespace.
    const std::string reserved = serve::ObjectNames::replicaSet("nginx-web-server") + "-zzzzz";
    QCOMPARE(api.handle(request("POST", "/api/v1/namespaces/social-network/pods", podBody(reserved))).code, 422);
    QCOMPARE(api.handle(request("POST", kPods, podBody(reserved))).code, 201); // any other namespace is free
    // The QoS class from requests and limits.
    const json both = {{"cpu", "500m"}, {"memory", "1Gi"}};
    const json guaranteed = bodyOf(api.handle(request("POST", kPods, podBody("g", {{"containers", json::array({{{"name", "c"}, {"image", "i"},
        {"resources", {{"requests", {{"cpu", "0.5"}, {"memory", "1Gi"}}}, {"limits", both}}}}})}}))));
    QCOMPARE(str(guaranteed["status"]["qosClass"]), std::string("Guaranteed"));
    const json bestEffort = bodyOf(api.handle(request("POST", kPods, podBody("e", {{"containers", json::array({{{"name", "c"}, {"image", "i"}}})}}))));
    QCOMPARE(str(bestEffort["status"]["qosClass"]), std::string("BestEffort"));
    QCOMPARE(str(bestEffort["spec"]["schedulerName"]), std::string("orrery")); // podBody's
    // A status sent along is the API server's to set.
    json withStatus = json::parse(podBody("s"));
    withStatus["status"] = {{"phase", "Running"}, {"podIP", "1.2.3.4"}};
    const json statusSent = bodyOf(api.handle(request("POST", kPods, withStatus.dump())));
    QCOMPARE(statusSent["status"].dump(), (json{{"phase", "Pending"}, {"qosClass", "Burstable"}}).dump());
}

void TestServeScheduling::generateNameAndNodeNameAtCreation()
{
    auto served = cluster();
    ServeApi api(*served);
    const std::string body = json{{"metadata", {{"generateName", "job-"}}},
                                  {"spec", {{"containers", json::array({{{"name", "c"}, {"image", "busybox"}}})}}}}.dump();
    const ServeResponse first = api.handle(request("POST", kPods, body));
    const ServeResponse second = api.handle(request("POST", kPods, body));
    QCOMPARE(first.code, 201);
    QCOMPARE(second.code, 201);
    const std::string a = bodyOf(first)["metadata"]["name"];
    const std::string b = bodyOf(second)["metadata"]["name"];
    QCOMPARE(a.size(), std::size_t(9));
    QCOMPARE(a.substr(0, 4), std::string("job-"));
    QVERIFY(a != b);
    for (const char c : a.substr(4))
        QVERIFY(std::string("bcdfghjklmnpqrstvwxz2456789").find(c) != std::string::npos);
    QCOMPARE(api.handle(get(kPods + "/" + a)).code, 200);
    QCOMPARE(str(bodyOf(first)["spec"]["schedulerName"]), std::string("default-scheduler"));
    // The same requests on a fresh cluster give the same names.
    auto again = cluster();
    ServeApi replay(*again);
    QCOMPARE(str(bodyOf(replay.handle(request("POST", kPods, body)))["metadata"]["name"]), a);

    // Created with spec.nodeName: bound at once, Running a period later.
    const json direct = bodyOf(api.handle(request("POST", kPods, podBody("direct", {{"nodeName", "node-1"}}))));
    QCOMPARE(str(direct["spec"]["nodeName"]), std::string("node-1"));
    QCOMPARE(str(direct["status"]["phase"]), std::string("Pending"));
    QCOMPARE(api.handle(request("POST", kPods + "/direct/binding", bindingBody("direct", "node-0"))).code, 409);
    served->advance();
    QCOMPARE(str(bodyOf(api.handle(get(kPods + "/direct")))["status"]["phase"]), std::string("Running"));
    QCOMPARE(str(bodyOf(api.handle(get(kPods + "/" + a)))["status"]["phase"]), std::string("Pending")); // unbound ones wait
}

void TestServeScheduling::deleteOnlyWhatTheApiCreated()
{
    auto served = cluster();
    ServeApi api(*served);
    QCOMPARE(api.handle(request("POST", kPods, podBody("gone"))).code, 201);
    const ServeResponse deleted = api.handle(request("DELETE", kPods + "/gone", R"({"propagationPolicy":"Background"})"));
    QCOMPARE(deleted.code, 200);
    QCOMPARE(str(bodyOf(deleted)["kind"]), std::string("Pod"));
    QCOMPARE(str(bodyOf(deleted)["metadata"]["name"]), std::string("gone"));
    QCOMPARE(api.handle(get(kPods + "/gone")).code, 404);
    QCOMPARE(api.handle(request("DELETE", kPods + "/gone")).code, 404);
    // The name is free again.
    QCOMPARE(api.handle(request("POST", kPods, podBody("gone"))).code, 201);

    const std::string owned = names(api, "/api/v1/namespaces/social-network/pods", {}).front();
    const ServeResponse refused = api.handle(request("DELETE", "/api/v1/namespaces/social-network/pods/" + owned));
    QCOMPARE(refused.code, 405);
    QCOMPARE(str(bodyOf(refused)["reason"]), std::string("MethodNotAllowed"));
    QVERIFY(str(bodyOf(refused)["message"]).find("scale its Deployment") != std::string::npos);
    QCOMPARE(api.handle(get("/api/v1/namespaces/social-network/pods/" + owned)).code, 200);
}

void TestServeScheduling::standalonePodsSurviveTheSimulation()
{
    auto served = cluster();
    ServeApi api(*served);
    for (const std::string ns : {"batch", "social-network"}) {
        const std::string pods = "/api/v1/namespaces/" + ns + "/pods";
        QCOMPARE(api.handle(request("POST", pods, podBody("mine"))).code, 201);
        QCOMPARE(api.handle(request("POST", pods, podBody("waiting"))).code, 201);
        QCOMPARE(api.handle(request("POST", pods + "/mine/binding", bindingBody("mine", "node-3"))).code, 201);
    }
    served->advance();
    const json running = bodyOf(api.handle(get("/api/v1/namespaces/social-network/pods/mine")));
    const json waiting = bodyOf(api.handle(get("/api/v1/namespaces/social-network/pods/waiting")));
    // A Deployment grows and shrinks; the simulation republishes its pods every period.
    const auto scaleTo = [&](std::size_t replicas) {
        const ServeRequest scale{"PATCH", "/apis/apps/v1/namespaces/social-network/deployments/nginx-web-server", {},
                                 "application/merge-patch+json", R"({"spec":{"replicas":)" + std::to_string(replicas) + "}}", {}};
        QCOMPARE(api.handle(scale).code, 200);
        for (int i = 0; i < 30 && names(api, "/api/v1/namespaces/social-network/pods", {{"labelSelector", "app=nginx-web-server"}}).size() != replicas; ++i)
            served->advance();
        QCOMPARE(names(api, "/api/v1/namespaces/social-network/pods", {{"labelSelector", "app=nginx-web-server"}}).size(), replicas);
    };
    scaleTo(4);
    scaleTo(1);
    for (int i = 0; i < 3; ++i)
        served->advance();
    QCOMPARE(bodyOf(api.handle(get("/api/v1/namespaces/social-network/pods/mine"))).dump(), running.dump()); // untouched: same resourceVersion
    QCOMPARE(bodyOf(api.handle(get("/api/v1/namespaces/social-network/pods/waiting"))).dump(), waiting.dump());
    QCOMPARE(str(bodyOf(api.handle(get(kPods + "/mine")))["status"]["phase"]), std::string("Running"));
    QCOMPARE(api.handle(get(kPods + "/waiting")).code, 200);
}

void TestServeScheduling::fieldSelectorsFilterAndRefuse()
{
    auto served = cluster();
    ServeApi api(*served);
    api.handle(request("POST", kPods, podBody("p1")));
    api.handle(request("POST", kPods, podBody("p2")));
    api.handle(request("POST", kPods, podBody("p3", {{"schedulerName", "other"}})));
    QCOMPARE(api.handle(request("POST", kPods + "/p1/binding", bindingBody("p1", "node-0"))).code, 201);
    using Names = std::vector<std::string>;
    QCOMPARE(names(api, kPods, {{"fieldSelector", "spec.nodeName=node-0"}}), (Names{"p1"}));
    QCOMPARE(names(api, kPods, {{"fieldSelector", "spec.nodeName="}}), (Names{"p2", "p3"})); // what waits for a scheduler
    QCOMPARE(names(api, kPods, {{"fieldSelector", "spec.schedulerName==orrery,metadata.name!=p1"}}), (Names{"p2"}));
    QCOMPARE(names(api, kPods, {{"fieldSelector", "status.phase=Pending"}, {"labelSelector", ""}}), (Names{"p1", "p2", "p3"}));
    QCOMPARE(names(api, "/api/v1/pods", {{"fieldSelector", "spec.schedulerName=orrery"}, {"limit", "1"}}), (Names{"p1"}));
    QCOMPARE(names(api, "/api/v1/nodes", {{"fieldSelector", "metadata.name=node-2"}}), (Names{"node-2"}));
    QCOMPARE(names(api, "/api/v1/nodes", {{"fieldSelector", "spec.unschedulable=false"}}).size(), std::size_t(4));
    // What the API server does not support is a 400, never ignored.
    const ServeResponse unsupported = api.handle(get(kPods, {{"fieldSelector", "spec.priority=0"}}));
    QCOMPARE(unsupported.code, 400);
    QCOMPARE(str(bodyOf(unsupported)["reason"]), std::string("BadRequest"));
    QCOMPARE(str(bodyOf(unsupported)["message"]), std::string("field label not supported: spec.priority"));
    QCOMPARE(api.handle(get(kPods, {{"fieldSelector", "spec.nodeName"}})).code, 400);
    QCOMPARE(api.handle(get(kPods, {{"fieldSelector", "=x"}})).code, 400);
    QCOMPARE(api.handle(get(kEvents, {{"fieldSelector", "spec.nodeName=node-0"}})).code, 400);
    QCOMPARE(api.handle(get("/apis/apps/v1/deployments", {{"fieldSelector", "involvedObject.name=x"}})).code, 400);
    QCOMPARE(api.handle(get(kPods, {{"fieldSelector", "spec.foo=x"}, {"watch", "1"}})).code, 400);
}

void TestServeScheduling::eventsAreStoredListedAndBounded()
{
    auto served = cluster(3);
    ServeApi api(*served);
    const json p1 = bodyOf(api.handle(request("POST", kPods, podBody("p1"))));
    const std::string uid = p1["metadata"]["uid"];
    const ServeResponse created = api.handle(request("POST", kEvents, eventBody("p1.1", "p1", uid, "Scheduled")));
    QCOMPARE(created.code, 201);
    const json event = bodyOf(created);
    QVERIFY(!str(event["metadata"]["uid"]).empty());
    QVERIFY(!str(event["metadata"]["resourceVersion"]).empty());
    QVERIFY(isNow(event["metadata"]["creationTimestamp"]));
    QCOMPARE(str(event["metadata"]["namespace"]), std::string("batch"));
    QCOMPARE(str(event["reason"]), std::string("Scheduled"));
    const ServeResponse twice = api.handle(request("POST", kEvents, eventBody("p1.1", "p1", uid, "Scheduled")));
    QCOMPARE(twice.code, 409);
    QCOMPARE(str(bodyOf(twice)["reason"]), std::string("AlreadyExists"));
    QCOMPARE(str(bodyOf(twice)["message"]), std::string("events \"p1.1\" already exists"));
    QCOMPARE(api.handle(request("POST", "/api/v1/namespaces/other/events", eventBody("x.1", "p1", uid, "Scheduled"))).code, 422);
    QCOMPARE(api.handle(request("POST", kEvents, eventBody("p2.1", "p2", "uid-2", "FailedScheduling"))).code, 201);
    QCOMPARE(api.handle(get(kEvents + "/p1.1")).code, 200);

    using Names = std::vector<std::string>;
    // kubectl describe pod's selector.
    QCOMPARE(names(api, kEvents, {{"fieldSelector", "involvedObject.name=p1,involvedObject.namespace=batch,involvedObject.uid=" + uid}}),
             (Names{"p1.1"}));
    QCOMPARE(names(api, kEvents, {{"fieldSelector", "involvedObject.name=p1,involvedObject.uid=another"}}), Names{});
    QCOMPARE(names(api, "/api/v1/events", {{"fieldSelector", "reason=FailedScheduling"}}), (Names{"p2.1"}));
    QCOMPARE(names(api, "/api/v1/events", {{"fieldSelector", "source=orrery,type=Normal"}}), (Names{"p1.1", "p2.1"}));
    const json page = bodyOf(api.handle(get("/api/v1/events", {{"limit", "1"}})));
    QCOMPARE(str(page["kind"]), std::string("EventList"));
    QCOMPARE(page["items"].size(), std::size_t(1));
    const std::string token = page["metadata"]["continue"];
    QCOMPARE(names(api, "/api/v1/events", {{"limit", "1"}, {"continue", token}}), (Names{"p2.1"}));

    // At most 3 kept: the oldest goes, and a watch sees it go.
    const std::string from = page["metadata"]["resourceVersion"];
    const ServeResponse watch = api.handle(get(kEvents, {{"watch", "1"}, {"resourceVersion", from}}));
    QVERIFY(watch.watch);
    serve::WatchCursor cursor = *watch.watch;
    QCOMPARE(api.handle(request("POST", kEvents, eventBody("p1.2", "p1", uid, "Pulled"))).code, 201);
    QCOMPARE(api.handle(request("POST", kEvents, eventBody("p1.3", "p1", uid, "Started"))).code, 201);
    QCOMPARE(names(api, kEvents, {}), (Names{"p1.2", "p1.3", "p2.1"}));
    bool gone = false;
    QCOMPARE(changes(api.poll(cursor, gone)), (Changes{{"ADDED", "p1.2"}, {"ADDED", "p1.3"}, {"DELETED", "p1.1"}}));
    // Events are replaced and deleted like any object.
    json update = bodyOf(api.handle(get(kEvents + "/p1.3")));
    update["count"] = 2;
    QCOMPARE(api.handle(request("PUT", kEvents + "/p1.3", update.dump())).code, 200);
    QCOMPARE(api.handle(request("DELETE", kEvents + "/p1.3")).code, 200);
    QCOMPARE(api.handle(get(kEvents + "/p1.3")).code, 404);
}

void TestServeScheduling::leasesAreOptimisticallyLocked()
{
    auto served = cluster();
    ServeApi api(*served);
    const ServeResponse absent = api.handle(get(kLeases + "/orrery"));
    QCOMPARE(absent.code, 404);
    QCOMPARE(str(bodyOf(absent)["message"]), std::string("leases.coordination.k8s.io \"orrery\" not found"));
    const std::string lease = json{{"apiVersion", "coordination.k8s.io/v1"},
                                   {"kind", "Lease"},
                                   {"metadata", {{"name", "orrery"}}},
                                   {"spec", {{"holderIdentity", "a"}, {"leaseDurationSeconds", 15}}}}.dump();
    const ServeResponse created = api.handle(request("POST", kLeases, lease));
    QCOMPARE(created.code, 201);
    const json stored = bodyOf(created);
    const std::string version = stored["metadata"]["resourceVersion"];
    QCOMPARE(str(stored["metadata"]["namespace"]), std::string("kube-system"));
    QVERIFY(isNow(stored["metadata"]["creationTimestamp"]));
    const ServeResponse twice = api.handle(request("POST", kLeases, lease));
    QCOMPARE(twice.code, 409);
    QCOMPARE(str(bodyOf(twice)["reason"]), std::string("AlreadyExists"));
    QCOMPARE(api.handle(get(kLeases + "/orrery")).code, 200);

    json update = json::parse(lease);
    update["metadata"]["resourceVersion"] = version;
    update["spec"]["holderIdentity"] = "b";
    const ServeResponse replaced = api.handle(request("PUT", kLeases + "/orrery", update.dump()));
    QCOMPARE(replaced.code, 200);
    const json now = bodyOf(replaced);
    QCOMPARE(str(now["spec"]["holderIdentity"]), std::string("b"));
    QCOMPARE(str(now["metadata"]["uid"]), str(stored["metadata"]["uid"]));
    QVERIFY(now["metadata"]["resourceVersion"] != version);
    // The same stale version again: someone else wrote since.
    update["spec"]["holderIdentity"] = "c";
    const ServeResponse stale = api.handle(request("PUT", kLeases + "/orrery", update.dump()));
    QCOMPARE(stale.code, 409);
    QCOMPARE(str(bodyOf(stale)["reason"]), std::string("Conflict"));
    QCOMPARE(str(bodyOf(stale)["message"]),
             std::string("Operation cannot be fulfilled on leases.coordination.k8s.io \"orrery\": the object has been modified; "
                         "please apply your changes to the latest version and try again"));
    QCOMPARE(str(bodyOf(api.handle(get(kLeases + "/orrery")))["spec"]["holderIdentity"]), std::string("b"));
    // The current version wins.
    update["metadata"]["resourceVersion"] = now["metadata"]["resourceVersion"];
    QCOMPARE(api.handle(request("PUT", kLeases + "/orrery", update.dump())).code, 200);
    QCOMPARE(str(bodyOf(api.handle(get(kLeases + "/orrery")))["spec"]["holderIdentity"]), std::string("c"));

    json renamed = json::parse(lease);
    renamed["metadata"]["name"] = "absent";
    const ServeResponse absentPut = api.handle(request("PUT", kLeases + "/absent", renamed.dump()));
    QCOMPARE(absentPut.code, 404);
    QCOMPARE(str(bodyOf(absentPut)["reason"]), std::string("NotFound"));
    QCOMPARE(api.handle(request("PUT", kLeases + "/orrery", renamed.dump())).code, 400); // the URL names another
    QCOMPARE(api.handle(request("POST", "/apis/coordination.k8s.io/v1/namespaces/anything/leases", lease)).code, 201);
    QCOMPARE(names(api, kLeases, {}), (std::vector<std::string>{"orrery"}));
    QCOMPARE(names(api, "/apis/coordination.k8s.io/v1/leases", {}).size(), std::size_t(2));
    QCOMPARE(api.handle(request("DELETE", kLeases + "/orrery")).code, 200);
    QCOMPARE(api.handle(get(kLeases + "/orrery")).code, 404);
}

void TestServeScheduling::watchSeesTheWholeLife()
{
    auto served = cluster();
    ServeApi api(*served);
    const std::string from = bodyOf(api.handle(get(kPods)))["metadata"]["resourceVersion"];
    const ServeResponse watch = api.handle(get(kPods, {{"watch", "true"}, {"resourceVersion", from}}));
    QVERIFY(watch.watch.has_value());
    QVERIFY(watch.body.empty());
    serve::WatchCursor cursor = *watch.watch;
    QCOMPARE(api.handle(request("POST", kPods, podBody("w"))).code, 201);
    QCOMPARE(api.handle(request("POST", kPods + "/w/binding", bindingBody("w", "node-1"))).code, 201);
    served->advance();
    QCOMPARE(api.handle(request("DELETE", kPods + "/w")).code, 200);
    bool gone = false;
    const std::string lines = api.poll(cursor, gone);
    QVERIFY(!gone);
    QCOMPARE(changes(lines), (Changes{{"ADDED", "w"}, {"MODIFIED", "w"}, {"MODIFIED", "w"}, {"DELETED", "w"}}));
    std::vector<json> objects;
    std::istringstream in(lines);
    for (std::string line; std::getline(in, line);)
        objects.push_back(json::parse(line)["object"]);
    QCOMPARE(str(objects[1]["spec"]["nodeName"]), std::string("node-1"));
    QCOMPARE(str(objects[2]["status"]["phase"]), std::string("Running"));
    // The whole cluster's watch sees the same among the simulation's changes, and nothing twice.
    const ServeResponse all = api.handle(get("/api/v1/pods", {{"watch", "1"}, {"resourceVersion", from}}));
    Changes ofW;
    for (const auto& change : changes(all.body))
        if (change.second == "w")
            ofW.push_back(change);
    QCOMPARE(ofW, changes(lines));
    QVERIFY(api.poll(cursor, gone).empty());
}

void TestServeScheduling::watchWithAFieldSelectorSeesPodsLeaveIt()
{
    auto served = cluster();
    ServeApi api(*served);
    const std::map<std::string, std::string> pending = {{"fieldSelector", "spec.nodeName="}, {"watch", "1"}};
    QCOMPARE(api.handle(request("POST", kPods, podBody("early"))).code, 201);
    // From no version: the pending pods first.
    const ServeResponse start = api.handle(get(kPods, pending));
    QCOMPARE(changes(start.body), (Changes{{"ADDED", "early"}}));
    serve::WatchCursor cursor = *start.watch;
    QCOMPARE(api.handle(request("POST", kPods, podBody("late"))).code, 201);
    QCOMPARE(api.handle(request("POST", kPods + "/early/binding", bindingBody("early", "node-0"))).code, 201);
    served->advance();
    bool gone = false;
    // Bound: it leaves the selector, which the watch tells as DELETED; Running is no news.
    QCOMPARE(changes(api.poll(cursor, gone)), (Changes{{"ADDED", "late"}, {"DELETED", "early"}}));

    // From a list's version: "late" matched then and is bound after, so it is DELETED too.
    const std::string version = bodyOf(api.handle(get(kPods, {{"fieldSelector", "spec.nodeName="}})))["metadata"]["resourceVersion"];
    QCOMPARE(api.handle(request("POST", kPods + "/late/binding", bindingBody("late", "node-1"))).code, 201);
    auto query = pending;
    query["resourceVersion"] = version;
    const ServeResponse resumed = api.handle(get(kPods, query));
    QCOMPARE(changes(resumed.body), (Changes{{"DELETED", "late"}}));
    // Bound pods on node-1 since that version: "late" enters that selector.
    query["fieldSelector"] = "spec.nodeName=node-1";
    QCOMPARE(changes(api.handle(get(kPods, query)).body), (Changes{{"ADDED", "late"}}));
}

void TestServeScheduling::discoveryListsTheNewResources()
{
    auto served = cluster();
    ServeApi api(*served);
    std::map<std::string, json> core;
    const json coreList = bodyOf(api.handle(get("/api/v1")));
    for (const json& resource : coreList["resources"])
        core[resource["name"]] = resource;
    QCOMPARE(core["pods"]["verbs"].dump(), (json{"create", "delete", "get", "list", "watch"}).dump());
    QCOMPARE(core["pods/binding"]["verbs"].dump(), json::array({"create"}).dump());
    QCOMPARE(str(core["pods/binding"]["kind"]), std::string("Binding"));
    QCOMPARE(core["events"]["verbs"].dump(), (json{"create", "delete", "get", "list", "update", "watch"}).dump());
    QVERIFY(core["events"]["namespaced"].get<bool>());
    bool coordination = false;
    const json groups = bodyOf(api.handle(get("/apis")));
    for (const json& group : groups["groups"])
        if (group["name"] == "coordination.k8s.io") {
            coordination = true;
            QCOMPARE(str(group["preferredVersion"]["groupVersion"]), std::string("coordination.k8s.io/v1"));
        }
    QVERIFY(coordination);
    const json leases = bodyOf(api.handle(get("/apis/coordination.k8s.io/v1")));
    QCOMPARE(str(leases["groupVersion"]), std::string("coordination.k8s.io/v1"));
    QCOMPARE(leases["resources"].size(), std::size_t(1));
    QCOMPARE(str(leases["resources"][0]["name"]), std::string("leases"));
    QCOMPARE(leases["resources"][0]["verbs"].dump(), (json{"create", "delete", "get", "list", "update", "watch"}).dump());
    // A namespace exists once something was created in it.
    QCOMPARE(api.handle(get("/api/v1/namespaces/batch")).code, 404);
    QCOMPARE(api.handle(request("POST", kPods, podBody("p"))).code, 201);
    QCOMPARE(api.handle(get("/api/v1/namespaces/batch")).code, 200);
    QCOMPARE(names(api, "/api/v1/namespaces", {}), (std::vector<std::string>{"batch", "social-network"}));
}

// What `kubectl taint`, `cordon` and `label` send (serve/node_patch.h): the node keeps them, and
// anything else a served node cannot take is refused.
void TestServeScheduling::nodesTakeTaintsCordonAndLabels()
{
    auto served = cluster();
    ServeApi api(*served);
    const std::string node = json::parse(api.handle(get("/api/v1/nodes")).body)["items"][0]["metadata"]["name"];
    const std::string path = "/api/v1/nodes/" + node;
    auto patch = [&](const std::string& body, const std::string& type = "application/strategic-merge-patch+json") {
        ServeRequest r = request("PATCH", path, body);
        r.contentType = type;
        return api.handle(r);
    };
    const auto tainted = patch(R"({"spec":{"taints":[{"key":"dedicated","value":"gpu","effect":"NoSchedule"}]}})");
    QCOMPARE(tainted.code, 200);
    json stored = json::parse(api.handle(get(path)).body);
    QCOMPARE(stored["spec"]["taints"][0]["key"].get<std::string>(), std::string("dedicated"));
    QCOMPARE(patch(R"({"spec":{"unschedulable":true}})").code, 200);
    QCOMPARE(patch(R"({"metadata":{"labels":{"disk":"ssd","kubernetes.io/os":null}}})", "application/merge-patch+json").code, 200);
    stored = json::parse(api.handle(get(path)).body);
    QVERIFY(stored["spec"]["unschedulable"].get<bool>());
    QCOMPARE(stored["metadata"]["labels"]["disk"].get<std::string>(), std::string("ssd"));
    QVERIFY(!stored["metadata"]["labels"].contains("kubernetes.io/os"));
    // Untaint and uncordon.
    QCOMPARE(patch(R"({"spec":{"taints":null,"unschedulable":null}})").code, 200);
    stored = json::parse(api.handle(get(path)).body);
    QVERIFY(!stored["spec"].contains("taints") && !stored["spec"].contains("unschedulable"));
    // Refusals.
    QCOMPARE(patch(R"({"spec":{"taints":[{"key":"k","effect":"Sometimes"}]}})").code, 422);
    QCOMPARE(patch(R"({"spec":{"taints":["x"]}})").code, 422);
    QCOMPARE(patch(R"({"status":{"capacity":{"cpu":"99"}}})").code, 422);
    QCOMPARE(patch(R"({"spec":{"podCIDR":"10.0.0.0/24"}})").code, 422);
    QCOMPARE(patch("[]", "application/json-patch+json").code, 415);
    QCOMPARE(patch("{not json").code, 400);
    ServeRequest absent = request("PATCH", "/api/v1/nodes/nowhere", "{}");
    absent.contentType = "application/merge-patch+json";
    QCOMPARE(api.handle(absent).code, 404);
}

QTEST_GUILESS_MAIN(TestServeScheduling)
#include "tst_serve_scheduling.moc"
