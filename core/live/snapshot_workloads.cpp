#include "live/snapshot_workloads.h"

#include <algorithm>
#include <tuple>

namespace orrery::live {
namespace {

model::Resources sumOf(const std::vector<KubeContainer>& containers, bool limits)
{
    model::Resources total;
    for (const auto& container : containers)
        total += limits ? container.limits : container.requests;
    return total;
}

model::Resources largest(const model::Resources& a, const model::Resources& b)
{
    model::Resources result;
    result.millicores = std::max(a.millicores, b.millicores);
    result.memoryBytes = std::max(a.memoryBytes, b.memoryBytes);
    for (int i = 0; i < model::kDeviceKindCount; ++i)
        result.devices[i] = std::max(a.devices[i], b.devices[i]);
    return result;
}

//! The controller that owns `pod`: (kind, name).
std::pair<std::string, std::string> controllerOf(const KubePod& pod, const ClusterSnapshot& snapshot)
{
    if (pod.ownerKind.empty())
        return {"Pod", pod.meta.name};
    if (pod.ownerKind != "ReplicaSet")
        return {pod.ownerKind, pod.ownerName};
    for (const auto& replicaSet : snapshot.replicaSets) {
        if (replicaSet.meta.nameSpace == pod.meta.nameSpace && replicaSet.meta.name == pod.ownerName)
            return replicaSet.ownerName.empty() ? std::pair<std::string, std::string>{"ReplicaSet", pod.ownerName}
                                                : std::pair<std::string, std::string>{"Deployment", replicaSet.ownerName};
    }
    // The ReplicaSet was not listed: a Deployment names its ReplicaSets <deployment>-<pod-template-hash>.
    const auto hash = pod.meta.labels.find("pod-template-hash");
    if (hash != pod.meta.labels.end() && pod.ownerName.size() > hash->second.size() + 1 &&
        pod.ownerName.ends_with("-" + hash->second))
        return {"Deployment", pod.ownerName.substr(0, pod.ownerName.size() - hash->second.size() - 1)};
    return {"ReplicaSet", pod.ownerName};
}

} // namespace

std::vector<SnapshotWorkload> groupWorkloads(const ClusterSnapshot& snapshot)
{
    std::map<std::tuple<std::string, std::string, std::string>, SnapshotWorkload> byKey; // (ns, kind, name)
    for (const auto& pod : snapshot.pods) {
        if (pod.phase != "Running" && pod.phase != "Pending")
            continue;
        const auto [kind, name] = controllerOf(pod, snapshot);
        SnapshotWorkload& workload = byKey[{pod.meta.nameSpace, kind, name}];
        const model::Resources request = sumOf(pod.containers, false);
        const model::Resources limit = sumOf(pod.containers, true);
        if (workload.podNames.empty()) {
            workload.kind = kind;
            workload.nameSpace = pod.meta.nameSpace;
            workload.name = name;
            workload.request = request;
            workload.limit = limit;
            workload.requestSource = "Pod " + pod.meta.nameSpace + "/" + pod.meta.name + " spec.containers[*].resources";
        } else if (!(request == workload.request) || !(limit == workload.limit)) {
            workload.podsDiffer = true;
            workload.request = largest(workload.request, request);
            workload.limit = largest(workload.limit, limit);
        }
        workload.podNames.push_back(pod.meta.name);
        ++workload.podsPerNode[pod.nodeName];
    }
    for (const auto& deployment : snapshot.deployments) {
        const auto key = std::make_tuple(deployment.meta.nameSpace, std::string("Deployment"), deployment.meta.name);
        auto it = byKey.find(key);
        if (it == byKey.end()) {
            SnapshotWorkload workload;
            workload.kind = "Deployment";
            workload.nameSpace = deployment.meta.nameSpace;
            workload.name = deployment.meta.name;
            workload.request = sumOf(deployment.containers, false);
            workload.limit = sumOf(deployment.containers, true);
            workload.requestSource = "Deployment " + deployment.meta.nameSpace + "/" + deployment.meta.name +
                                     " spec.template.spec.containers[*].resources";
            it = byKey.emplace(key, std::move(workload)).first;
        }
        it->second.desiredReplicas = deployment.replicas;
    }
    for (const auto& hpa : snapshot.hpas) {
        const auto it = byKey.find({hpa.meta.nameSpace, hpa.targetKind, hpa.targetName});
        if (it != byKey.end())
            it->second.hpa = hpa;
    }
    std::vector<SnapshotWorkload> result;
    result.reserve(byKey.size());
    for (auto& [key, workload] : byKey)
        result.push_back(std::move(workload));
    return result;
}

} // namespace orrery::live
