#pragma once
#include "policy/placement_policy.h"
#include "policy/policy_context.h"
#include "sim/rng_stream.h"

#include <cstdint>
#include <string>
#include <vector>

namespace orrery::plugins {

//! The placement part of HetSev's Algorithm 1 (seed 002 §4.2, lines 4–14) for the model-serving
//! kind with `sharing: concurrent`: preselect the GPU devices (nodes) of the type the replica asks
//! for (PendingUnit::deviceModel) whose free memory holds its weights (capacity filter), drop
//! those that already hold a replica of the same model (anti-affinity, a parameter), and pick
//! the one with the least free memory left (best fit) or the most (worst fit). Defers when none
//! passes. With `exclusive` a GPU holding anything takes nothing more (the one-instance-per-GPU
//! Kubernetes baseline of seed 002 §6). Lines 1–3 are its scheduling queue (admit): every round's
//! pending replicas in k-means queues, placed in weighted-fairness buffers of β (scheduling_queue.h).
class HetsevSchedulerPolicy : public policy::PlacementPolicy {
public:
    explicit HetsevSchedulerPolicy(const policy::PolicyContext& context);

    policy::PlacementDecision place(const policy::PendingUnit& unit, const policy::ClusterView& cluster) override;
    std::vector<std::size_t> admit(const std::vector<policy::PendingUnit>& pending, sim::SimTime now) override;

private:
    struct Resident {
        std::string model;
        std::int64_t memoryBytes = 0;
        double share = 0; //!< its GPU share (0: none)
    };
    //! Forgets the residents of a node whose memory the cluster shows entirely free again.
    void reconcile(const policy::ClusterView& cluster, std::uint32_t node);
    [[nodiscard]] bool holds(std::uint32_t node, const std::string& model) const;
    //! Σ GPU shares of the residents this policy placed on `node`.
    [[nodiscard]] double sharesOn(std::uint32_t node) const;

    bool m_antiAffinity;
    bool m_worstFit;
    bool m_randomFit;
    sim::RngStream* m_rng;
    bool m_exclusive;
    std::size_t m_queues;
    std::size_t m_batch;
    std::vector<std::vector<Resident>> m_residents; //!< per node: what this policy placed there
};

} // namespace orrery::plugins
