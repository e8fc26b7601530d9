#pragma once
#include "live/kube_scheduling_fields.h"
#include "model/resources.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace orrery::live {

// Plain structs for the fields of Kubernetes objects Orrery uses; parsed by kube_object_parser.h.

//! metadata of any object.
struct KubeObjectMeta {
    std::string name;
    std::string nameSpace;
    std::string uid;
    std::string resourceVersion;
    std::string creationTimestamp;
    std::map<std::string, std::string> labels;
};

//! A node taint (spec.taints[]).
struct KubeTaint {
    std::string key;
    std::string value;
    std::string effect;                    //!< NoSchedule, PreferNoSchedule, NoExecute
};

//! A Node: capacity and allocatable as model::Resources (nvidia.com/gpu counts as GPUs).
struct KubeNode {
    KubeObjectMeta meta;
    model::Resources capacity;
    model::Resources allocatable;
    std::int64_t podCapacity = 0;
    bool ready = false;
    bool unschedulable = false;
    std::string instanceType;              //!< node.kubernetes.io/instance-type
    std::string zone;                      //!< topology.kubernetes.io/zone
    std::string architecture;
    std::string kubeletVersion;
    std::string internalIp;
    std::vector<KubeTaint> taints;
    bool hasCapacity = false;              //!< status.capacity is present
};

//! One container of a pod template or pod: its requests and limits.
struct KubeContainer {
    std::string name;
    std::string image;
    model::Resources requests;
    model::Resources limits;
};

struct KubePod {
    KubeObjectMeta meta;
    std::string nodeName;
    std::string phase;                     //!< Pending, Running, Succeeded, Failed, Unknown
    std::string podIp;
    std::string ownerKind;                 //!< ReplicaSet, DaemonSet, …
    std::string ownerName;
    std::vector<KubeContainer> containers;
    std::int32_t readyContainers = 0;
    std::int32_t restarts = 0;
    KubePodScheduling scheduling;          //!< schedulerName, nodeSelector, tolerations, required node affinity
};

struct KubeDeployment {
    KubeObjectMeta meta;
    std::int32_t replicas = 0;             //!< spec.replicas
    std::int32_t readyReplicas = 0;
    std::int32_t availableReplicas = 0;
    std::int32_t updatedReplicas = 0;
    std::map<std::string, std::string> selector; //!< spec.selector.matchLabels
    std::vector<KubeContainer> containers;       //!< spec.template.spec.containers
};

struct KubeReplicaSet {
    KubeObjectMeta meta;
    std::string ownerName;                 //!< the Deployment, if any
    std::int32_t replicas = 0;
    std::int32_t readyReplicas = 0;
};

//! A HorizontalPodAutoscaler (autoscaling/v1 fields).
struct KubeHpa {
    KubeObjectMeta meta;
    std::string targetKind;
    std::string targetName;
    std::int32_t minReplicas = 1;
    std::int32_t maxReplicas = 0;
    std::int32_t currentReplicas = 0;
    std::int32_t desiredReplicas = 0;
    std::optional<std::int32_t> targetCpuUtilizationPercent;
};

//! A core/v1 Event: what happened to which object, said by whom (kube-scheduler's Scheduled and
//! FailedScheduling, kubelet's Pulled, …).
struct KubeEvent {
    KubeObjectMeta meta;
    std::string involvedKind;              //!< involvedObject.kind
    std::string involvedNamespace;
    std::string involvedName;
    std::string type;                      //!< Normal or Warning
    std::string reason;
    std::string message;
    std::string component;                 //!< reportingComponent, else source.component
    std::string timestamp;                 //!< lastTimestamp, else eventTime, firstTimestamp or metadata.creationTimestamp
    std::int32_t count = 1;
};

//! The items of a (possibly paginated) list and the list's resourceVersion to watch from.
template <typename T>
struct KubeList {
    std::vector<T> items;
    std::string resourceVersion;
    int pages = 0;
};

} // namespace orrery::live
