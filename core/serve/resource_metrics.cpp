#include "serve/resource_metrics.h"

#include <cmath>
#include <cstdint>

namespace orrery::serve {
namespace {

using nlohmann::json;

//! metrics-server's quantities: CPU in nanocores ("12345678n"), memory in kibibytes ("2048Ki").
std::string cpuQuantity(double cores)
{
    return std::to_string(static_cast<std::int64_t>(std::llround(std::max(0.0, cores) * 1e9))) + "n";
}

std::string memoryQuantity(double bytes)
{
    return std::to_string(static_cast<std::int64_t>(std::llround(std::max(0.0, bytes) / 1024.0))) + "Ki";
}

std::map<std::string, std::string> labelsOf(const json& object)
{
    std::map<std::string, std::string> labels;
    if (const auto metadata = object.find("metadata"); metadata != object.end() && metadata->contains("labels"))
        for (const auto& [key, value] : (*metadata)["labels"].items())
            labels[key] = value.is_string() ? value.get<std::string>() : value.dump();
    return labels;
}

json usageJson(const PodUsage& usage)
{
    return {{"cpu", cpuQuantity(usage.cpuCores)}, {"memory", memoryQuantity(usage.memoryBytes)}};
}

} // namespace

ResourceMetrics::ResourceMetrics(const ObjectStore& objects, const std::map<std::string, PodUsage>& usage, std::string timestamp,
                                 double windowSeconds)
    : m_objects(objects)
    , m_usage(usage)
    , m_timestamp(std::move(timestamp))
    , m_window(std::to_string(static_cast<std::int64_t>(std::llround(windowSeconds * 1000))) + "ms")
{
}

PodUsage ResourceMetrics::usageOf(const json& pod) const
{
    const json& metadata = pod["metadata"];
    const auto it = m_usage.find(ObjectStore::key(metadata.value("namespace", ""), metadata.value("name", "")));
    return it == m_usage.end() ? PodUsage{} : it->second;
}

json ResourceMetrics::podMetrics(const json& pod) const
{
    const json& metadata = pod["metadata"];
    json labels = metadata.value("labels", json::object());
    json containers = json::array();
    const PodUsage usage = usageOf(pod);
    // A served pod runs one container: the whole pod's usage is its.
    const json specContainers = pod.contains("spec") ? pod["spec"].value("containers", json::array()) : json::array();
    const std::string container = !specContainers.empty() ? specContainers[0].value("name", "main") : "main";
    containers.push_back({{"name", container}, {"usage", usageJson(usage)}});
    return {{"kind", "PodMetrics"},
            {"apiVersion", kGroupVersion},
            {"metadata",
             {{"name", metadata.value("name", "")},
              {"namespace", metadata.value("namespace", "")},
              {"creationTimestamp", m_timestamp},
              {"labels", labels}}},
            {"timestamp", m_timestamp},
            {"window", m_window},
            {"containers", containers}};
}

std::map<std::string, PodUsage> ResourceMetrics::usageByNode() const
{
    std::map<std::string, PodUsage> sums;
    m_objects.forEach(ResourceKind::Pod, "", "", [&](const std::string&, const json& pod) {
        const std::string node = pod.contains("spec") ? pod["spec"].value("nodeName", "") : "";
        if (!node.empty()) {
            const PodUsage usage = usageOf(pod);
            sums[node].cpuCores += usage.cpuCores;
            sums[node].memoryBytes += usage.memoryBytes;
        }
        return true;
    });
    return sums;
}

json ResourceMetrics::nodeMetrics(const json& node, const PodUsage& sum) const
{
    const std::string name = node["metadata"].value("name", "");
    return {{"kind", "NodeMetrics"},
            {"apiVersion", kGroupVersion},
            {"metadata", {{"name", name}, {"creationTimestamp", m_timestamp}, {"labels", node["metadata"].value("labels", json::object())}}},
            {"timestamp", m_timestamp},
            {"window", m_window},
            {"usage", usageJson(sum)}};
}

json ResourceMetrics::podList(const std::string& nameSpace, const std::optional<LabelSelector>& selector) const
{
    json items = json::array();
    m_objects.forEach(ResourceKind::Pod, nameSpace, "", [&](const std::string&, const json& pod) {
        if (!selector || selector->matches(labelsOf(pod)))
            items.push_back(podMetrics(pod));
        return true;
    });
    return {{"kind", "PodMetricsList"}, {"apiVersion", kGroupVersion}, {"metadata", json::object()}, {"items", items}};
}

std::optional<json> ResourceMetrics::pod(const std::string& nameSpace, const std::string& name) const
{
    const json* pod = m_objects.find(ResourceKind::Pod, nameSpace, name);
    return pod ? std::optional<json>(podMetrics(*pod)) : std::nullopt;
}

json ResourceMetrics::nodeList(const std::optional<LabelSelector>& selector) const
{
    json items = json::array();
    const std::map<std::string, PodUsage> sums = usageByNode();
    m_objects.forEach(ResourceKind::Node, "", "", [&](const std::string&, const json& node) {
        if (!selector || selector->matches(labelsOf(node))) {
            const auto sum = sums.find(node["metadata"].value("name", ""));
            items.push_back(nodeMetrics(node, sum == sums.end() ? PodUsage{} : sum->second));
        }
        return true;
    });
    return {{"kind", "NodeMetricsList"}, {"apiVersion", kGroupVersion}, {"metadata", json::object()}, {"items", items}};
}

std::optional<json> ResourceMetrics::node(const std::string& name) const
{
    const json* node = m_objects.find(ResourceKind::Node, "", name);
    if (!node)
        return std::nullopt;
    const std::map<std::string, PodUsage> sums = usageByNode();
    const auto sum = sums.find(name);
    return nodeMetrics(*node, sum == sums.end() ? PodUsage{} : sum->second);
}

json ResourceMetrics::resourceList()
{
    json resources = json::array();
    resources.push_back({{"name", "nodes"}, {"singularName", ""}, {"namespaced", false}, {"kind", "NodeMetrics"}, {"verbs", {"get", "list"}}});
    resources.push_back({{"name", "pods"}, {"singularName", ""}, {"namespaced", true}, {"kind", "PodMetrics"}, {"verbs", {"get", "list"}}});
    return {{"kind", "APIResourceList"}, {"apiVersion", "v1"}, {"groupVersion", kGroupVersion}, {"resources", resources}};
}

} // namespace orrery::serve
