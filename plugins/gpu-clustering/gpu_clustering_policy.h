#pragma once
#include "model/gpu_request.h"
#include "policy/gpu_node_scoring.h"
#include "policy/placement_policy.h"
#include "policy/policy_context.h"

#include <map>
#include <string>
#include <vector>

namespace orrery::plugins {

//! GPU Clustering (Weng et al., ATC '23 §5.1): a GPU pod goes to a node whose GPU pods all ask
//! what it asks (a share; 1, 2, 4 or 8 whole GPUs), then to one that runs some such pods, then to
//! a node without GPU pods, and last to a node running only other kinds; within a tier, the more of
//! the node's GPU is allocated the better. A share goes to the fullest GPU it fits. Pods asking no
//! GPU go to the first feasible node.
//!
//! What runs where is the policy's own record of the pods it placed: the policy API shows a node's
//! GPUs, not its pods. A host that releases pods (a simulation with departures) leaves that record
//! stale; the replay of docs/fleet.md never does.
class GpuClusteringPolicy : public policy::PlacementPolicy {
public:
    explicit GpuClusteringPolicy(const policy::PolicyContext& context);

    policy::PlacementDecision place(const policy::PendingUnit& unit, const policy::ClusterView& cluster) override;
    policy::GpuPlacement placeOnGpus(const policy::PendingUnit& unit, const model::GpuRequest& gpus,
                                     const policy::GpuClusterView& cluster) override;

    //! The GPU-request class a pod belongs to: "share-gpu", "<n>-gpu"; "" for none.
    [[nodiscard]] static std::string requestClass(const model::GpuRequest& gpus);
    //! A node's score, 0–100 (higher is better), given the classes of the GPU pods it runs.
    [[nodiscard]] static std::int64_t score(const policy::GpuNodeState& node, const std::map<std::string, int>& classesOnNode,
                                            const model::GpuRequest& gpus);

private:
    std::optional<std::uint32_t> choose(const policy::PendingUnit& unit, const model::GpuRequest& gpus,
                                        const policy::GpuClusterView* shared, const policy::ClusterView& cluster);

    std::vector<std::map<std::string, int>> m_classesOnNode; //!< per node: GPU-request class → pods placed
};

} // namespace orrery::plugins
