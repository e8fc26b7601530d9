#pragma once
#include "live/kube_objects.h"
#include "model/resources.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace orrery::live {

//! What is already placed on a node: the summed requests of the pods bound to it that have not
//! finished (phase Succeeded or Failed), and how many they are.
struct NodeUsage {
    model::Resources requested;
    std::int64_t pods = 0;
};

//! The filters kube-scheduler applies before any scoring, in its default order (NodeUnschedulable,
//! TaintToleration, NodeAffinity, NodeResourcesFit with the pod count), for one pod on one node:
//! why the pod cannot go there in kube-scheduler's words, from the first filter that fails
//! ("node(s) were unschedulable", "node(s) had untolerated taint {dedicated: gpu}", "node(s)
//! didn't match Pod's node affinity/selector", then every one of "Too many pods", "Insufficient
//! cpu", "Insufficient memory", "Insufficient nvidia.com/gpu"); empty when it can.
[[nodiscard]] std::vector<std::string> unfitReasons(const KubeNode& node, const NodeUsage& usage, const KubePod& pod);

//! Whether `tolerations` tolerate `taint` (core/v1 Toleration.ToleratesTaint). Only NoSchedule and
//! NoExecute taints keep pods off a node; PreferNoSchedule never filters.
[[nodiscard]] bool tolerates(const std::vector<KubeToleration>& tolerations, const KubeTaint& taint);

//! Whether a node (its name and labels) satisfies the pod's nodeSelector and required node affinity.
[[nodiscard]] bool matchesNodeAffinity(const KubePodScheduling& scheduling, const std::string& nodeName,
                                       const std::map<std::string, std::string>& labels);

//! The pod's request as kube-scheduler counts it: the sum over its containers (init containers
//! and overhead are not read).
[[nodiscard]] model::Resources podRequest(const KubePod& pod);

//! FailedScheduling's message: "0/N nodes are available: 2 Insufficient cpu, 1 node(s) had
//! untolerated taint {a: b}." with the reasons counted over nodes, most frequent first.
[[nodiscard]] std::string unschedulableMessage(std::size_t nodes, const std::map<std::string, int>& reasons);

//! The usage of every node of `nodes` (by name) from `pods`.
[[nodiscard]] std::map<std::string, NodeUsage> nodeUsage(const std::vector<KubePod>& pods);

} // namespace orrery::live
