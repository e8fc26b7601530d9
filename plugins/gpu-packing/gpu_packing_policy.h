#pragma once
#include "model/gpu_request.h"
#include "policy/gpu_node_scoring.h"
#include "policy/placement_policy.h"
#include "policy/policy_context.h"

namespace orrery::plugins {

//! GPU Packing (Weng et al., ATC '23 §5.1): a GPU pod goes first where it fits on GPUs already
//! partly in use, then where it needs the fewest free GPUs on a node in use, and only then on a
//! node with every GPU free (smaller nodes first); a share goes to the fullest GPU it fits. Pods
//! asking no GPU score alike everywhere, so they go to the first feasible node.
class GpuPackingPolicy : public policy::PlacementPolicy {
public:
    explicit GpuPackingPolicy(const policy::PolicyContext& context);

    policy::PlacementDecision place(const policy::PendingUnit& unit, const policy::ClusterView& cluster) override;
    policy::GpuPlacement placeOnGpus(const policy::PendingUnit& unit, const model::GpuRequest& gpus,
                                     const policy::GpuClusterView& cluster) override;

    //! A node's score, 0–100 (higher is better), as the peer simulator computes it.
    [[nodiscard]] static std::int64_t score(const policy::GpuNodeState& node, const model::GpuRequest& gpus);
};

} // namespace orrery::plugins
