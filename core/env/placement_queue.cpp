#include "env/placement_queue.h"

#include <stdexcept>

namespace orrery::env {

PlacementQueue::PlacementQueue(model::Cluster& cluster, policy::PlacementPolicy& policy, std::string policyId)
    : m_cluster(cluster)
    , m_policy(policy)
    , m_policyId(std::move(policyId))
{
}

void PlacementQueue::schedulePending(std::vector<Job>& jobs, const std::vector<std::string>& deviceModels,
                                     sim::SimTime now, const StartCallback& onStart)
{
    const policy::ClusterView view(m_cluster);
    std::deque<std::uint64_t> stillPending;
    if (!m_retryDeferred) {
        // Nothing was freed since the deferred jobs were tried: they keep their places.
        stillPending.assign(m_pending.begin(), m_pending.begin() + static_cast<std::ptrdiff_t>(m_deferredCount));
        m_pending.erase(m_pending.begin(), m_pending.begin() + static_cast<std::ptrdiff_t>(m_deferredCount));
    }
    m_retryDeferred = false;
    while (!m_pending.empty()) {
        Job& job = jobs[m_pending.front()];
        m_pending.pop_front();
        policy::PendingUnit unit;
        unit.id = job.id;
        unit.request = job.request;
        unit.deviceModel = deviceModels[job.workload];
        unit.submittedAt = job.submittedAt;
        const policy::PlacementDecision decision = m_policy.place(unit, view);
        ++m_decisions;
        if (decision.deferred) {
            stillPending.push_back(job.id);
            continue;
        }
        if (decision.node >= view.nodeCount() || !view.fits(decision.node, unit.request, unit.deviceModel)) {
            throw std::runtime_error("placement policy '" + m_policyId + "' put job " + std::to_string(job.id)
                                     + " on node " + std::to_string(decision.node) + " where it does not fit");
        }
        m_cluster.allocate(decision.node, job.request);
        job.node = decision.node;
        job.startedAt = now;
        onStart(job);
    }
    m_pending.swap(stillPending);
    m_deferredCount = m_pending.size();
}

} // namespace orrery::env
