#pragma once
#include "env/job.h"
#include "model/cluster.h"
#include "policy/placement_policy.h"

#include <cstdint>
#include <deque>
#include <functional>
#include <string>
#include <vector>

namespace orrery::env {

//! Jobs waiting for a node, and the loop that asks the placement policy for one.
//!
//! Like kube-scheduler's queues: jobs are tried in arrival order, and one that cannot be placed
//! now stays queued without blocking the jobs behind it. Deferred jobs are retried only after
//! capacity has been freed (markCapacityFreed); otherwise a pass tries just the new arrivals,
//! so a long backlog costs nothing per arrival.
class PlacementQueue {
public:
    //! Called when a job has been bound to a node (resources already reserved).
    using StartCallback = std::function<void(Job&)>;

    PlacementQueue(model::Cluster& cluster, policy::PlacementPolicy& policy, std::string policyId);

    void enqueue(std::uint64_t jobId) { m_pending.push_back(jobId); }
    //! Resources were released: the next pass retries every deferred job.
    void markCapacityFreed() { m_retryDeferred = true; }
    //! Tries the pending jobs (all of them after markCapacityFreed, else only new arrivals). Throws std::runtime_error if the policy picks a node the
    //! job does not fit on (a policy bug the run must not hide).
    void schedulePending(std::vector<Job>& jobs, const std::vector<std::string>& deviceModels, sim::SimTime now,
                         const StartCallback& onStart);

    [[nodiscard]] std::size_t pendingCount() const { return m_pending.size(); }
    [[nodiscard]] std::uint64_t decisions() const { return m_decisions; }

private:
    model::Cluster& m_cluster;
    policy::PlacementPolicy& m_policy;
    std::string m_policyId;
    std::deque<std::uint64_t> m_pending;
    std::size_t m_deferredCount = 0; //!< the first m_deferredCount pending jobs were tried and deferred
    bool m_retryDeferred = false;
    std::uint64_t m_decisions = 0;
};

} // namespace orrery::env
