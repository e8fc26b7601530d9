#include "env/placement_queue.h"

#include <algorithm>
#include <chrono>
#include <stdexcept>

namespace orrery::env {

PlacementQueue::PlacementQueue(model::Cluster& cluster, policy::PlacementPolicy& policy, std::string policyId,
                               model::DecisionCostSpec cost)
    : m_cluster(cluster)
    , m_policy(policy)
    , m_policyId(std::move(policyId))
    , m_cost(cost)
{
}

sim::SimTime PlacementQueue::chargeDecision(sim::SimTime now, std::int64_t wallNanoseconds)
{
    sim::SimTime cost = 0;
    switch (m_cost.mode) {
    case model::DecisionCostSpec::Mode::None: return now;
    case model::DecisionCostSpec::Mode::Modelled:
        cost = m_cost.perDecision + m_cost.perCandidateNode * static_cast<sim::SimTime>(m_cluster.nodes().size());
        break;
    case model::DecisionCostSpec::Mode::Measured: cost = wallNanoseconds; break;
    }
    const sim::SimTime start = std::max(now, m_schedulerFreeAt);
    m_schedulerFreeAt = start + cost;
    m_decisionTime += cost;
    return m_schedulerFreeAt;
}

void PlacementQueue::bind(TaskState& task, const policy::PlacementDecision& decision, std::int32_t gpu,
                          const policy::ClusterView& view)
{
    const policy::PendingUnit& unit = task.spec.unit;
    const model::ComputeKind compute = decision.compute.value_or(unit.declaredCompute);
    const auto fail = [&](const std::string& why) {
        throw std::runtime_error("placement policy '" + m_policyId + "' put task " + std::to_string(unit.id) + " ("
                                 + unit.service + ") on node " + std::to_string(decision.node) + " using "
                                 + model::toString(compute) + ", but " + why);
    };
    if (!model::contains(unit.computeOptions, compute) || task.spec.durationOn[static_cast<int>(compute)] <= 0)
        fail("the task cannot run on that compute kind");
    if (decision.node >= view.nodeCount())
        fail("there is no such node");
    // The declared device model constrains only the declared kind; elsewhere any model will do.
    const bool declared = compute == unit.declaredCompute;
    const model::Resources held = declared ? unit.request : model::requestOn(unit.request, compute);
    if (task.spec.sharedGpuMilli > 0) {
        const model::GpuRequest share{0, task.spec.sharedGpuMilli};
        if (gpu < 0)
            gpu = m_gpus->fullestGpuFitting(decision.node, share.sharedMilli);
        if (!m_gpus->fits(decision.node, held, share, unit.deviceModel) || !m_gpus->fitsOn(decision.node, gpu, held, share))
            fail("its GPU share does not fit there");
        m_gpus->allocate(decision.node, held, share, gpu);
        task.gpu = gpu;
    } else {
        if (!view.fits(decision.node, held, declared ? unit.deviceModel : std::string()))
            fail("it does not fit there");
        if (m_gpus)
            m_gpus->allocate(decision.node, held, {held.deviceCount(model::DeviceKind::Gpu), 0});
        else
            m_cluster.allocate(decision.node, held);
    }
    task.node = decision.node;
    task.compute = compute;
    task.held = held;
}

void PlacementQueue::schedulePending(TaskTable& tasks, sim::SimTime now, const StartCallback& onStart)
{
    const policy::ClusterView view(m_cluster);
    // Nothing was freed since the deferred tasks were tried: they keep their places untried.
    const std::size_t firstToTry = m_retryDeferred ? 0 : m_deferredCount;
    m_retryDeferred = false;
    m_next.assign(m_pending.begin(), m_pending.begin() + static_cast<std::ptrdiff_t>(firstToTry));
    const bool measure = m_cost.mode == model::DecisionCostSpec::Mode::Measured;
    for (std::size_t i = firstToTry; i < m_pending.size(); ++i) {
        TaskState& task = tasks[m_pending[i]];
        std::chrono::steady_clock::time_point started;
        if (measure)
            started = std::chrono::steady_clock::now();
        policy::PlacementDecision decision;
        std::int32_t gpu = -1;
        if (task.spec.sharedGpuMilli > 0) {
            if (m_gpus == nullptr)
                throw std::logic_error("PlacementQueue: a task shares a GPU but the simulation keeps no GPU ledger");
            const model::GpuRequest share{0, task.spec.sharedGpuMilli};
            const policy::GpuClusterView gpuView(*m_gpus);
            const policy::GpuPlacement placement = m_policyPlacesShares
                ? m_policy.placeOnGpus(task.spec.unit, share, gpuView)
                : m_policy.PlacementPolicy::placeOnGpus(task.spec.unit, share, gpuView);
            decision = placement.decision;
            gpu = placement.gpu;
        } else {
            decision = m_policy.place(task.spec.unit, view);
        }
        std::int64_t wall = 0;
        if (measure)
            wall = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - started).count();
        ++m_decisions;
        const sim::SimTime decidedAt = chargeDecision(now, wall);
        if (decision.deferred) {
            m_next.push_back(m_pending[i]);
            continue;
        }
        bind(task, decision, gpu, view);
        onStart(task, decidedAt);
    }
    m_pending.swap(m_next);
    m_deferredCount = m_pending.size();
}

} // namespace orrery::env
