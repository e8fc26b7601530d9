#pragma once
#include "live/kube_objects.h"
#include "model/resources.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace orrery::live {

//! Nodes of a snapshot that are identical for a scheduler: the same allocatable CPU, memory and
//! GPUs, the same GPU model, the same taints and the same labels apart from per-node ones
//! (hostname, zone, region).
struct SnapshotNodePool {
    std::string name;                      //!< [a-z0-9-], unique among the pools
    std::vector<std::string> nodeNames;
    model::Resources allocatable;          //!< per node (status.allocatable; status.capacity when absent)
    model::Resources capacity;             //!< per node (status.capacity)
    bool allocatableFromCapacity = false;  //!< status.allocatable was missing
    std::string gpuModel;                  //!< e.g. A100; empty without GPUs
    std::string gpuModelSource;            //!< the label it came from, `key=value`, or why there is none
    std::map<std::string, std::string> labels; //!< common labels, per-node ones removed
    std::vector<KubeTaint> taints;
    std::set<std::string> zones;           //!< topology.kubernetes.io/zone of the nodes
    std::vector<std::string> notSchedulable; //!< cordoned or not Ready nodes of the pool
};

//! Groups nodes into pools. Throws LiveError(Protocol) naming the node and field when a node has
//! no status.capacity, no CPU or memory, or more than a scenario allows (4096 cores, 64Ti).
std::vector<SnapshotNodePool> groupNodePools(const std::vector<KubeNode>& nodes);

//! The GPU model of a node from its labels (nvidia.com/gpu.product,
//! cloud.google.com/gke-accelerator, k8s.amazonaws.com/accelerator), shortened to the family
//! Orrery's device profiles use when one is recognised ("NVIDIA-A100-SXM4-40GB" → "A100");
//! `source` gets `key=value`. Empty when no label names one.
std::string gpuModelFromLabels(const std::map<std::string, std::string>& labels, std::string* source);

//! `text` as a scenario name: lower case, [a-z0-9-], alphanumeric at both ends, at most `maxLength`.
std::string scenarioName(const std::string& text, std::size_t maxLength = 63);

} // namespace orrery::live
