#pragma once
#include "live/cluster_snapshot.h"
#include "model/resources.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace orrery::live {

//! One workload of a snapshot: the pods of one controller (a Deployment through its
//! ReplicaSets, a DaemonSet, StatefulSet, Job, a ReplicaSet without Deployment) or a bare pod,
//! or a Deployment with no pods captured (then from its pod template and spec.replicas).
struct SnapshotWorkload {
    std::string kind;                      //!< Deployment, DaemonSet, StatefulSet, Job, ReplicaSet, Pod, …
    std::string nameSpace;
    std::string name;
    std::vector<std::string> podNames;     //!< Running and Pending pods
    std::map<std::string, int> podsPerNode;//!< node name ("" = not scheduled) → pods
    std::optional<std::int32_t> desiredReplicas; //!< Deployment spec.replicas
    model::Resources request;              //!< per pod: sum over containers of resources.requests
    model::Resources limit;                //!< per pod: sum over containers of resources.limits
    bool podsDiffer = false;               //!< pods ask for different requests (the largest of each is kept)
    std::string requestSource;             //!< e.g. "Pod olly/grafana-7db5dff8ff-vwrnf spec.containers[*].resources"
    std::optional<KubeHpa> hpa;            //!< the HPA whose scaleTargetRef names this workload

    //! `<kind>/<namespace>/<name>`: the key of ClusterSnapshot::telemetry.
    [[nodiscard]] std::string key() const { return kind + "/" + nameSpace + "/" + name; }
};

//! Groups the snapshot's Running and Pending pods by their controller (Pod → ReplicaSet →
//! Deployment through ownerReferences, or the pod-template-hash when the ReplicaSet was not
//! listed), adds Deployments that have no pods, and attaches HPAs. Sorted by namespace, kind, name.
std::vector<SnapshotWorkload> groupWorkloads(const ClusterSnapshot& snapshot);

} // namespace orrery::live
