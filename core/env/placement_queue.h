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
//! Like kube-scheduler's active queue: jobs are tried in arrival order, and one that cannot be
//! placed now stays queued without blocking the jobs behind it. A pass runs whenever a job
//! arrives or resources are released.
class PlacementQueue {
public:
    //! Called when a job has been bound to a node (resources already reserved).
    using StartCallback = std::function<void(Job&)>;

    PlacementQueue(model::Cluster& cluster, policy::PlacementPolicy& policy, std::string policyId);

    void enqueue(std::uint64_t jobId) { m_pending.push_back(jobId); }
    //! Tries every pending job once. Throws std::runtime_error if the policy picks a node the
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
    std::uint64_t m_decisions = 0;
};

} // namespace orrery::env
