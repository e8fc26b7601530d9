#include "serve/table_printer.h"

#include <cctype>
#include <cstdio>
#include <initializer_list>
#include <string_view>
#include <ctime>

namespace orrery::serve {
namespace {

using nlohmann::json;

std::string text(const json& object, const char* key)
{
    const auto found = object.find(key);
    return found != object.end() && found->is_string() ? found->get<std::string>() : std::string();
}

const json& member(const json& object, const char* key)
{
    static const json empty = json::object();
    const auto found = object.find(key);
    return found != object.end() && found->is_object() ? *found : empty;
}

const json& array(const json& object, const char* key)
{
    static const json empty = json::array();
    const auto found = object.find(key);
    return found != object.end() && found->is_array() ? *found : empty;
}

json column(const char* name, const char* type, const char* description, int priority = 0, const char* format = "")
{
    return {{"name", name}, {"type", type}, {"format", format}, {"description", description}, {"priority", priority}};
}

//! A pod's STATUS as kubectl shows it: a container's waiting or terminated reason, else the phase.
std::string podStatus(const json& pod)
{
    const json& metadata = member(pod, "metadata");
    if (metadata.contains("deletionTimestamp"))
        return "Terminating";
    const json& status = member(pod, "status");
    std::string reason = text(status, "reason").empty() ? text(status, "phase") : text(status, "reason");
    for (const json& container : array(status, "containerStatuses")) {
        const json& state = member(container, "state");
        if (const std::string waiting = text(member(state, "waiting"), "reason"); !waiting.empty())
            reason = waiting;
        else if (const std::string terminated = text(member(state, "terminated"), "reason"); !terminated.empty())
            reason = terminated;
    }
    return reason.empty() ? "Unknown" : reason;
}

//! Pieces appended one by one (GCC 12's -Wrestrict misfires on chains of operator+).
std::string concat(std::initializer_list<std::string_view> parts)
{
    std::string out;
    for (const std::string_view part : parts)
        out.append(part);
    return out;
}

std::string valueText(const json& value) { return value.is_string() ? value.get<std::string>() : value.dump(); }

std::string joined(const json& values)
{
    std::string out;
    for (const json& value : values) {
        if (!out.empty())
            out.push_back(',');
        out.append(valueText(value));
    }
    return out;
}

std::string selectorText(const json& spec)
{
    std::string out;
    for (const auto& [key, value] : member(member(spec, "selector"), "matchLabels").items()) {
        if (!out.empty())
            out.push_back(',');
        out.append(key).append("=").append(valueText(value));
    }
    return out;
}

std::int64_t integer(const json& object, const char* key)
{
    const auto found = object.find(key);
    return found != object.end() && found->is_number() ? found->get<std::int64_t>() : 0;
}

} // namespace

bool TablePrinter::wanted(std::string_view accept)
{
    // The first acceptable type wins; kubectl lists Table first and plain JSON as the fallback.
    const std::size_t end = accept.find(',');
    const std::string_view first = accept.substr(0, end);
    return first.find("as=Table") != std::string_view::npos && first.find("g=meta.k8s.io") != std::string_view::npos;
}

TablePrinter::TablePrinter(ResourceKind kind, std::int64_t nowSeconds, std::string includeObject)
    : m_kind(kind), m_now(nowSeconds), m_includeObject(includeObject.empty() ? "Metadata" : std::move(includeObject))
{
}

std::string TablePrinter::humanDuration(std::int64_t seconds)
{
    char out[48];
    if (seconds < -1)
        return "<invalid>";
    if (seconds < 0)
        return "0s";
    if (seconds < 120) {
        std::snprintf(out, sizeof out, "%llds", static_cast<long long>(seconds));
        return out;
    }
    const std::int64_t minutes = seconds / 60;
    if (minutes < 10) {
        if (seconds % 60 == 0)
            std::snprintf(out, sizeof out, "%lldm", static_cast<long long>(minutes));
        else
            std::snprintf(out, sizeof out, "%lldm%llds", static_cast<long long>(minutes), static_cast<long long>(seconds % 60));
        return out;
    }
    if (minutes < 60 * 3) {
        std::snprintf(out, sizeof out, "%lldm", static_cast<long long>(minutes));
        return out;
    }
    const std::int64_t hours = seconds / 3600;
    if (hours < 8) {
        if (minutes % 60 == 0)
            std::snprintf(out, sizeof out, "%lldh", static_cast<long long>(hours));
        else
            std::snprintf(out, sizeof out, "%lldh%lldm", static_cast<long long>(hours), static_cast<long long>(minutes % 60));
    } else if (hours < 48) {
        std::snprintf(out, sizeof out, "%lldh", static_cast<long long>(hours));
    } else if (hours < 24 * 8) {
        if (hours % 24 == 0)
            std::snprintf(out, sizeof out, "%lldd", static_cast<long long>(hours / 24));
        else
            std::snprintf(out, sizeof out, "%lldd%lldh", static_cast<long long>(hours / 24), static_cast<long long>(hours % 24));
    } else if (hours < 24 * 365 * 2) {
        std::snprintf(out, sizeof out, "%lldd", static_cast<long long>(hours / 24));
    } else if (hours < 24 * 365 * 8) {
        const std::int64_t days = (hours / 24) % 365;
        if (days == 0)
            std::snprintf(out, sizeof out, "%lldy", static_cast<long long>(hours / 24 / 365));
        else
            std::snprintf(out, sizeof out, "%lldy%lldd", static_cast<long long>(hours / 24 / 365), static_cast<long long>(days));
    } else {
        std::snprintf(out, sizeof out, "%lldy", static_cast<long long>(hours / 24 / 365));
    }
    return out;
}

std::optional<std::int64_t> TablePrinter::parseTimestamp(std::string_view text)
{
    std::tm utc{};
    int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;
    char zone = 0;
    const std::string copy(text);
    if (std::sscanf(copy.c_str(), "%4d-%2d-%2dT%2d:%2d:%2d%c", &year, &month, &day, &hour, &minute, &second, &zone) != 7
        || zone != 'Z')
        return std::nullopt;
    utc.tm_year = year - 1900;
    utc.tm_mon = month - 1;
    utc.tm_mday = day;
    utc.tm_hour = hour;
    utc.tm_min = minute;
    utc.tm_sec = second;
    return static_cast<std::int64_t>(timegm(&utc));
}

std::string TablePrinter::age(const json& object, const char* field) const
{
    const std::string stamp = field ? text(object, field) : text(member(object, "metadata"), "creationTimestamp");
    const auto seconds = parseTimestamp(stamp);
    return seconds ? humanDuration(m_now - *seconds) : std::string("<unknown>");
}

json TablePrinter::columnDefinitions() const
{
    const char* name = "Name must be unique within a namespace.";
    const char* age = "CreationTimestamp is a timestamp representing the server time when this object was created.";
    switch (m_kind) {
    case ResourceKind::Pod:
        return json::array({column("Name", "string", name, 0, "name"),
                            column("Ready", "string", "The aggregate readiness state of this pod for accepting traffic."),
                            column("Status", "string", "The aggregate status of the containers in this pod."),
                            column("Restarts", "string", "The number of times the containers in this pod have been restarted."),
                            column("Age", "string", age),
                            column("IP", "string", "IP address allocated to the pod.", 1),
                            column("Node", "string", "Name of the node this pod is bound to.", 1),
                            column("Nominated Node", "string", "Name of the node the scheduler nominated.", 1),
                            column("Readiness Gates", "string", "The readiness gates of this pod.", 1)});
    case ResourceKind::Node:
        return json::array({column("Name", "string", name, 0, "name"),
                            column("Status", "string", "The status of the node"),
                            column("Roles", "string", "The roles of the node"),
                            column("Age", "string", age),
                            column("Version", "string", "Kubelet Version reported by the node."),
                            column("Internal-IP", "string", "List of addresses reachable to the node.", 1),
                            column("External-IP", "string", "List of addresses reachable to the node.", 1),
                            column("OS-Image", "string", "OS Image reported by the node.", 1),
                            column("Kernel-Version", "string", "Kernel Version reported by the node.", 1),
                            column("Container-Runtime", "string", "Container Runtime Version reported by the node.", 1)});
    case ResourceKind::Deployment:
        return json::array({column("Name", "string", name, 0, "name"),
                            column("Ready", "string", "Number of the pod with ready state"),
                            column("Up-to-date", "integer", "Total number of non-terminated pods targeted by this deployment that have the desired template spec."),
                            column("Available", "integer", "Total number of available pods (ready for at least minReadySeconds) targeted by this deployment."),
                            column("Age", "string", age),
                            column("Containers", "string", "Names of each container in the template.", 1),
                            column("Images", "string", "Images referenced by each container in the template.", 1),
                            column("Selector", "string", "Label selector for pods.", 1)});
    case ResourceKind::ReplicaSet:
        return json::array({column("Name", "string", name, 0, "name"),
                            column("Desired", "integer", "Replicas is the number of desired replicas."),
                            column("Current", "integer", "Replicas is the most recently oberved number of replicas."),
                            column("Ready", "integer", "The number of ready replicas for this replica set."),
                            column("Age", "string", age),
                            column("Containers", "string", "Names of each container in the template.", 1),
                            column("Images", "string", "Images referenced by each container in the template.", 1),
                            column("Selector", "string", "Label selector for pods.", 1)});
    case ResourceKind::Event:
        return json::array({column("Last Seen", "string", "The time the event was last seen"),
                            column("Type", "string", "Type of this event (Normal, Warning), new types could be added in the future."),
                            column("Reason", "string", "The reason this event was generated."),
                            column("Object", "string", "The related object."),
                            column("Subobject", "string", "The subobject the event is about.", 1),
                            column("Source", "string", "The component reporting this event.", 1),
                            column("Message", "string", "A human-readable description of the status of this operation."),
                            column("First Seen", "string", "The time the event was first seen", 1),
                            column("Count", "string", "The number of times this event has occurred.", 1),
                            column("Name", "string", name, 1, "name")});
    case ResourceKind::Lease:
        return json::array({column("Name", "string", name, 0, "name"),
                            column("Holder", "string", "The holder of the lease."),
                            column("Age", "string", age)});
    }
    return json::array();
}

json TablePrinter::row(const json& object) const
{
    const json& metadata = member(object, "metadata");
    const json& spec = member(object, "spec");
    const json& status = member(object, "status");
    const std::string name = text(metadata, "name");
    json cells = json::array();
    switch (m_kind) {
    case ResourceKind::Pod: {
        std::int64_t ready = 0, restarts = 0;
        const json& containers = array(status, "containerStatuses");
        for (const json& container : containers) {
            ready += container.value("ready", false) ? 1 : 0;
            restarts += integer(container, "restartCount");
        }
        const std::size_t total = std::max(array(spec, "containers").size(), containers.size());
        const std::string podIp = text(status, "podIP");
        const std::string node = text(spec, "nodeName");
        const std::string nominated = text(status, "nominatedNodeName");
        cells = {name, concat({std::to_string(ready), "/", std::to_string(total)}), podStatus(object), std::to_string(restarts),
                 age(object), podIp.empty() ? "<none>" : podIp, node.empty() ? "<none>" : node,
                 nominated.empty() ? "<none>" : nominated, "<none>"};
        break;
    }
    case ResourceKind::Node: {
        std::string state = "Unknown";
        for (const json& condition : array(status, "conditions"))
            if (text(condition, "type") == "Ready")
                state = text(condition, "status") == "True" ? "Ready" : "NotReady";
        if (spec.value("unschedulable", false))
            state += ",SchedulingDisabled";
        std::string roles;
        for (const auto& [key, value] : member(metadata, "labels").items()) {
            static const std::string prefix = "node-role.kubernetes.io/";
            if (key.rfind(prefix, 0) == 0)
                roles.append(roles.empty() ? "" : ",").append(key.substr(prefix.size()));
        }
        std::string internal = "<none>", external = "<none>";
        for (const json& address : array(status, "addresses")) {
            if (text(address, "type") == "InternalIP")
                internal = text(address, "address");
            else if (text(address, "type") == "ExternalIP")
                external = text(address, "address");
        }
        const json& info = member(status, "nodeInfo");
        const auto orUnknown = [](std::string value) { return value.empty() ? std::string("<unknown>") : value; };
        cells = {name, state, roles.empty() ? "<none>" : roles, age(object), text(info, "kubeletVersion"), internal,
                 external, orUnknown(text(info, "osImage")), orUnknown(text(info, "kernelVersion")),
                 orUnknown(text(info, "containerRuntimeVersion"))};
        break;
    }
    case ResourceKind::Deployment:
    case ResourceKind::ReplicaSet: {
        const json& podSpec = member(member(spec, "template"), "spec");
        json containers = json::array(), images = json::array();
        for (const json& container : array(podSpec, "containers")) {
            containers.push_back(text(container, "name"));
            images.push_back(text(container, "image"));
        }
        const std::int64_t desired = integer(spec, "replicas");
        if (m_kind == ResourceKind::Deployment)
            cells = {name, concat({std::to_string(integer(status, "readyReplicas")), "/", std::to_string(desired)}),
                     integer(status, "updatedReplicas"), integer(status, "availableReplicas"), age(object), joined(containers),
                     joined(images), selectorText(spec)};
        else
            cells = {name, desired, integer(status, "replicas"), integer(status, "readyReplicas"), age(object),
                     joined(containers), joined(images), selectorText(spec)};
        break;
    }
    case ResourceKind::Event: {
        const json& involved = member(object, "involvedObject");
        std::string kind = text(involved, "kind");
        for (char& c : kind)
            c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        const std::string last = text(object, "lastTimestamp").empty() ? "eventTime" : "lastTimestamp";
        const std::string first = text(object, "firstTimestamp").empty() ? last : "firstTimestamp";
        const json& source = member(object, "source");
        const std::string reporter = text(source, "component").empty() ? text(object, "reportingComponent") : text(source, "component");
        const std::int64_t count = std::max<std::int64_t>(1, integer(object, "count"));
        cells = {age(object, last.c_str()), text(object, "type"), text(object, "reason"), concat({kind, "/", text(involved, "name")}),
                 text(involved, "fieldPath"), reporter, text(object, "message"), age(object, first.c_str()),
                 std::to_string(count), name};
        break;
    }
    case ResourceKind::Lease: {
        const std::string holder = text(spec, "holderIdentity");
        cells = {name, holder.empty() ? "<none>" : holder, age(object)};
        break;
    }
    }
    json out = {{"cells", cells}};
    if (m_includeObject == "Object") {
        out["object"] = object;
    } else if (m_includeObject != "None") {
        json partial = metadata;
        partial.erase("managedFields");
        out["object"] = {{"kind", "PartialObjectMetadata"}, {"apiVersion", "meta.k8s.io/v1"}, {"metadata", partial}};
    }
    return out;
}

json TablePrinter::table(json rows, json listMetadata, bool withColumns) const
{
    json out = {{"kind", "Table"}, {"apiVersion", "meta.k8s.io/v1"}, {"metadata", std::move(listMetadata)}};
    if (withColumns)
        out["columnDefinitions"] = columnDefinitions();
    out["rows"] = std::move(rows);
    return out;
}

} // namespace orrery::serve
