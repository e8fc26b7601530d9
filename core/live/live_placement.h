#pragma once
#include "live/kube_objects.h"
#include "live/scheduling_filters.h"
#include "policy/placement_policy.h"

#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace orrery::live {

//! One decision of `orrery schedule` for a pending pod.
struct LivePlacement {
    std::string node;            //!< where the policy placed it; empty when it did not
    std::string reason;          //!< FailedScheduling's reason when not placed: Unschedulable or PolicyDeferred
    std::string message;         //!< FailedScheduling's message when not placed
    std::size_t feasibleNodes = 0; //!< nodes that passed the filters
};

//! The live cluster as a scheduler sees it between decisions: its nodes and what the pods bound
//! to them request. A placement is recorded at once, so the next pod sees it before the API
//! server's answer comes back.
class LiveSchedulingState {
public:
    LiveSchedulingState(std::vector<KubeNode> nodes, const std::vector<KubePod>& pods);

    //! Filters the nodes as kube-scheduler does (scheduling_filters.h), then asks `policy` to place
    //! the pod among those that pass, shown as a cluster of those nodes alone (one single-node pool
    //! per node: allocatable CPU, memory and GPUs with the GPU model from the node's labels, the
    //! node's labels, what is already requested held), so no policy can pick a node the filters
    //! exclude. A decision the view says does not fit counts as deferred.
    LivePlacement place(const KubePod& pod, policy::PlacementPolicy& policy);

    //! Records `pod` as bound to `node` (what place() does when it places).
    void assume(const KubePod& pod, const std::string& node);

    [[nodiscard]] const std::vector<KubeNode>& nodes() const { return m_nodes; }
    [[nodiscard]] NodeUsage usage(const std::string& node) const;

private:
    std::vector<KubeNode> m_nodes;
    std::map<std::string, NodeUsage> m_usage;
    std::uint64_t m_decisions = 0;
};

} // namespace orrery::live
