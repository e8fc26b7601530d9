#include "serve/api_objects.h"

#include "model/units.h"
#include "serve/kube_status.h"
#include "serve/object_names.h"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <optional>
#include <vector>

namespace orrery::serve {
namespace {

using nlohmann::json;

struct KindText {
    const char* kind;
    const char* apiVersion;
    const char* qualified; //!< as messages name the resource
};

KindText textOf(ResourceKind kind)
{
    switch (kind) {
    case ResourceKind::Pod: return {"Pod", "v1", "pods"};
    case ResourceKind::Event: return {"Event", "v1", "events"};
    case ResourceKind::Lease: return {"Lease", "coordination.k8s.io/v1", "leases.coordination.k8s.io"};
    default: return {"", "", ""};
    }
}

ApiAnswer fail(int code, const std::string& message)
{
    return {code, KubeStatus::failure(code, KubeStatus::reasonFor(code), message)};
}

ApiAnswer alreadyExists(ResourceKind kind, const std::string& name)
{
    return {409, KubeStatus::failure(409, "AlreadyExists", std::string(textOf(kind).qualified) + " \"" + name + "\" already exists")};
}

ApiAnswer notFound(ResourceKind kind, const std::string& name)
{
    return fail(404, std::string(textOf(kind).qualified) + " \"" + name + "\" not found");
}

ApiAnswer conflict(const std::string& resource, const std::string& name, const std::string& why)
{
    return fail(409, "Operation cannot be fulfilled on " + resource + " \"" + name + "\": " + why);
}

const char* const kModified = "the object has been modified; please apply your changes to the latest version and try again";

//! 422 as the API server words it: one error as it is, several in brackets.
//! Field errors as a Go aggregate error prints them: one alone, several as "[a, b]".
std::string aggregate(const std::vector<std::string>& errors)
{
    if (errors.size() == 1)
        return errors.front();
    std::string message = "[";
    for (std::size_t i = 0; i < errors.size(); ++i)
        message += (i > 0 ? ", " : "") + errors[i];
    return message + "]";
}

ApiAnswer invalid(const std::string& kind, const std::string& name, const std::vector<std::string>& errors)
{
    return fail(422, kind + " \"" + name + "\" is invalid: " + aggregate(errors));
}

//! An error the API server's registry returns unclassified: 500, no reason, its text as the message.
ApiAnswer unclassified(const std::string& message) { return {500, KubeStatus::failure(500, "", message)}; }

std::string text(const json& object, const char* field)
{
    if (!object.is_object())
        return {};
    const auto it = object.find(field);
    return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

//! A lowercase RFC 1123 subdomain, as object names must be.
bool isSubdomain(const std::string& name)
{
    if (name.empty() || name.size() > 253)
        return false;
    const auto alnum = [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); };
    if (!alnum(name.front()) || !alnum(name.back()))
        return false;
    return std::all_of(name.begin(), name.end(), [&](char c) { return alnum(c) || c == '-' || c == '.'; });
}

std::string subdomainError(const std::string& name)
{
    return "metadata.name: Invalid value: \"" + name +
           "\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start "
           "and end with an alphanumeric character";
}

//! The parsed body, or the 400 the API server answers for one that is not an object of `kind`.
std::optional<json> bodyOf(const std::string& body, const KindText& expected, ApiAnswer* failure)
{
    json object = json::parse(body, nullptr, false);
    if (!object.is_object()) {
        *failure = fail(400, "the body of the request was in an unknown format: not a JSON object");
        return std::nullopt;
    }
    const std::string kind = text(object, "kind");
    const std::string apiVersion = text(object, "apiVersion");
    if ((!kind.empty() && kind != expected.kind) || (!apiVersion.empty() && apiVersion != expected.apiVersion)) {
        *failure = fail(400, "the body is a " + apiVersion + " " + kind + ", not a " + expected.apiVersion + " " + expected.kind);
        return std::nullopt;
    }
    json& metadata = object["metadata"];
    if (metadata.is_null())
        metadata = json::object();
    if (!metadata.is_object()) {
        *failure = fail(400, "metadata: not an object");
        return std::nullopt;
    }
    return object;
}

bool namespaceDiffers(const json& object, const std::string& nameSpace)
{
    const std::string given = text(object["metadata"], "namespace");
    return !given.empty() && given != nameSpace;
}

const char* const kNamespaceMismatch = "the namespace of the provided object does not match the namespace sent on the request";

//! Sets condition `type` True (kubelet and scheduler update the one there is, or add it).
void setCondition(json& pod, const char* type, const std::string& now)
{
    json& conditions = pod["status"]["conditions"];
    if (!conditions.is_array())
        conditions = json::array();
    for (json& condition : conditions) {
        if (text(condition, "type") == type) {
            if (text(condition, "status") != "True")
                condition["lastTransitionTime"] = now;
            condition["status"] = "True";
            condition.erase("reason");
            condition.erase("message");
            return;
        }
    }
    conditions.push_back({{"type", type}, {"status", "True"}, {"lastProbeTime", nullptr}, {"lastTransitionTime", now}});
}

bool sameQuantity(const char* resource, const json& a, const json& b)
{
    const std::string left = a.is_string() ? a.get<std::string>() : a.dump();
    const std::string right = b.is_string() ? b.get<std::string>() : b.dump();
    const bool cpu = std::string(resource) == "cpu";
    const auto l = cpu ? model::parseMillicores(left) : model::parseBytes(left);
    const auto r = cpu ? model::parseMillicores(right) : model::parseBytes(right);
    return l && r ? *l == *r : left == right;
}

//! The pod's QoS class from its containers' CPU and memory (kube's GetPodQOS): Guaranteed when
//! every container limits both and requests what it limits, BestEffort when none asks anything.
std::string qosClass(const json& spec)
{
    bool any = false;
    bool guaranteed = true;
    for (const char* list : {"initContainers", "containers"}) {
        const auto containers = spec.find(list);
        if (containers == spec.end() || !containers->is_array())
            continue;
        for (const json& container : *containers) {
            const json resources = container.is_object() ? container.value("resources", json::object()) : json::object();
            const json requests = resources.is_object() ? resources.value("requests", json::object()) : json::object();
            const json limits = resources.is_object() ? resources.value("limits", json::object()) : json::object();
            for (const char* resource : {"cpu", "memory"}) {
                const bool limited = limits.is_object() && limits.contains(resource);
                const bool requested = requests.is_object() && requests.contains(resource);
                any = any || limited || requested;
                if (!limited || (requested && !sameQuantity(resource, requests[resource], limits[resource])))
                    guaranteed = false;
            }
        }
    }
    return !any ? "BestEffort" : guaranteed ? "Guaranteed" : "Burstable";
}

//! What the API server's validation says of a pod's containers.
std::vector<std::string> containerErrors(const json& spec)
{
    const auto containers = spec.find("containers");
    if (containers == spec.end() || !containers->is_array() || containers->empty())
        return {"spec.containers: Required value"};
    std::vector<std::string> errors;
    std::set<std::string> names;
    for (std::size_t i = 0; i < containers->size(); ++i) {
        const json& container = (*containers)[i];
        const std::string at = "spec.containers[" + std::to_string(i) + "]";
        const std::string name = text(container, "name");
        if (name.empty())
            errors.push_back(at + ".name: Required value");
        else if (!names.insert(name).second)
            errors.push_back(at + ".name: Duplicate value: \"" + name + "\"");
        if (text(container, "image").empty())
            errors.push_back(at + ".image: Required value");
    }
    return errors;
}

std::string internalIp(const ObjectStore& store, const std::string& node)
{
    const json* found = store.find(ResourceKind::Node, "", node);
    if (!found)
        return {};
    const json addresses = (*found)["status"].value("addresses", json::array());
    for (const json& address : addresses)
        if (text(address, "type") == "InternalIP")
            return text(address, "address");
    return {};
}

} // namespace

ApiObjects::ApiObjects(ObjectStore& store, std::size_t maxEvents, ReservedName reserved)
    : m_store(store)
    , m_maxEvents(std::max<std::size_t>(1, maxEvents))
    , m_reserved(std::move(reserved))
{
}

std::string ApiObjects::now()
{
    const std::time_t seconds = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm utc{};
    gmtime_r(&seconds, &utc);
    char out[32];
    std::strftime(out, sizeof out, "%Y-%m-%dT%H:%M:%SZ", &utc);
    return out;
}

bool ApiObjects::isStandalonePod(const std::string& nameSpace, const std::string& name) const
{
    return m_standalone.count(ObjectStore::key(nameSpace, name)) > 0;
}

std::string ApiObjects::generatedName(ResourceKind kind, const std::string& nameSpace, const std::string& prefix) const
{
    // Five characters of the generated-name alphabet, drawn from the store's version: the same
    // requests give the same names. A taken name draws again, as the API server retries.
    std::string name;
    for (std::uint32_t attempt = 0; attempt < 16; ++attempt) {
        const std::string drawn =
            ObjectNames::pod(nameSpace + "/" + prefix, static_cast<std::uint32_t>(m_store.resourceVersion()) * 16 + attempt);
        name = prefix + drawn.substr(drawn.size() - 5);
        const bool reserved = kind == ResourceKind::Pod && m_reserved && !m_reserved(nameSpace, name).empty();
        if (!m_store.find(kind, nameSpace, name) && !reserved)
            break;
    }
    return name;
}

std::optional<json> ApiObjects::createdBody(ResourceKind kind, const std::string& nameSpace, const std::string& body,
                                            std::string& name, ApiAnswer& failure) const
{
    std::optional<json> parsed = bodyOf(body, textOf(kind), &failure);
    if (!parsed)
        return std::nullopt;
    if (namespaceDiffers(*parsed, nameSpace)) {
        failure = fail(400, kNamespaceMismatch);
        return std::nullopt;
    }
    const json& metadata = (*parsed)["metadata"];
    name = text(metadata, "name");
    if (name.empty() && !text(metadata, "generateName").empty())
        name = generatedName(kind, nameSpace, text(metadata, "generateName"));
    return parsed;
}

ApiAnswer ApiObjects::createPod(const std::string& nameSpace, const std::string& body)
{
    ApiAnswer failure;
    std::string name;
    std::optional<json> parsed = createdBody(ResourceKind::Pod, nameSpace, body, name, failure);
    if (!parsed)
        return failure;
    json& pod = *parsed;
    json& metadata = pod["metadata"];
    if (!pod["spec"].is_object())
        pod["spec"] = json::object();
    json& spec = pod["spec"];
    std::vector<std::string> errors;
    if (name.empty())
        errors.push_back("metadata.name: Required value: name or generateName is required");
    else if (!isSubdomain(name))
        errors.push_back(subdomainError(name));
    for (std::string& error : containerErrors(spec))
        errors.push_back(std::move(error));
    const std::string node = text(spec, "nodeName");
    // The API server takes any node name; a served cluster has no kubelet to leave such a pod
    // waiting forever, so it says so at once (as for a Binding).
    if (!node.empty() && !m_store.find(ResourceKind::Node, "", node))
        errors.push_back("spec.nodeName: Not found: \"" + node + "\"");
    if (const std::string owner = m_reserved && !name.empty() ? m_reserved(nameSpace, name) : std::string(); !owner.empty())
        errors.push_back("metadata.name: Invalid value: \"" + name + "\": the simulation names the pods of ReplicaSet " + owner +
                         " so; choose another name");
    if (!errors.empty())
        return invalid("Pod", name, errors);
    if (m_store.find(ResourceKind::Pod, nameSpace, name))
        return alreadyExists(ResourceKind::Pod, name);

    const std::string now = ApiObjects::now();
    pod["apiVersion"] = "v1";
    pod["kind"] = "Pod";
    metadata["name"] = name;
    metadata["namespace"] = nameSpace;
    metadata["uid"] = ObjectNames::uid("Pod", nameSpace + "/" + name + "/" + std::to_string(m_store.resourceVersion()));
    metadata["creationTimestamp"] = now;
    metadata.erase("resourceVersion");
    metadata.erase("deletionTimestamp");
    // The defaults kube-apiserver fills in; the rest of the spec stays as sent.
    const json defaults = {{"schedulerName", "default-scheduler"},
                           {"restartPolicy", "Always"},
                           {"dnsPolicy", "ClusterFirst"},
                           {"terminationGracePeriodSeconds", 30},
                           {"priority", 0}};
    for (const auto& [field, value] : defaults.items())
        if (!spec.contains(field) || spec[field].is_null())
            spec[field] = value;
    // The API server ignores a status sent on create; the scheduler adds the conditions.
    pod["status"] = {{"phase", "Pending"}, {"qosClass", qosClass(spec)}};
    const std::string key = ObjectStore::key(nameSpace, name);
    if (!node.empty()) {
        setCondition(pod, "PodScheduled", now);
        m_bound.insert(key);
    }
    m_store.put(ResourceKind::Pod, std::move(pod));
    m_standalone.insert(key);
    m_namespaces.insert(nameSpace);
    return {201, m_store.find(ResourceKind::Pod, nameSpace, name)->dump()};
}

ApiAnswer ApiObjects::bindPod(const std::string& nameSpace, const std::string& name, const std::string& body)
{
    ApiAnswer failure;
    const std::optional<json> binding = bodyOf(body, {"Binding", "v1", "bindings"}, &failure);
    if (!binding)
        return failure;
    const json& metadata = (*binding)["metadata"];
    if (text(metadata, "name") != name)
        return fail(400, "name in URL does not match name in Binding object");
    if (namespaceDiffers(*binding, nameSpace))
        return fail(400, kNamespaceMismatch);
    const json target = binding->value("target", json::object());
    const std::string node = text(target, "name");
    const std::string targetKind = text(target, "kind");
    std::vector<std::string> errors;
    if (!targetKind.empty() && targetKind != "Node")
        errors.push_back("target.kind: Unsupported value: \"" + targetKind + "\": supported values: \"Node\", \"<empty>\"");
    if (node.empty())
        errors.push_back("target.name: Required value");
    // Released API servers answer these validation errors as a plain aggregate error, a 500
    // without a reason (recorded answers and their sources: tests/fixtures/live/README.md).
    if (!errors.empty())
        return unclassified(aggregate(errors));

    const json* stored = m_store.find(ResourceKind::Pod, nameSpace, name);
    if (!stored)
        return notFound(ResourceKind::Pod, name);
    // Preconditions kube-scheduler sends: the pod it read, not one recreated under its name.
    const std::string uid = text(metadata, "uid");
    const std::string storedUid = text((*stored)["metadata"], "uid");
    if (!uid.empty() && uid != storedUid)
        return conflict("pods", name, "Precondition failed: UID in precondition: " + uid + ", UID in object meta: " + storedUid);
    const std::string version = text(metadata, "resourceVersion");
    if (!version.empty() && version != text((*stored)["metadata"], "resourceVersion"))
        return conflict("pods", name, kModified);
    const json& storedSpec = (*stored)["spec"];
    if (const std::string bound = text(storedSpec, "nodeName"); !bound.empty())
        return conflict("pods/binding", name, "pod " + name + " is already assigned to node \"" + bound + "\"");
    if (storedSpec.contains("schedulingGates") && storedSpec["schedulingGates"].is_array() && !storedSpec["schedulingGates"].empty())
        return conflict("pods/binding", name, "pod " + name + " has non-empty .spec.schedulingGates");
    // The API server does not look the node up; without a kubelet the pod would wait forever, so
    // a served cluster refuses (422: the Binding names what is not there; 404 would read as "no
    // such pod" to a scheduler, which then drops the pod silently).
    if (!m_store.find(ResourceKind::Node, "", node))
        return invalid("Binding", name, {"target.name: Not found: \"" + node + "\""});

    json pod = *stored;
    pod["spec"]["nodeName"] = node;
    if (metadata.contains("annotations") && metadata["annotations"].is_object()) // the API server copies them
        for (const auto& [key, value] : metadata["annotations"].items())
            pod["metadata"]["annotations"][key] = value;
    setCondition(pod, "PodScheduled", ApiObjects::now());
    m_store.put(ResourceKind::Pod, std::move(pod));
    m_bound.insert(ObjectStore::key(nameSpace, name));
    return {201, json{{"kind", "Status"}, {"apiVersion", "v1"}, {"metadata", json::object()}, {"status", "Success"}, {"code", 201}}.dump()};
}

ApiAnswer ApiObjects::deletePod(const std::string& nameSpace, const std::string& name)
{
    const json* stored = m_store.find(ResourceKind::Pod, nameSpace, name);
    if (!stored)
        return notFound(ResourceKind::Pod, name);
    if (!isStandalonePod(nameSpace, name)) {
        std::string owner = "its Deployment";
        const json owners = (*stored)["metadata"].value("ownerReferences", json::array());
        if (!owners.empty())
            owner = text(owners[0], "kind") + " " + text(owners[0], "name");
        return fail(405, "pod " + name + " belongs to " + owner +
                             ", which the simulation runs; scale its Deployment (PATCH deployments/{name} spec.replicas) instead");
    }
    json pod = *stored;
    m_store.remove(ResourceKind::Pod, nameSpace, name);
    pod["metadata"]["resourceVersion"] = std::to_string(m_store.resourceVersion());
    const std::string key = ObjectStore::key(nameSpace, name);
    m_standalone.erase(key);
    m_bound.erase(key);
    return {200, pod.dump()};
}

void ApiObjects::startBoundPods()
{
    if (m_bound.empty())
        return;
    const std::string now = ApiObjects::now();
    for (const std::string& key : m_bound) {
        const std::size_t slash = key.find('/');
        const json* stored = m_store.find(ResourceKind::Pod, key.substr(0, slash), key.substr(slash + 1));
        if (!stored)
            continue;
        json pod = *stored;
        json& status = pod["status"];
        const std::string hostIp = internalIp(m_store, text(pod["spec"], "nodeName"));
        ++m_started;
        const std::string podIp = "10.245." + std::to_string(m_started / 250 % 256) + "." + std::to_string(m_started % 250 + 2);
        status["phase"] = "Running";
        status["startTime"] = now;
        if (!hostIp.empty()) {
            status["hostIP"] = hostIp;
            status["hostIPs"] = json::array({{{"ip", hostIp}}});
        }
        status["podIP"] = podIp;
        status["podIPs"] = json::array({{{"ip", podIp}}});
        json statuses = json::array();
        for (const json& container : pod["spec"]["containers"])
            statuses.push_back({{"name", text(container, "name")}, {"image", text(container, "image")}, {"ready", true},
                                {"restartCount", 0}, {"started", true}, {"state", {{"running", {{"startedAt", now}}}}}});
        status["containerStatuses"] = statuses;
        for (const char* type : {"PodReadyToStartContainers", "Initialized", "Ready", "ContainersReady", "PodScheduled"})
            setCondition(pod, type, now);
        m_store.put(ResourceKind::Pod, std::move(pod));
    }
    m_bound.clear();
}

ApiAnswer ApiObjects::create(ResourceKind kind, const std::string& nameSpace, const std::string& body)
{
    const KindText kindText = textOf(kind);
    ApiAnswer failure;
    std::string name;
    std::optional<json> parsed = createdBody(kind, nameSpace, body, name, failure);
    if (!parsed)
        return failure;
    json& object = *parsed;
    json& metadata = object["metadata"];
    std::vector<std::string> errors;
    if (name.empty())
        errors.push_back("metadata.name: Required value: name or generateName is required");
    else if (!isSubdomain(name))
        errors.push_back(subdomainError(name));
    if (kind == ResourceKind::Event) {
        const std::string involved = text(object.value("involvedObject", json::object()), "namespace");
        if (!involved.empty() && involved != nameSpace)
            errors.push_back("involvedObject.namespace: Invalid value: \"" + involved + "\": does not match event.namespace");
    }
    if (!errors.empty())
        return invalid(kindText.kind, name, errors);
    if (m_store.find(kind, nameSpace, name))
        return alreadyExists(kind, name);
    object["apiVersion"] = kindText.apiVersion;
    object["kind"] = kindText.kind;
    metadata["name"] = name;
    metadata["namespace"] = nameSpace;
    metadata["uid"] = ObjectNames::uid(kindText.kind, nameSpace + "/" + name + "/" + std::to_string(m_store.resourceVersion()));
    metadata["creationTimestamp"] = ApiObjects::now();
    metadata.erase("resourceVersion");
    m_store.put(kind, std::move(object));
    m_namespaces.insert(nameSpace);
    if (kind == ResourceKind::Event)
        keepEvent(nameSpace, name);
    return {201, m_store.find(kind, nameSpace, name)->dump()};
}

void ApiObjects::keepEvent(const std::string& nameSpace, const std::string& name)
{
    m_eventOrder.push_back(ObjectStore::key(nameSpace, name));
    while (m_eventOrder.size() > m_maxEvents) {
        const std::string oldest = m_eventOrder.front();
        m_eventOrder.pop_front();
        const std::size_t slash = oldest.find('/');
        m_store.remove(ResourceKind::Event, oldest.substr(0, slash), oldest.substr(slash + 1));
    }
}

ApiAnswer ApiObjects::replace(ResourceKind kind, const std::string& nameSpace, const std::string& name, const std::string& body)
{
    const KindText kindText = textOf(kind);
    ApiAnswer failure;
    std::optional<json> parsed = bodyOf(body, kindText, &failure);
    if (!parsed)
        return failure;
    json& object = *parsed;
    json& metadata = object["metadata"];
    if (const std::string given = text(metadata, "name"); !given.empty() && given != name)
        return fail(400, "the name of the object (" + given + ") does not match the name on the URL (" + name + ")");
    if (namespaceDiffers(object, nameSpace))
        return fail(400, kNamespaceMismatch);
    const json* stored = m_store.find(kind, nameSpace, name);
    if (!stored)
        return notFound(kind, name);
    const json& storedMetadata = (*stored)["metadata"];
    const std::string uid = text(metadata, "uid");
    if (!uid.empty() && uid != text(storedMetadata, "uid"))
        return conflict(kindText.qualified, name,
                        "Precondition failed: UID in precondition: " + uid + ", UID in object meta: " + text(storedMetadata, "uid"));
    // Optimistic concurrency: a version other than the stored one lost a race (leader election
    // relies on it); no version at all is an unconditional update, as the API server allows.
    const std::string version = text(metadata, "resourceVersion");
    if (!version.empty() && version != text(storedMetadata, "resourceVersion"))
        return conflict(kindText.qualified, name, kModified);
    object["apiVersion"] = kindText.apiVersion;
    object["kind"] = kindText.kind;
    metadata["name"] = name;
    metadata["namespace"] = nameSpace;
    metadata["uid"] = storedMetadata.value("uid", "");
    metadata["creationTimestamp"] = storedMetadata.value("creationTimestamp", "");
    m_store.put(kind, std::move(object));
    return {200, m_store.find(kind, nameSpace, name)->dump()};
}

ApiAnswer ApiObjects::remove(ResourceKind kind, const std::string& nameSpace, const std::string& name)
{
    const json* stored = m_store.find(kind, nameSpace, name);
    if (!stored)
        return notFound(kind, name);
    const std::string uid = text((*stored)["metadata"], "uid");
    m_store.remove(kind, nameSpace, name);
    if (kind == ResourceKind::Event)
        std::erase(m_eventOrder, ObjectStore::key(nameSpace, name));
    const std::string qualified = textOf(kind).qualified;
    const std::size_t dot = qualified.find('.');
    json details = {{"name", name}, {"kind", qualified.substr(0, dot)}, {"uid", uid}};
    if (dot != std::string::npos)
        details["group"] = qualified.substr(dot + 1);
    return {200, json{{"kind", "Status"}, {"apiVersion", "v1"}, {"metadata", json::object()}, {"status", "Success"}, {"details", details}}.dump()};
}

} // namespace orrery::serve
