#pragma once
#include <map>
#include <string>
#include <vector>

namespace orrery::live {

// The fields of a Pod's spec that decide where it may run (parsed by kube_object_parser.h; the
// filters in scheduling_filters.h read them as kube-scheduler's filter plugins do).

//! spec.tolerations[]: `operator` Exists matches any value; an empty key with Exists matches
//! every taint; an empty effect matches every effect.
struct KubeToleration {
    std::string key;
    std::string op = "Equal";              //!< Equal or Exists
    std::string value;
    std::string effect;                    //!< empty, NoSchedule, PreferNoSchedule, NoExecute
};

//! One matchExpressions entry of a node selector term: `op` In, NotIn, Exists, DoesNotExist,
//! Gt, Lt (the last two compare the label as an integer).
struct KubeNodeSelectorRequirement {
    std::string key;
    std::string op;
    std::vector<std::string> values;
};

//! A nodeSelectorTerm: its requirements all hold (matchExpressions on labels; matchFields on
//! metadata.name only, as Kubernetes allows).
struct KubeNodeSelectorTerm {
    std::vector<KubeNodeSelectorRequirement> matchExpressions;
    std::vector<KubeNodeSelectorRequirement> matchFields;
};

//! Where a pod may be scheduled and by whom.
struct KubePodScheduling {
    std::string schedulerName = "default-scheduler"; //!< spec.schedulerName (Kubernetes' default when absent)
    std::map<std::string, std::string> nodeSelector;  //!< spec.nodeSelector
    std::vector<KubeToleration> tolerations;
    //! spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms:
    //! any one term holding suffices; none given, every node does.
    std::vector<KubeNodeSelectorTerm> requiredNodeAffinity;
};

} // namespace orrery::live
