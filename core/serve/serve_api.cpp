#include "serve/serve_api.h"

#include "serve/field_selector.h"
#include "serve/field_validation.h"
#include "serve/kube_status.h"
#include "serve/metrics_exposition.h"
#include "serve/openapi_documents.h"
#include "serve/resource_metrics.h"
#include "serve/served_cluster.h"
#include "serve/table_printer.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <map>
#include <set>
#include <string_view>
#include <span>
#include <vector>

namespace orrery::serve {
namespace {

using nlohmann::json;

ServeResponse failure(int code, const std::string& message)
{
    ServeResponse response;
    response.code = code;
    response.body = KubeStatus::failure(code, KubeStatus::reasonFor(code), message);
    return response;
}

ServeResponse ok(const json& body) { return {200, "application/json", body.dump(), std::nullopt, false, {}}; }

std::vector<std::string> segments(const std::string& path)
{
    std::vector<std::string> out;
    std::size_t at = 0;
    while (at < path.size()) {
        const std::size_t slash = path.find('/', at);
        const std::size_t end = slash == std::string::npos ? path.size() : slash;
        if (end > at)
            out.push_back(path.substr(at, end - at));
        at = end + 1;
    }
    return out;
}

std::optional<std::uint64_t> unsignedOf(const std::string& text)
{
    std::uint64_t value = 0;
    const auto result = std::from_chars(text.data(), text.data() + text.size(), value);
    if (result.ec != std::errc() || result.ptr != text.data() + text.size())
        return std::nullopt;
    return value;
}

std::string param(const ServeRequest& request, const std::string& name)
{
    const auto it = request.query.find(name);
    return it == request.query.end() ? std::string() : it->second;
}

bool truthy(const std::string& value) { return value == "1" || value == "true" || value == "True"; }

std::map<std::string, std::string> labelsOf(const json& object)
{
    std::map<std::string, std::string> labels;
    const auto metadata = object.find("metadata");
    if (metadata == object.end())
        return labels;
    const auto found = metadata->find("labels");
    if (found == metadata->end() || !found->is_object())
        return labels;
    for (const auto& [key, value] : found->items())
        if (value.is_string())
            labels[key] = value.get<std::string>();
    return labels;
}

//! What a path names: a resource kind, its API group/version, the namespace, an object and a subresource.
struct Route {
    std::string groupVersion; //!< "v1", "apps/v1", …
    std::string resource;
    std::string nameSpace;
    std::string name;
    std::string subresource;
};

std::optional<Route> routeOf(const std::vector<std::string>& parts)
{
    Route route;
    std::size_t at = 0;
    if (parts.size() >= 2 && parts[0] == "api") {
        route.groupVersion = parts[1];
        at = 2;
    } else if (parts.size() >= 3 && parts[0] == "apis") {
        route.groupVersion = parts[1] + "/" + parts[2];
        at = 3;
    } else {
        return std::nullopt;
    }
    if (parts.size() > at + 2 && parts[at] == "namespaces") {
        route.nameSpace = parts[at + 1];
        at += 2;
    }
    if (at >= parts.size())
        return route;
    route.resource = parts[at++];
    if (at < parts.size())
        route.name = parts[at++];
    if (at < parts.size())
        route.subresource = parts[at++];
    if (at < parts.size())
        return std::nullopt;
    return route;
}

struct KindInfo {
    ResourceKind kind;
    const char* kindName;
    const char* groupVersion;
    const char* resource;
    bool namespaced;
};

constexpr KindInfo kKinds[] = {
    {ResourceKind::Node, "Node", "v1", "nodes", false},
    {ResourceKind::Pod, "Pod", "v1", "pods", true},
    {ResourceKind::Deployment, "Deployment", "apps/v1", "deployments", true},
    {ResourceKind::ReplicaSet, "ReplicaSet", "apps/v1", "replicasets", true},
    {ResourceKind::Event, "Event", "v1", "events", true},
    {ResourceKind::Lease, "Lease", "coordination.k8s.io/v1", "leases", true},
};

//! The kinds of kKinds clients write (all but ReplicaSets), for the OpenAPI documents kubectl
//! checks before create and apply (it looks for each kind's PATCH operation; the server answers
//! each method as the routes below do).
std::span<const OpenApiKind> writableKinds()
{
    static const std::vector<OpenApiKind> kinds = [] {
        std::vector<OpenApiKind> out;
        for (const KindInfo& info : kKinds) {
            if (info.kind != ResourceKind::ReplicaSet)
                out.push_back({info.kindName, info.groupVersion, info.resource, info.namespaced});
        }
        return out;
    }();
    return kinds;
}

//! The resource as messages name it: "pods", "deployments.apps", "leases.coordination.k8s.io".
std::string qualifiedName(const KindInfo& info)
{
    const std::string groupVersion = info.groupVersion;
    const std::size_t slash = groupVersion.find('/');
    return slash == std::string::npos ? std::string(info.resource) : std::string(info.resource) + "." + groupVersion.substr(0, slash);
}

bool filtered(const WatchCursor& cursor)
{
    return (cursor.selector && !cursor.selector->empty()) || (cursor.fields && !cursor.fields->empty());
}

bool selects(const WatchCursor& cursor, const json& object)
{
    return (!cursor.selector || cursor.selector->empty() || cursor.selector->matches(labelsOf(object))) &&
           (!cursor.fields || cursor.fields->matches(object));
}

//! Which objects matched the cursor's selectors at its resourceVersion: those unchanged since match
//! as they are now; for the others the event log has their state then. An object whose state
//! then the log no longer holds counts as shown unless its next event creates it (a DELETED too
//! many is harmless to a client, a missing one leaves it a stale object).
std::set<std::string> shownAt(const ObjectStore& objects, const WatchCursor& cursor)
{
    std::set<std::string> shown;
    std::set<std::string> changed;
    objects.forEach(cursor.kind, cursor.nameSpace, {}, [&](const std::string& key, const json& object) {
        const auto version = unsignedOf(object["metadata"].value("resourceVersion", ""));
        if (version && *version <= cursor.resourceVersion) {
            if (selects(cursor, object))
                shown.insert(key);
        } else {
            changed.insert(key);
        }
        return true;
    });
    std::map<std::string, bool> then;
    std::set<std::string> decided;
    objects.eventsAfter(cursor.kind, objects.oldestWatchable(cursor.kind), cursor.nameSpace, [&](const StoredEvent& event) {
        const std::string key = ObjectStore::key(event.nameSpace, event.name);
        if (event.resourceVersion <= cursor.resourceVersion) {
            if (!changed.count(key) && objects.find(cursor.kind, event.nameSpace, event.name))
                return; // unchanged since: decided above
            then[key] = std::string_view(event.type) != "DELETED" && selects(cursor, json::parse(event.line)["object"]);
        } else if (!then.count(key) && decided.insert(key).second && std::string_view(event.type) != "ADDED") {
            shown.insert(key);
        }
    });
    for (const auto& [key, matched] : then)
        if (matched)
            shown.insert(key);
    return shown;
}

//! Kinds clients create and change (the rest the simulation owns).
bool clientWritable(ResourceKind kind)
{
    return kind == ResourceKind::Pod || kind == ResourceKind::Event || kind == ResourceKind::Lease;
}

ServeResponse answered(const ApiAnswer& answer) { return {answer.code, "application/json", answer.body, std::nullopt, false, {}}; }

const KindInfo* kindOf(const Route& route)
{
    for (const KindInfo& info : kKinds)
        if (route.groupVersion == info.groupVersion && route.resource == info.resource)
            return &info;
    return nullptr;
}

//! A write's body as kube-apiserver decodes it under the request's `fieldValidation`: fields the
//! kind does not have refuse the request (Strict: 400), or are dropped with a `Warning` header each
//! (Warn, the default) or silently (Ignore). Kinds without known fields pass as they are.
struct DecodedBody {
    std::string body;
    std::vector<std::string> warnings;
    std::optional<ServeResponse> refusal;
};

DecodedBody decodedBody(const ServeRequest& request, const std::string& groupVersion, const std::string& kindName)
{
    DecodedBody out{request.body, {}, std::nullopt};
    const std::string directive = param(request, "fieldValidation");
    const std::optional<FieldValidation> mode = fieldValidationOf(directive);
    if (!mode) {
        out.refusal = failure(422, "CreateOptions.meta.k8s.io \"\" is invalid: fieldValidation: Unsupported value: \"" + directive +
                                       "\": supported values: \"\", \"Ignore\", \"Strict\", \"Warn\"");
        return out;
    }
    const KnownFields& fields = KnownFields::builtIn();
    const std::string kind = groupVersion + "/" + kindName;
    const std::vector<std::string> unknown = fields.unknownFields(kind, request.body);
    if (unknown.empty())
        return out;
    const std::size_t slash = groupVersion.rfind('/');
    if (*mode == FieldValidation::Strict) {
        out.refusal = failure(400, strictDecodingMessage(kindName, slash == std::string::npos ? groupVersion : groupVersion.substr(slash + 1), unknown));
        return out;
    }
    json object = json::parse(request.body, nullptr, false);
    fields.dropUnknownFields(kind, object);
    out.body = object.dump();
    if (*mode == FieldValidation::Warn)
        for (const std::string& field : unknown)
            out.warnings.push_back(unknownFieldWarning(field));
    return out;
}

//! `write` of the decoded body, its warnings on the answer.
template <class Write>
ServeResponse decodedWrite(const ServeRequest& request, const std::string& groupVersion, const std::string& kindName, Write write)
{
    DecodedBody decoded = decodedBody(request, groupVersion, kindName);
    if (decoded.refusal)
        return *decoded.refusal;
    ServeResponse response = answered(write(decoded.body));
    response.warnings = std::move(decoded.warnings);
    return response;
}

json resourceList(const std::string& groupVersion)
{
    json resources = json::array();
    // Short names and categories as kube-apiserver lists them, so `kubectl get po,deploy,no` and
    // `kubectl get all` resolve.
    const auto add = [&](const char* name, const char* singular, const char* kind, bool namespaced, json verbs,
                         json shortNames = json::array(), json categories = json::array()) {
        json resource = {{"name", name}, {"singularName", singular}, {"namespaced", namespaced}, {"kind", kind}, {"verbs", verbs}};
        if (!shortNames.empty())
            resource["shortNames"] = std::move(shortNames);
        if (!categories.empty())
            resource["categories"] = std::move(categories);
        resources.push_back(std::move(resource));
    };
    if (groupVersion == "v1") {
        add("nodes", "node", "Node", false, {"get", "list", "patch", "watch"}, {"no"});
        add("pods", "pod", "Pod", true, {"create", "delete", "get", "list", "watch"}, {"po"}, {"all"});
        add("pods/binding", "", "Binding", true, {"create"});
        add("bindings", "binding", "Binding", true, {"create"});
        add("events", "event", "Event", true, {"create", "delete", "get", "list", "update", "watch"}, {"ev"});
        add("namespaces", "namespace", "Namespace", false, {"get", "list"}, {"ns"});
    } else if (groupVersion == "apps/v1") {
        add("deployments", "deployment", "Deployment", true, {"get", "list", "watch", "patch"}, {"deploy"}, {"all"});
        add("deployments/scale", "", "Scale", true, {"get", "patch"});
        add("replicasets", "replicaset", "ReplicaSet", true, {"get", "list", "watch"}, {"rs"}, {"all"});
    } else if (groupVersion == "autoscaling/v1") {
        add("horizontalpodautoscalers", "horizontalpodautoscaler", "HorizontalPodAutoscaler", true, {"list"}, {"hpa"}, {"all"});
    } else if (groupVersion == "coordination.k8s.io/v1") {
        add("leases", "lease", "Lease", true, {"create", "delete", "get", "list", "update", "watch"});
    }
    return {{"kind", "APIResourceList"}, {"apiVersion", "v1"}, {"groupVersion", groupVersion}, {"resources", resources}};
}

json namespaceJson(const std::string& name)
{
    return {{"apiVersion", "v1"},
            {"kind", "Namespace"},
            {"metadata", {{"name", name}, {"labels", {{"kubernetes.io/metadata.name", name}}}}},
            {"status", {{"phase", "Active"}}}};
}

json scaleJson(const json& deployment)
{
    const json& metadata = deployment["metadata"];
    return {{"apiVersion", "autoscaling/v1"},
            {"kind", "Scale"},
            {"metadata",
             {{"name", metadata["name"]}, {"namespace", metadata["namespace"]}, {"uid", metadata["uid"]},
              {"resourceVersion", metadata["resourceVersion"]}}},
            {"spec", {{"replicas", deployment["spec"]["replicas"]}}},
            {"status", {{"replicas", deployment["status"].value("replicas", 0)}, {"selector", "app=" + metadata["name"].get<std::string>()}}}};
}

//! GET of the Metrics API (metrics.k8s.io/v1beta1, serve/resource_metrics.h).
ServeResponse metricsApi(const ServedCluster& cluster, const ServeRequest& request, const Route& route)
{
    const bool get = request.method == "GET" || request.method == "HEAD";
    if (!get)
        return failure(405, "the Metrics API is read-only");
    if (route.resource.empty())
        return ok(ResourceMetrics::resourceList());
    std::string error;
    const std::optional<LabelSelector> selector = LabelSelector::parse(param(request, "labelSelector"), &error);
    if (!selector)
        return failure(400, "labelSelector: " + error);
    const ResourceMetrics metrics = cluster.resourceMetrics();
    if (route.resource == "nodes" && route.nameSpace.empty() && route.subresource.empty()) {
        if (route.name.empty())
            return ok(metrics.nodeList(selector));
        if (const auto node = metrics.node(route.name))
            return ok(*node);
        return failure(404, "nodes.metrics.k8s.io \"" + route.name + "\" not found");
    }
    if (route.resource == "pods" && route.subresource.empty()) {
        if (route.name.empty())
            return ok(metrics.podList(route.nameSpace, selector));
        if (const auto pod = metrics.pod(route.nameSpace, route.name))
            return ok(*pod);
        return failure(404, "pods.metrics.k8s.io \"" + route.name + "\" not found");
    }
    return failure(404, "the server could not find the requested resource");
}

} // namespace

ServeApi::ServeApi(ServedCluster& cluster)
    : m_cluster(cluster)
{
}

ServeResponse ServeApi::handle(const ServeRequest& request)
{
    const std::vector<std::string> parts = segments(request.path);
    const bool get = request.method == "GET" || request.method == "HEAD";
    if (get && request.path == "/metrics")
        return {200, MetricsExposition::kContentType, m_cluster.metricsText(), std::nullopt, false, {}};
    if (get && (request.path == "/healthz" || request.path == "/readyz" || request.path == "/livez"))
        return {200, "text/plain; charset=utf-8", "ok", std::nullopt, false, {}};
    if (get && request.path == "/version")
        return ok({{"major", "1"}, {"minor", "29"}, {"gitVersion", "v1.29.0-orrery"}, {"platform", "linux/amd64"},
                   {"orrerySimTimeSeconds", sim::toSeconds(m_cluster.now())}});
    if (get && (request.path == "/openapi/v3" || request.path.rfind("/openapi/v3/", 0) == 0)) {
        const OpenApiDocuments documents(writableKinds());
        if (request.path == "/openapi/v3")
            return ok(documents.root());
        if (const auto document = documents.document(request.path.substr(std::string("/openapi/v3/").size())))
            return ok(*document);
        return failure(404, "the server could not find the requested resource");
    }
    if (get && request.path == "/api")
        return ok({{"kind", "APIVersions"}, {"versions", {"v1"}},
                   {"serverAddressByClientCIDRs", json::array({{{"clientCIDR", "0.0.0.0/0"}, {"serverAddress", "127.0.0.1"}}})}});
    if (get && request.path == "/apis") {
        json groups = json::array();
        for (const char* group : {"apps", "autoscaling", "coordination.k8s.io"}) {
            const json version = {{"groupVersion", std::string(group) + "/v1"}, {"version", "v1"}};
            groups.push_back({{"name", group}, {"versions", json::array({version})}, {"preferredVersion", version}});
        }
        // The Metrics API, as metrics-server registers it: what `kubectl top` looks for.
        const json metrics = {{"groupVersion", ResourceMetrics::kGroupVersion}, {"version", "v1beta1"}};
        groups.push_back({{"name", "metrics.k8s.io"}, {"versions", json::array({metrics})}, {"preferredVersion", metrics}});
        return ok({{"kind", "APIGroupList"}, {"apiVersion", "v1"}, {"groups", groups}});
    }
    const std::optional<Route> route = routeOf(parts);
    if (!route)
        return failure(404, "the server could not find the requested resource");
    if (route->groupVersion == ResourceMetrics::kGroupVersion)
        return metricsApi(m_cluster, request, *route);
    if (route->resource.empty()) {
        if (!get || (route->groupVersion != "v1" && route->groupVersion != "apps/v1" && route->groupVersion != "autoscaling/v1" &&
                     route->groupVersion != "coordination.k8s.io/v1"))
            return failure(404, "the server could not find the requested resource");
        return ok(resourceList(route->groupVersion));
    }
    if (route->groupVersion == "v1" && route->resource == "namespaces" && route->nameSpace.empty()) {
        if (!get)
            return failure(405, "namespaces are read-only in a served cluster");
        const std::vector<std::string> names = m_cluster.namespaces();
        if (route->name.empty()) {
            json items = json::array();
            for (const std::string& name : names)
                items.push_back(namespaceJson(name));
            return ok({{"kind", "NamespaceList"}, {"apiVersion", "v1"},
                       {"metadata", {{"resourceVersion", std::to_string(m_cluster.objects().resourceVersion())}}},
                       {"items", items}});
        }
        if (std::find(names.begin(), names.end(), route->name) == names.end() || !route->subresource.empty())
            return failure(404, "namespaces \"" + route->name + "\" not found");
        return ok(namespaceJson(route->name));
    }
    if (route->resource == "horizontalpodautoscalers" && route->name.empty() && get)
        return ok({{"kind", "HorizontalPodAutoscalerList"}, {"apiVersion", route->groupVersion},
                   {"metadata", {{"resourceVersion", std::to_string(m_cluster.objects().resourceVersion())}}},
                   {"items", json::array()}});
    // The older way to bind, which kube-apiserver still serves: a Binding POSTed to the namespace's
    // `bindings`, the pod named by the Binding's metadata.name (tests/fixtures/live/README.md).
    if (route->groupVersion == "v1" && route->resource == "bindings" && !route->nameSpace.empty() && route->name.empty()) {
        if (request.method != "POST")
            return failure(405, "the server does not allow this method on the requested resource");
        return decodedWrite(request, "v1", "Binding", [&](const std::string& body) {
            const json parsed = json::parse(body, nullptr, false);
            std::string name;
            if (parsed.is_object() && parsed.contains("metadata") && parsed["metadata"].is_object())
                if (const auto found = parsed["metadata"].find("name"); found != parsed["metadata"].end() && found->is_string())
                    name = found->get<std::string>();
            return m_cluster.bindPod(route->nameSpace, name, body);
        });
    }
    const KindInfo* info = kindOf(*route);
    if (!info || (!info->namespaced && !route->nameSpace.empty()))
        return failure(404, "the server could not find the requested resource");
    const std::string qualified = qualifiedName(*info);
    if (route->name.empty()) {
        // Creation: pods that wait for a scheduler, Events, Leases (serve/api_objects.h).
        if (request.method == "POST" && clientWritable(info->kind) && !route->nameSpace.empty()) {
            return decodedWrite(request, info->groupVersion, info->kindName, [&](const std::string& body) {
                return info->kind == ResourceKind::Pod ? m_cluster.createPod(route->nameSpace, body)
                                                       : m_cluster.createObject(info->kind, route->nameSpace, body);
            });
        }
        if (!get)
            return failure(405, "the server does not allow this method on the requested resource");
        if (truthy(param(request, "watch")))
            return startWatch(request, info->kind, route->nameSpace, info->kindName, info->groupVersion);
        return list(request, info->kind, route->nameSpace, std::string(info->kindName) + "List", info->groupVersion);
    }
    const bool scale = route->subresource == "scale" && info->kind == ResourceKind::Deployment;
    const bool binding = route->subresource == "binding" && info->kind == ResourceKind::Pod;
    if (!route->subresource.empty() && !scale && !binding)
        return failure(404, "the server could not find the requested resource");
    if (binding) {
        if (request.method != "POST")
            return failure(405, "the server does not allow this method on the requested resource");
        return decodedWrite(request, "v1", "Binding",
                            [&](const std::string& body) { return m_cluster.bindPod(route->nameSpace, route->name, body); });
    }
    if (request.method == "DELETE" && info->kind == ResourceKind::Pod)
        return answered(m_cluster.deletePod(route->nameSpace, route->name));
    if (request.method == "DELETE" && clientWritable(info->kind))
        return answered(m_cluster.deleteObject(info->kind, route->nameSpace, route->name));
    if (request.method == "PUT" && clientWritable(info->kind) && info->kind != ResourceKind::Pod)
        return decodedWrite(request, info->groupVersion, info->kindName, [&](const std::string& body) {
            return m_cluster.replaceObject(info->kind, route->nameSpace, route->name, body);
        });
    if (request.method == "PATCH" && info->kind == ResourceKind::Node && route->subresource.empty())
        return answered(m_cluster.patchNode(route->name, request.contentType, request.body));
    if (request.method == "PATCH") {
        if (info->kind != ResourceKind::Deployment)
            return failure(405, std::string(info->resource) + " are read-only in a served cluster; patch deployments");
        const std::string dryRun = param(request, "dryRun");
        if (!dryRun.empty() && dryRun != "All")
            return failure(400, "invalid dry run value \"" + dryRun + "\": only All is supported");
        std::string body = request.body;
        if (scale) { // a Scale's spec.replicas patches the Deployment's
            const json patch = json::parse(body, nullptr, false);
            if (patch.is_object() && patch.contains("spec") && patch["spec"].is_object() && patch["spec"].contains("replicas"))
                body = json{{"spec", {{"replicas", patch["spec"]["replicas"]}}}}.dump();
            else if (patch.is_object())
                body = "{}";
        }
        const ServedCluster::Answer answer =
            m_cluster.patchDeployment(route->nameSpace, route->name, request.contentType, body, dryRun == "All");
        if (answer.code != 200 || !scale)
            return {answer.code, "application/json", answer.body, std::nullopt, false, {}};
        return ok(scaleJson(json::parse(answer.body)));
    }
    if (!get)
        return failure(405, "the server does not allow this method on the requested resource");
    const std::string nameSpace = info->namespaced ? route->nameSpace : std::string();
    const json* object = m_cluster.objects().find(info->kind, nameSpace, route->name);
    if (!object)
        return failure(404, qualified + " \"" + route->name + "\" not found");
    if (!scale && TablePrinter::wanted(request.accept)) {
        const TablePrinter printer(info->kind, m_cluster.clockSeconds(), param(request, "includeObject"));
        return ok(printer.table(json::array({printer.row(*object)}),
                                {{"resourceVersion", (*object)["metadata"].value("resourceVersion", "")}}));
    }
    return ok(scale ? scaleJson(*object) : *object);
}

ServeResponse ServeApi::list(const ServeRequest& request, ResourceKind kind, const std::string& nameSpace,
                             const std::string& listKind, const std::string& apiVersion) const
{
    std::size_t limit = 0;
    if (const std::string text = param(request, "limit"); !text.empty()) {
        const auto parsed = unsignedOf(text);
        if (!parsed)
            return failure(400, "limit: not a whole number: \"" + text + "\"");
        limit = static_cast<std::size_t>(*parsed);
    }
    std::string error;
    const std::optional<LabelSelector> selector = LabelSelector::parse(param(request, "labelSelector"), &error);
    if (!selector)
        return failure(400, "labelSelector: " + error);
    const std::optional<FieldSelector> fields = FieldSelector::parse(kind, param(request, "fieldSelector"), &error);
    if (!fields)
        return failure(400, error);
    // A continue token is "<resourceVersion of the first page>:<key of the last item sent>".
    std::string after;
    std::string listVersion = std::to_string(m_cluster.objects().resourceVersion());
    if (const std::string token = param(request, "continue"); !token.empty()) {
        const std::size_t colon = token.find(':');
        if (colon == std::string::npos || !unsignedOf(token.substr(0, colon)))
            return failure(400, "continue: not a continue token this server gave: \"" + token + "\"");
        listVersion = token.substr(0, colon);
        after = token.substr(colon + 1);
    }
    std::string items;
    std::size_t count = 0;
    std::string last;
    bool more = false;
    const bool table = TablePrinter::wanted(request.accept);
    const TablePrinter printer(kind, m_cluster.clockSeconds(), param(request, "includeObject"));
    json rows = json::array();
    m_cluster.objects().forEach(kind, nameSpace, after, [&](const std::string& key, const json& object) {
        if ((!selector->empty() && !selector->matches(labelsOf(object))) || !fields->matches(object))
            return true;
        if (limit > 0 && count == limit) {
            more = true;
            return false;
        }
        if (table) {
            rows.push_back(printer.row(object));
            ++count;
        } else {
            if (count++ > 0)
                items += ',';
            items += object.dump();
        }
        last = key;
        return true;
    });
    json metadata = {{"resourceVersion", listVersion}};
    if (more)
        metadata["continue"] = listVersion + ":" + last;
    if (table)
        return ok(printer.table(std::move(rows), std::move(metadata)));
    std::string body = R"({"kind":")" + listKind + R"(","apiVersion":")" + apiVersion + R"(","metadata":)" + metadata.dump() +
                       R"(,"items":[)" + items + "]}";
    return {200, "application/json", std::move(body), std::nullopt, false, {}};
}

ServeResponse ServeApi::startWatch(const ServeRequest& request, ResourceKind kind, const std::string& nameSpace,
                                   const std::string& kindName, const std::string& apiVersion) const
{
    WatchCursor cursor;
    cursor.kind = kind;
    cursor.nameSpace = nameSpace;
    cursor.bookmarks = truthy(param(request, "allowWatchBookmarks"));
    cursor.kindName = kindName;
    cursor.apiVersion = apiVersion;
    cursor.table = TablePrinter::wanted(request.accept);
    cursor.includeObject = param(request, "includeObject");
    if (const std::string timeout = param(request, "timeoutSeconds"); !timeout.empty()) {
        const auto seconds = unsignedOf(timeout);
        if (!seconds)
            return failure(400, "timeoutSeconds: not a whole number: \"" + timeout + "\"");
        cursor.timeoutSeconds = static_cast<int>(std::min<std::uint64_t>(*seconds, 86400));
    }
    std::string error;
    cursor.selector = LabelSelector::parse(param(request, "labelSelector"), &error);
    if (!cursor.selector)
        return failure(400, "labelSelector: " + error);
    cursor.fields = FieldSelector::parse(kind, param(request, "fieldSelector"), &error);
    if (!cursor.fields)
        return failure(400, error);
    ServeResponse response;
    response.contentType = "application/json";
    const std::string from = param(request, "resourceVersion");
    if (from.empty() || from == "0") {
        // "Any version": the current objects as ADDED events, then changes from now on.
        m_cluster.objects().forEach(kind, nameSpace, {}, [&](const std::string& key, const json& object) {
            if (selects(cursor, object)) {
                response.body += eventLine(cursor, "ADDED", object);
                if (filtered(cursor))
                    cursor.shown.insert(key);
            }
            return true;
        });
        cursor.resourceVersion = m_cluster.objects().resourceVersion();
    } else {
        const auto version = unsignedOf(from);
        if (!version)
            return failure(400, "resourceVersion: not a resource version this server gave: \"" + from + "\"");
        cursor.resourceVersion = *version;
        if (filtered(cursor))
            cursor.shown = shownAt(m_cluster.objects(), cursor);
        bool gone = false;
        response.body = poll(cursor, gone);
        response.endStream = gone;
    }
    response.watch = std::move(cursor);
    return response;
}

std::string ServeApi::poll(WatchCursor& cursor, bool& gone) const
{
    std::string lines;
    const ObjectStore& objects = m_cluster.objects();
    gone = !objects.eventsAfter(cursor.kind, cursor.resourceVersion, cursor.nameSpace, [&](const StoredEvent& event) {
        if (!filtered(cursor)) {
            lines += cursor.table ? tableLine(cursor, event.line) : event.line;
            return;
        }
        const std::string key = ObjectStore::key(event.nameSpace, event.name);
        const bool wasShown = cursor.shown.count(key) > 0;
        if (std::string_view(event.type) == "DELETED") {
            if (wasShown)
                lines += cursor.table ? tableLine(cursor, event.line) : event.line;
            cursor.shown.erase(key);
            return;
        }
        const json parsed = json::parse(event.line);
        const json& object = parsed["object"];
        if (selects(cursor, object)) {
            if (!wasShown && std::string_view(event.type) != "ADDED")
                lines += eventLine(cursor, "ADDED", object); // it starts matching
            else
                lines += cursor.table ? tableLine(cursor, event.line) : event.line;
            cursor.shown.insert(key);
        } else if (wasShown) {
            lines += eventLine(cursor, "DELETED", object); // it stops matching
            cursor.shown.erase(key);
        }
    });
    if (gone) {
        const std::string message = "too old resource version: " + std::to_string(cursor.resourceVersion) + " (" +
                                    std::to_string(objects.oldestWatchable(cursor.kind)) + ")";
        return R"({"type":"ERROR","object":)" + KubeStatus::failure(410, "Expired", message) + "}\n";
    }
    cursor.resourceVersion = objects.resourceVersion();
    return lines;
}

std::string ServeApi::eventLine(WatchCursor& cursor, const char* type, const json& object) const
{
    if (!cursor.table)
        return json{{"type", type}, {"object", object}}.dump() + "\n";
    const TablePrinter printer(cursor.kind, m_cluster.clockSeconds(), cursor.includeObject);
    const json metadata = {{"resourceVersion", object["metadata"].value("resourceVersion", "")}};
    json line = {{"type", type}, {"object", printer.table(json::array({printer.row(object)}), metadata, !cursor.columnsSent)}};
    cursor.columnsSent = true;
    return line.dump() + "\n";
}

std::string ServeApi::tableLine(WatchCursor& cursor, const std::string& line) const
{
    const json event = json::parse(line);
    return eventLine(cursor, event["type"].get_ref<const std::string&>().c_str(), event["object"]);
}

std::string ServeApi::bookmark(const WatchCursor& cursor)
{
    return json{{"type", "BOOKMARK"},
                {"object",
                 {{"kind", cursor.kindName},
                  {"apiVersion", cursor.apiVersion},
                  {"metadata", {{"resourceVersion", std::to_string(cursor.resourceVersion)}}}}}}
               .dump() +
           "\n";
}

} // namespace orrery::serve
