#include "live/kube_object_parser.h"

#include "live/kube_json.h"
#include "live/live_error.h"
#include "model/units.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace orrery::live {
namespace detail {
namespace {

using nlohmann::json;

const json& child(const json& object, const char* key)
{
    static const json kNull;
    if (!object.is_object())
        return kNull;
    const auto it = object.find(key);
    return it == object.end() ? kNull : *it;
}

std::string text(const json& object, const char* key)
{
    const json& value = child(object, key);
    return value.is_string() ? value.get<std::string>() : std::string();
}

std::int32_t integer(const json& object, const char* key, std::int32_t fallback = 0)
{
    const json& value = child(object, key);
    return value.is_number_integer() ? value.get<std::int32_t>() : fallback;
}

std::map<std::string, std::string> stringMap(const json& object)
{
    std::map<std::string, std::string> result;
    if (object.is_object()) {
        for (const auto& [key, value] : object.items()) {
            if (value.is_string())
                result[key] = value.get<std::string>();
        }
    }
    return result;
}

KubeObjectMeta meta(const json& object)
{
    const json& m = child(object, "metadata");
    return {text(m, "name"), text(m, "namespace"), text(m, "uid"), text(m, "resourceVersion"),
            text(m, "creationTimestamp"), stringMap(child(m, "labels"))};
}

//! cpu, memory and nvidia.com/gpu of a resource list ("7910m", "31127824Ki", "1").
model::Resources resources(const json& list, const std::string& what)
{
    model::Resources result;
    std::string error;
    if (const json& cpu = child(list, "cpu"); cpu.is_string()) {
        const auto millicores = model::parseMillicores(cpu.get<std::string>(), &error);
        if (!millicores)
            throw LiveError(LiveError::Kind::Protocol, what + ".cpu: " + error);
        result.millicores = *millicores;
    }
    if (const json& memory = child(list, "memory"); memory.is_string()) {
        const auto bytes = model::parseBytes(memory.get<std::string>(), &error);
        if (!bytes)
            throw LiveError(LiveError::Kind::Protocol, what + ".memory: " + error);
        result.memoryBytes = *bytes;
    }
    if (const json& gpu = child(list, "nvidia.com/gpu"); gpu.is_string()) {
        const std::string count = gpu.get<std::string>();
        const bool digits = !count.empty() && count.size() <= 6 &&
                            count.find_first_not_of("0123456789") == std::string::npos;
        if (!digits)
            throw LiveError(LiveError::Kind::Protocol,
                            what + "[\"nvidia.com/gpu\"]: expected a whole number of GPUs, got \"" + count + "\"");
        result.deviceCount(model::DeviceKind::Gpu) = std::stoi(count);
    }
    return result;
}

} // namespace

std::string stringMember(const json& object, const char* key)
{
    return text(object, key);
}

json parseJsonDepthLimited(std::string_view text)
{
    // One pass over the bytes (brackets inside strings skipped) instead of a parser callback:
    // nlohmann's callback parser calls a std::function per value and made a 10 MB answer
    // several times slower to read (tst_hostile_servers).
    int depth = 0;
    bool inString = false;
    bool escaped = false;
    for (const char c : text) {
        if (inString) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            if (depth >= kMaxJsonDepth)
                throw std::length_error("nested deeper than " + std::to_string(kMaxJsonDepth) + " levels");
            ++depth;
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    return json::parse(text);
}

json parseJson(std::string_view body, const std::string& what)
{
    try {
        return parseJsonDepthLimited(body);
    } catch (const json::exception& error) {
        throw LiveError(LiveError::Kind::Protocol, what + ": not JSON: " + error.what());
    } catch (const std::length_error& error) {
        throw LiveError(LiveError::Kind::Protocol, what + ": not JSON: " + error.what());
    }
}

std::vector<KubeContainer> containersFromJson(const json& podSpec, const std::string& what)
{
    std::vector<KubeContainer> result;
    const json& containers = child(podSpec, "containers");
    if (!containers.is_array())
        return result;
    for (const json& c : containers) {
        KubeContainer container{text(c, "name"), text(c, "image"), {}, {}};
        const std::string field = what + ".containers[" + container.name + "].resources";
        container.requests = resources(child(child(c, "resources"), "requests"), field + ".requests");
        container.limits = resources(child(child(c, "resources"), "limits"), field + ".limits");
        result.push_back(std::move(container));
    }
    return result;
}

KubeNode nodeFromJson(const json& object)
{
    KubeNode node;
    node.meta = meta(object);
    const std::string what = "Node " + node.meta.name + ": status";
    const json& status = child(object, "status");
    node.hasCapacity = child(status, "capacity").is_object();
    node.capacity = resources(child(status, "capacity"), what + ".capacity");
    node.allocatable = resources(child(status, "allocatable"), what + ".allocatable");
    if (const json& pods = child(child(status, "capacity"), "pods"); pods.is_string()) {
        const std::string count = pods.get<std::string>();
        if (count.empty() || count.size() > 9 || count.find_first_not_of("0123456789") != std::string::npos)
            throw LiveError(LiveError::Kind::Protocol, what + ".capacity.pods: expected a whole number of pods, got \"" + count + "\"");
        node.podCapacity = std::stoll(count);
    }
    for (const json& condition : child(status, "conditions").is_array() ? child(status, "conditions") : json::array()) {
        if (text(condition, "type") == "Ready")
            node.ready = text(condition, "status") == "True";
    }
    for (const json& address : child(status, "addresses").is_array() ? child(status, "addresses") : json::array()) {
        if (text(address, "type") == "InternalIP")
            node.internalIp = text(address, "address");
    }
    const json& taints = child(child(object, "spec"), "taints");
    for (const json& taint : taints.is_array() ? taints : json::array())
        node.taints.push_back({text(taint, "key"), text(taint, "value"), text(taint, "effect")});
    node.unschedulable = child(child(object, "spec"), "unschedulable").is_boolean() &&
                         child(child(object, "spec"), "unschedulable").get<bool>();
    const auto label = [&](const char* key) {
        const auto it = node.meta.labels.find(key);
        return it == node.meta.labels.end() ? std::string() : it->second;
    };
    node.instanceType = label("node.kubernetes.io/instance-type");
    node.zone = label("topology.kubernetes.io/zone");
    node.architecture = label("kubernetes.io/arch");
    node.kubeletVersion = text(child(status, "nodeInfo"), "kubeletVersion");
    return node;
}

std::vector<KubeNodeSelectorRequirement> requirements(const json& list)
{
    std::vector<KubeNodeSelectorRequirement> result;
    for (const json& entry : list.is_array() ? list : json::array()) {
        KubeNodeSelectorRequirement requirement{text(entry, "key"), text(entry, "operator"), {}};
        for (const json& value : child(entry, "values").is_array() ? child(entry, "values") : json::array()) {
            if (value.is_string())
                requirement.values.push_back(value.get<std::string>());
        }
        result.push_back(std::move(requirement));
    }
    return result;
}

KubePodScheduling schedulingFromJson(const json& spec)
{
    KubePodScheduling scheduling;
    if (const std::string name = text(spec, "schedulerName"); !name.empty())
        scheduling.schedulerName = name;
    scheduling.nodeSelector = stringMap(child(spec, "nodeSelector"));
    for (const json& entry : child(spec, "tolerations").is_array() ? child(spec, "tolerations") : json::array()) {
        KubeToleration toleration{text(entry, "key"), text(entry, "operator"), text(entry, "value"), text(entry, "effect")};
        if (toleration.op.empty())
            toleration.op = "Equal"; // the API's default
        scheduling.tolerations.push_back(std::move(toleration));
    }
    const json& terms = child(child(child(child(spec, "affinity"), "nodeAffinity"), "requiredDuringSchedulingIgnoredDuringExecution"),
                              "nodeSelectorTerms");
    for (const json& term : terms.is_array() ? terms : json::array())
        scheduling.requiredNodeAffinity.push_back({requirements(child(term, "matchExpressions")), requirements(child(term, "matchFields"))});
    return scheduling;
}

KubePod podFromJson(const json& object)
{
    KubePod pod;
    pod.meta = meta(object);
    const json& spec = child(object, "spec");
    const json& status = child(object, "status");
    pod.nodeName = text(spec, "nodeName");
    pod.phase = text(status, "phase");
    pod.podIp = text(status, "podIP");
    const json& owners = child(child(object, "metadata"), "ownerReferences");
    if (owners.is_array() && !owners.empty()) {
        pod.ownerKind = text(owners[0], "kind");
        pod.ownerName = text(owners[0], "name");
    }
    pod.containers = containersFromJson(spec, "Pod " + pod.meta.nameSpace + "/" + pod.meta.name + ": spec");
    pod.scheduling = schedulingFromJson(spec);
    const json& statuses = child(status, "containerStatuses");
    for (const json& s : statuses.is_array() ? statuses : json::array()) {
        pod.readyContainers += child(s, "ready").is_boolean() && child(s, "ready").get<bool>() ? 1 : 0;
        pod.restarts += integer(s, "restartCount");
    }
    return pod;
}

KubeEvent eventFromJson(const json& object)
{
    KubeEvent event;
    event.meta = meta(object);
    const json& involved = child(object, "involvedObject");
    event.involvedKind = text(involved, "kind");
    event.involvedNamespace = text(involved, "namespace");
    event.involvedName = text(involved, "name");
    event.type = text(object, "type");
    event.reason = text(object, "reason");
    event.message = text(object, "message");
    event.component = text(object, "reportingComponent");
    if (event.component.empty())
        event.component = text(child(object, "source"), "component");
    for (const char* key : {"lastTimestamp", "eventTime", "firstTimestamp"}) {
        if (event.timestamp.empty())
            event.timestamp = text(object, key);
    }
    if (event.timestamp.empty())
        event.timestamp = event.meta.creationTimestamp;
    event.count = std::max(1, integer(object, "count", 1));
    return event;
}

KubeDeployment deploymentFromJson(const json& object)
{
    KubeDeployment deployment;
    deployment.meta = meta(object);
    const json& spec = child(object, "spec");
    const json& status = child(object, "status");
    deployment.replicas = integer(spec, "replicas", 1);
    deployment.readyReplicas = integer(status, "readyReplicas");
    deployment.availableReplicas = integer(status, "availableReplicas");
    deployment.updatedReplicas = integer(status, "updatedReplicas");
    deployment.selector = stringMap(child(child(spec, "selector"), "matchLabels"));
    deployment.containers = containersFromJson(child(child(spec, "template"), "spec"),
                                               "Deployment " + deployment.meta.nameSpace + "/" + deployment.meta.name +
                                                   ": spec.template.spec");
    return deployment;
}

KubeReplicaSet replicaSetFromJson(const json& object)
{
    KubeReplicaSet replicaSet;
    replicaSet.meta = meta(object);
    const json& owners = child(child(object, "metadata"), "ownerReferences");
    if (owners.is_array() && !owners.empty())
        replicaSet.ownerName = text(owners[0], "name");
    replicaSet.replicas = integer(child(object, "spec"), "replicas", 1);
    replicaSet.readyReplicas = integer(child(object, "status"), "readyReplicas");
    return replicaSet;
}

KubeHpa hpaFromJson(const json& object)
{
    KubeHpa hpa;
    hpa.meta = meta(object);
    const json& spec = child(object, "spec");
    const json& status = child(object, "status");
    hpa.targetKind = text(child(spec, "scaleTargetRef"), "kind");
    hpa.targetName = text(child(spec, "scaleTargetRef"), "name");
    hpa.minReplicas = integer(spec, "minReplicas", 1);
    hpa.maxReplicas = integer(spec, "maxReplicas");
    hpa.currentReplicas = integer(status, "currentReplicas");
    hpa.desiredReplicas = integer(status, "desiredReplicas");
    if (child(spec, "targetCPUUtilizationPercentage").is_number_integer())
        hpa.targetCpuUtilizationPercent = integer(spec, "targetCPUUtilizationPercentage");
    return hpa;
}

} // namespace detail

KubeNode KubeObjectParser::node(std::string_view json) { return detail::nodeFromJson(detail::parseJson(json, "Node")); }
KubeEvent KubeObjectParser::event(std::string_view json) { return detail::eventFromJson(detail::parseJson(json, "Event")); }
KubePod KubeObjectParser::pod(std::string_view json) { return detail::podFromJson(detail::parseJson(json, "Pod")); }
KubeDeployment KubeObjectParser::deployment(std::string_view json)
{
    return detail::deploymentFromJson(detail::parseJson(json, "Deployment"));
}
KubeReplicaSet KubeObjectParser::replicaSet(std::string_view json)
{
    return detail::replicaSetFromJson(detail::parseJson(json, "ReplicaSet"));
}
KubeHpa KubeObjectParser::hpa(std::string_view json) { return detail::hpaFromJson(detail::parseJson(json, "HorizontalPodAutoscaler")); }

} // namespace orrery::live
