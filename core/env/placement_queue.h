#pragma once
#include "env/task_table.h"
#include "model/cluster.h"
#include "model/decision_cost_spec.h"
#include "model/shared_gpus.h"
#include "policy/placement_policy.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace orrery::env {

//! Tasks waiting for a node, and the loop that asks the placement policy for one.
//!
//! Like kube-scheduler's queues: tasks are tried in the order they became ready, and one that
//! cannot be placed now stays queued without blocking those behind it. Deferred tasks are retried
//! only after capacity has been freed (markCapacityFreed); otherwise a pass tries just the new
//! arrivals, so a long backlog costs nothing per arrival.
//!
//! Decision cost: the scheduler makes one decision at a time; with a cost configured, a pass's
//! k-th decision ends k costs after the scheduler was last free, and a placed task starts then.
class PlacementQueue {
public:
    //! Called when a task has been bound (resources reserved); `startAt` ≥ now includes decision cost.
    using StartCallback = std::function<void(TaskState&, sim::SimTime startAt)>;

    PlacementQueue(model::Cluster& cluster, policy::PlacementPolicy& policy, std::string policyId,
                   model::DecisionCostSpec cost);

    //! A task became ready; `slot` is its index in the simulation's TaskTable.
    void enqueue(std::uint64_t slot) { m_pending.push_back(slot); }
    //! GPUs shared by fraction (docs/model.md, "GPU sharing"): every GPU allocation goes through
    //! the ledger, and a task with a share asks the policy's placeOnGpus when it was written for
    //! policy API 1.6 (`policyPlacesShares`), else its place() for one free GPU.
    void useSharedGpus(model::SharedGpus& gpus, bool policyPlacesShares)
    {
        m_gpus = &gpus;
        m_policyPlacesShares = policyPlacesShares;
    }
    //! Resources were released: the next pass retries every deferred task.
    void markCapacityFreed() { m_retryDeferred = true; }
    //! Tries the pending tasks (all of them after markCapacityFreed, else only new ones). Throws
    //! std::runtime_error when the policy answers something impossible (a node the task does not
    //! fit, a compute kind it cannot use): a policy bug the run must not hide.
    void schedulePending(TaskTable& tasks, sim::SimTime now, const StartCallback& onStart);

    [[nodiscard]] std::size_t pendingCount() const { return m_pending.size(); }
    [[nodiscard]] std::uint64_t decisions() const { return m_decisions; }
    //! Total simulated time charged to decisions.
    [[nodiscard]] sim::SimTime decisionTime() const { return m_decisionTime; }

private:
    void bind(TaskState& task, const policy::PlacementDecision& decision, std::int32_t gpu, const policy::ClusterView& view);
    sim::SimTime chargeDecision(sim::SimTime now, std::int64_t wallNanoseconds);

    model::Cluster& m_cluster;
    policy::PlacementPolicy& m_policy;
    std::string m_policyId;
    model::DecisionCostSpec m_cost;
    model::SharedGpus* m_gpus = nullptr; //!< the GPU ledger, when GPUs are shared
    bool m_policyPlacesShares = false;
    std::vector<std::uint64_t> m_pending; //!< task table slots, in readiness order
    std::vector<std::uint64_t> m_next;    //!< scratch for a pass, kept to avoid allocating per pass
    std::size_t m_deferredCount = 0; //!< the first m_deferredCount pending tasks were tried and deferred
    bool m_retryDeferred = false;
    std::uint64_t m_decisions = 0;
    sim::SimTime m_schedulerFreeAt = 0;
    sim::SimTime m_decisionTime = 0;
};

} // namespace orrery::env
