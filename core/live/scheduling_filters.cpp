#include "live/scheduling_filters.h"

#include <algorithm>
#include <charconv>
#include <optional>

namespace orrery::live {
namespace {

std::optional<long long> integerLabel(const std::string& text)
{
    long long value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || text.empty())
        return std::nullopt;
    return value;
}

bool requirementHolds(const KubeNodeSelectorRequirement& requirement, const std::map<std::string, std::string>& labels)
{
    const auto found = labels.find(requirement.key);
    const bool has = found != labels.end();
    const auto listed = [&] {
        return has && std::find(requirement.values.begin(), requirement.values.end(), found->second) != requirement.values.end();
    };
    if (requirement.op == "In")
        return listed();
    if (requirement.op == "NotIn")
        return !listed();
    if (requirement.op == "Exists")
        return has;
    if (requirement.op == "DoesNotExist")
        return !has;
    if ((requirement.op == "Gt" || requirement.op == "Lt") && has && requirement.values.size() == 1) {
        const auto value = integerLabel(found->second);
        const auto bound = integerLabel(requirement.values.front());
        if (!value || !bound)
            return false;
        return requirement.op == "Gt" ? *value > *bound : *value < *bound;
    }
    return false; // an unknown operator matches nothing, as the API server would have refused it
}

bool termHolds(const KubeNodeSelectorTerm& term, const std::string& nodeName, const std::map<std::string, std::string>& labels)
{
    // An empty term matches no node (core/v1 NodeSelectorTerm).
    if (term.matchExpressions.empty() && term.matchFields.empty())
        return false;
    const std::map<std::string, std::string> fields{{"metadata.name", nodeName}};
    return std::all_of(term.matchExpressions.begin(), term.matchExpressions.end(),
                       [&](const auto& requirement) { return requirementHolds(requirement, labels); }) &&
           std::all_of(term.matchFields.begin(), term.matchFields.end(),
                       [&](const auto& requirement) { return requirementHolds(requirement, fields); });
}

std::string taintText(const KubeTaint& taint)
{
    return "{" + taint.key + ": " + taint.value + "}";
}

} // namespace

bool tolerates(const std::vector<KubeToleration>& tolerations, const KubeTaint& taint)
{
    return std::any_of(tolerations.begin(), tolerations.end(), [&](const KubeToleration& toleration) {
        if (!toleration.effect.empty() && toleration.effect != taint.effect)
            return false;
        if (toleration.key.empty())
            return toleration.op == "Exists"; // matches every key
        if (toleration.key != taint.key)
            return false;
        return toleration.op == "Exists" || toleration.value == taint.value;
    });
}

bool matchesNodeAffinity(const KubePodScheduling& scheduling, const std::string& nodeName,
                         const std::map<std::string, std::string>& labels)
{
    for (const auto& [key, value] : scheduling.nodeSelector) {
        const auto found = labels.find(key);
        if (found == labels.end() || found->second != value)
            return false;
    }
    if (scheduling.requiredNodeAffinity.empty())
        return true;
    return std::any_of(scheduling.requiredNodeAffinity.begin(), scheduling.requiredNodeAffinity.end(),
                       [&](const KubeNodeSelectorTerm& term) { return termHolds(term, nodeName, labels); });
}

model::Resources podRequest(const KubePod& pod)
{
    model::Resources total;
    for (const KubeContainer& container : pod.containers)
        total += container.requests;
    return total;
}

std::vector<std::string> unfitReasons(const KubeNode& node, const NodeUsage& usage, const KubePod& pod)
{
    if (node.unschedulable)
        return {"node(s) were unschedulable"};
    std::vector<KubeTaint> taints = node.taints;
    // The node lifecycle controller taints a node that is not Ready; a node read before it did counts the same.
    if (!node.ready && std::none_of(taints.begin(), taints.end(), [](const KubeTaint& t) { return t.key == "node.kubernetes.io/not-ready"; }))
        taints.push_back({"node.kubernetes.io/not-ready", "", "NoSchedule"});
    for (const KubeTaint& taint : taints) {
        if ((taint.effect == "NoSchedule" || taint.effect == "NoExecute") && !tolerates(pod.scheduling.tolerations, taint))
            return {"node(s) had untolerated taint " + taintText(taint)};
    }
    if (!matchesNodeAffinity(pod.scheduling, node.meta.name, node.meta.labels))
        return {"node(s) didn't match Pod's node affinity/selector"};

    std::vector<std::string> reasons;
    if (node.podCapacity > 0 && usage.pods + 1 > node.podCapacity)
        reasons.emplace_back("Too many pods");
    const model::Resources request = podRequest(pod);
    const model::Resources& allocatable = node.hasCapacity && node.allocatable.millicores == 0 && node.allocatable.memoryBytes == 0
        ? node.capacity : node.allocatable;
    if (request.millicores > allocatable.millicores - usage.requested.millicores)
        reasons.emplace_back("Insufficient cpu");
    if (request.memoryBytes > allocatable.memoryBytes - usage.requested.memoryBytes)
        reasons.emplace_back("Insufficient memory");
    const int gpus = request.deviceCount(model::DeviceKind::Gpu);
    if (gpus > 0 && gpus > allocatable.deviceCount(model::DeviceKind::Gpu) - usage.requested.deviceCount(model::DeviceKind::Gpu))
        reasons.emplace_back("Insufficient nvidia.com/gpu");
    return reasons;
}

std::string unschedulableMessage(std::size_t nodes, const std::map<std::string, int>& reasons)
{
    std::vector<std::pair<std::string, int>> ordered(reasons.begin(), reasons.end());
    std::stable_sort(ordered.begin(), ordered.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    std::string message = "0/" + std::to_string(nodes) + " nodes are available";
    for (std::size_t i = 0; i < ordered.size(); ++i)
        message += (i == 0 ? ": " : ", ") + std::to_string(ordered[i].second) + " " + ordered[i].first;
    return message + ".";
}

std::map<std::string, NodeUsage> nodeUsage(const std::vector<KubePod>& pods)
{
    std::map<std::string, NodeUsage> usage;
    for (const KubePod& pod : pods) {
        if (pod.nodeName.empty() || pod.phase == "Succeeded" || pod.phase == "Failed")
            continue;
        NodeUsage& node = usage[pod.nodeName];
        node.requested += podRequest(pod);
        ++node.pods;
    }
    return usage;
}

} // namespace orrery::live
