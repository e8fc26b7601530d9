#include "serve/api_objects.h"

#include "serve/kube_status.h"
#include "serve/object_names.h"

#include <algorithm>

namespace orrery::serve {
namespace {

using nlohmann::json;

ApiAnswer fail(int code, const std::string& message)
{
    return {code, KubeStatus::failure(code, KubeStatus::reasonFor(code), message)};
}

ApiAnswer failWith(int code, const char* reason, const std::string& message)
{
    return {code, KubeStatus::failure(code, reason, message)};
}

bool hasNode(const std::vector<std::string>& nodes, const std::string& node)
{
    return std::find(nodes.begin(), nodes.end(), node) != nodes.end();
}

//! Sets or adds the condition `type` of a pod's status.
void setCondition(json& pod, const std::string& type, const std::string& now)
{
    json& conditions = pod["status"]["conditions"];
    if (!conditions.is_array())
        conditions = json::array();
    for (json& condition : conditions) {
        if (condition.value("type", "") == type) {
            condition["status"] = "True";
            condition["lastTransitionTime"] = now;
            return;
        }
    }
    conditions.push_back({{"type", type}, {"status", "True"}, {"lastProbeTime", nullptr}, {"lastTransitionTime", now}});
}

std::string stringAt(const json& object, const char* first, const char* second)
{
    const auto outer = object.find(first);
    if (outer == object.end() || !outer->is_object())
        return {};
    const auto inner = outer->find(second);
    return inner != outer->end() && inner->is_string() ? inner->get<std::string>() : std::string();
}

bool createdThroughApi(const json& pod)
{
    const auto metadata = pod.find("metadata");
    return metadata != pod.end() && !metadata->contains("ownerReferences");
}

} // namespace

ApiAnswer createPod(ObjectStore& store, const std::string& nameSpace, const std::string& body, const std::string& now,
                    const std::vector<std::string>& nodes)
{
    json pod = json::parse(body, nullptr, false);
    if (!pod.is_object())
        return fail(400, "the body is not a JSON object");
    if (pod.contains("kind") && pod["kind"] != "Pod")
        return fail(400, "the body is a " + pod["kind"].dump() + ", not a Pod");
    json& metadata = pod["metadata"];
    if (!metadata.is_object())
        metadata = json::object();
    const std::string bodyNamespace = metadata.value("namespace", "");
    if (!bodyNamespace.empty() && bodyNamespace != nameSpace)
        return fail(400, "the namespace of the provided object does not match the namespace sent on the request");
    std::string name = metadata.value("name", "");
    if (name.empty()) {
        const std::string prefix = metadata.value("generateName", "");
        if (prefix.empty())
            return fail(422, "Pod \"\" is invalid: metadata.name: Required value: name or generateName is required");
        // Five characters of the generated-name alphabet, drawn from the store's version.
        const std::string generated = ObjectNames::pod(prefix, static_cast<std::uint32_t>(store.resourceVersion()));
        name = prefix + generated.substr(generated.size() - 5);
    }
    const json& containers = pod["spec"]["containers"];
    if (!containers.is_array() || containers.empty())
        return fail(422, "Pod \"" + name + "\" is invalid: spec.containers: Required value");
    if (store.find(ResourceKind::Pod, nameSpace, name))
        return failWith(409, "AlreadyExists", "pods \"" + name + "\" already exists");
    metadata["name"] = name;
    metadata["namespace"] = nameSpace;
    metadata["uid"] = ObjectNames::uid("Pod", nameSpace + "/" + name + "/" + std::to_string(store.resourceVersion()));
    metadata["creationTimestamp"] = now;
    metadata.erase("ownerReferences"); // created through the API: no controller owns it
    json& spec = pod["spec"];
    if (!spec.contains("schedulerName"))
        spec["schedulerName"] = "default-scheduler";
    pod["apiVersion"] = "v1";
    pod["kind"] = "Pod";
    pod["status"] = {{"phase", "Pending"}, {"qosClass", "Burstable"}};
    const std::string node = spec.value("nodeName", "");
    if (!node.empty()) {
        if (!hasNode(nodes, node))
            return fail(422, "Pod \"" + name + "\" is invalid: spec.nodeName: Not found: \"" + node + "\"");
        setCondition(pod, "PodScheduled", now);
    }
    store.put(ResourceKind::Pod, pod);
    return {201, store.find(ResourceKind::Pod, nameSpace, name)->dump()};
}

ApiAnswer bindPod(ObjectStore& store, const std::string& nameSpace, const std::string& name, const std::string& body,
                  const std::string& now, const std::vector<std::string>& nodes)
{
    const json binding = json::parse(body, nullptr, false);
    if (!binding.is_object())
        return fail(400, "the body is not a JSON object");
    const std::string node = stringAt(binding, "target", "name");
    if (node.empty())
        return fail(422, "Binding \"" + name + "\" is invalid: target.name: Required value");
    const json* stored = store.find(ResourceKind::Pod, nameSpace, name);
    if (!stored)
        return fail(404, "pods \"" + name + "\" not found");
    const std::string bound = (*stored)["spec"].value("nodeName", "");
    if (!bound.empty())
        return failWith(409, "Conflict", "Operation cannot be fulfilled on pods/binding \"" + name + "\": pod " + name +
                                             " is already assigned to node \"" + bound + "\"");
    // The API server does not check the node exists; a served cluster has no kubelet to leave the
    // pod pending forever on a node that is not there, so it refuses the binding instead.
    if (!hasNode(nodes, node))
        return fail(422, "Binding \"" + name + "\" is invalid: target.name: Not found: \"" + node + "\"");
    json pod = *stored;
    pod["spec"]["nodeName"] = node;
    setCondition(pod, "PodScheduled", now);
    store.put(ResourceKind::Pod, pod);
    return {201, json{{"kind", "Status"}, {"apiVersion", "v1"}, {"metadata", json::object()}, {"status", "Success"}, {"code", 201}}.dump()};
}

ApiAnswer deletePod(ObjectStore& store, const std::string& nameSpace, const std::string& name)
{
    const json* stored = store.find(ResourceKind::Pod, nameSpace, name);
    if (!stored)
        return fail(404, "pods \"" + name + "\" not found");
    if (!createdThroughApi(*stored))
        return fail(405, "pod " + name + " belongs to a Deployment the simulation runs; scale the Deployment instead");
    json pod = *stored;
    store.remove(ResourceKind::Pod, nameSpace, name);
    return {200, pod.dump()};
}

void startBoundPods(ObjectStore& store, const std::string& now)
{
    std::vector<json> starting;
    store.forEach(ResourceKind::Pod, "", "", [&](const std::string&, const json& pod) {
        if (createdThroughApi(pod) && !pod["spec"].value("nodeName", "").empty() && pod["status"].value("phase", "") == "Pending")
            starting.push_back(pod);
        return true;
    });
    for (json& pod : starting) {
        pod["status"]["phase"] = "Running";
        pod["status"]["startTime"] = now;
        pod["status"]["podIP"] = "10.244." + std::to_string(store.resourceVersion() % 250) + "." + std::to_string(starting.size() % 250);
        json statuses = json::array();
        for (const json& container : pod["spec"]["containers"])
            statuses.push_back({{"name", container.value("name", "")}, {"ready", true}, {"restartCount", 0}, {"started", true},
                                {"image", container.value("image", "")}, {"state", {{"running", {{"startedAt", now}}}}}});
        pod["status"]["containerStatuses"] = statuses;
        for (const char* type : {"Initialized", "ContainersReady", "Ready"})
            setCondition(pod, type, now);
        store.put(ResourceKind::Pod, pod);
    }
}

ApiAnswer createObject(ObjectStore& store, ResourceKind kind, const std::string& qualifiedResource, const std::string& nameSpace,
                       const std::string& body, const std::string& now)
{
    json object = json::parse(body, nullptr, false);
    if (!object.is_object())
        return fail(400, "the body is not a JSON object");
    json& metadata = object["metadata"];
    if (!metadata.is_object())
        metadata = json::object();
    const std::string bodyNamespace = metadata.value("namespace", "");
    if (!bodyNamespace.empty() && bodyNamespace != nameSpace)
        return fail(400, "the namespace of the provided object does not match the namespace sent on the request");
    const std::string name = metadata.value("name", "");
    if (name.empty())
        return fail(422, qualifiedResource + " \"\" is invalid: metadata.name: Required value");
    if (store.find(kind, nameSpace, name))
        return failWith(409, "AlreadyExists", qualifiedResource + " \"" + name + "\" already exists");
    metadata["namespace"] = nameSpace;
    metadata["uid"] = ObjectNames::uid(qualifiedResource, nameSpace + "/" + name + "/" + std::to_string(store.resourceVersion()));
    metadata["creationTimestamp"] = now;
    metadata.erase("resourceVersion");
    store.put(kind, object);
    return {201, store.find(kind, nameSpace, name)->dump()};
}

ApiAnswer replaceObject(ObjectStore& store, ResourceKind kind, const std::string& qualifiedResource, const std::string& nameSpace,
                        const std::string& name, const std::string& body)
{
    json object = json::parse(body, nullptr, false);
    if (!object.is_object())
        return fail(400, "the body is not a JSON object");
    const json* stored = store.find(kind, nameSpace, name);
    if (!stored)
        return fail(404, qualifiedResource + " \"" + name + "\" not found");
    json& metadata = object["metadata"];
    if (!metadata.is_object())
        metadata = json::object();
    if (metadata.value("name", name) != name)
        return fail(400, "the name of the object (" + metadata.value("name", "") + ") does not match the name on the URL (" + name + ")");
    const std::string sent = metadata.value("resourceVersion", "");
    const std::string current = (*stored)["metadata"].value("resourceVersion", "");
    if (!sent.empty() && sent != current)
        return failWith(409, "Conflict", "Operation cannot be fulfilled on " + qualifiedResource + " \"" + name +
                                             "\": the object has been modified; please apply your changes to the latest version and try again");
    metadata["name"] = name;
    metadata["namespace"] = nameSpace;
    metadata["uid"] = (*stored)["metadata"].value("uid", "");
    metadata["creationTimestamp"] = (*stored)["metadata"].value("creationTimestamp", "");
    store.put(kind, object);
    return {200, store.find(kind, nameSpace, name)->dump()};
}

} // namespace orrery::serve
