#pragma once
#include "model/gpu_request.h"
#include "policy/gpu_node_scoring.h"
#include "policy/placement_policy.h"
#include "policy/policy_context.h"

namespace orrery::plugins {

//! Dot-product placement on shared GPUs (Weng et al., ATC '23 §5.1, after Tetris): the feasible
//! node whose free (CPU, GPU) vector has the smallest dot product with the pod's request, both
//! normalised by the largest node shape; inside the node, a share goes to the fullest GPU it fits.
class DotProductPolicy : public policy::PlacementPolicy {
public:
    explicit DotProductPolicy(const policy::PolicyContext& context);

    policy::PlacementDecision place(const policy::PendingUnit& unit, const policy::ClusterView& cluster) override;
    policy::GpuPlacement placeOnGpus(const policy::PendingUnit& unit, const model::GpuRequest& gpus,
                                     const policy::GpuClusterView& cluster) override;

    //! A node's score, 0–100 (higher is better), as the peer simulator computes it.
    [[nodiscard]] static std::int64_t score(const policy::GpuNodeState& node, std::int64_t podMillicores,
                                            const model::GpuRequest& gpus);
};

} // namespace orrery::plugins
