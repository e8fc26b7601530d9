#pragma once
#include "model/gpu_request.h"
#include "policy/gpu_node_scoring.h"
#include "policy/placement_policy.h"
#include "policy/policy_context.h"

#include <vector>

namespace orrery::plugins {

//! Best-Fit (Weng et al., ATC '23 §5.1): the feasible node with the least left after the pod,
//! CPU and GPU weighted equally (each normalised by the largest node shape); scores are rescaled
//! to 0–100 over the feasible nodes, as the Kubernetes framework's NormalizeScore does. A share
//! goes to the fullest GPU it fits.
class BestFitPolicy : public policy::PlacementPolicy {
public:
    explicit BestFitPolicy(const policy::PolicyContext& context);

    policy::PlacementDecision place(const policy::PendingUnit& unit, const policy::ClusterView& cluster) override;
    policy::GpuPlacement placeOnGpus(const policy::PendingUnit& unit, const model::GpuRequest& gpus,
                                     const policy::GpuClusterView& cluster) override;

    //! A node's score before rescaling (higher is better), as the peer simulator computes it.
    [[nodiscard]] static std::int64_t rawScore(const policy::GpuNodeState& node, std::int64_t podMillicores,
                                               const model::GpuRequest& gpus);

private:
    //! The feasible node with the highest rescaled score (the lowest index among equal ones).
    [[nodiscard]] std::optional<std::uint32_t> bestAfterRescaling() const;

    std::vector<std::pair<std::uint32_t, std::int64_t>> m_scores; //!< (node, raw score) of the feasible nodes
};

} // namespace orrery::plugins
