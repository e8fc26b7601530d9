#pragma once
#include "model/gpu_request.h"
#include "policy/expected_pod.h"
#include "policy/gpu_node_scoring.h"
#include "policy/placement_policy.h"
#include "policy/policy_context.h"

#include <array>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace orrery::plugins {

//! Fragmentation Gradient Descent (Weng et al., "Beware of Fragmentation", USENIX ATC '23, §4):
//! each pod goes to the node, and a share to the GPU, whose fragmentation against the expected
//! workload (policy/gpu_fragmentation.h) grows least. The score is ⌊100 σ(−Δ/1000)⌋ for a growth
//! Δ in milli-GPU, as the peer simulator computes it, so nearly equal growths tie and go to the
//! lowest node index. The expected workload comes from the host (expectWorkload); without one,
//! the policy learns it from the pods it has been asked to place, every pod counting once.
class FgdPolicy : public policy::PlacementPolicy {
public:
    explicit FgdPolicy(const policy::PolicyContext& context);

    policy::PlacementDecision place(const policy::PendingUnit& unit, const policy::ClusterView& cluster) override;
    policy::GpuPlacement placeOnGpus(const policy::PendingUnit& unit, const model::GpuRequest& gpus,
                                     const policy::GpuClusterView& cluster) override;
    void expectWorkload(const std::vector<policy::ExpectedPod>& workload) override;

    //! The score of placing the pod on a node whose fragmentation goes from `before` to `after`.
    [[nodiscard]] static std::int64_t score(double before, double after);

private:
    struct Choice {
        std::int64_t score = 0;
        std::int32_t gpu = -1;
    };
    //! The best score on one node and, for a share, the GPU giving it (lowest index among equal).
    Choice scoreNode(const policy::GpuNodeState& node, std::string_view gpuModel, std::int64_t podMillicores,
                     const model::GpuRequest& gpus);
    //! The node's fragmentation, memoised by its state (model, free CPU, free milli per GPU).
    double fragmentation(std::int64_t freeMillicores, std::span<std::int32_t> freeMilli, std::string_view gpuModel);
    //! Without a workload from the host: count the pod's shape into the one learned so far.
    void learnShape(const policy::PendingUnit& unit, const model::GpuRequest& gpus);

    //! What was last scored on one node, valid while the node's free CPU and GPUs stay as they were:
    //! a replay changes one node per pod, so nearly every score comes from here.
    struct NodeMemo {
        std::int64_t freeMillicores = -1;
        std::vector<std::int32_t> freeMilli;
        //! (pod CPU, whole GPUs, shared milli) → its best choice on this node
        std::vector<std::pair<std::array<std::int64_t, 3>, Choice>> choices;
    };
    //! The node's memo, emptied first when its state moved since it was filled.
    NodeMemo& memoOf(std::uint32_t node, const policy::GpuNodeState& state);
    //! scoreNode through the node's memo.
    Choice scoreNodeOnce(std::uint32_t node, const policy::GpuNodeState& state, std::string_view gpuModel,
                         std::int64_t podMillicores, const model::GpuRequest& gpus);

    std::vector<policy::ExpectedPod> m_workload;
    bool m_workloadFromHost = false;
    std::vector<std::pair<policy::ExpectedPod, std::size_t>> m_learned; //!< shape, count
    std::size_t m_learnedPods = 0;
    std::unordered_map<std::string, double> m_memo; //!< fragmentation by node state
    std::vector<NodeMemo> m_nodeMemos;              //!< by node; cleared with m_memo
    std::string m_key;                               //!< the state key being built, reused
};

} // namespace orrery::plugins
