#include "hetsev_scheduler_policy.h"

#include "scheduling_queue.h"
#include "sim/rng_stream.h"

#include <algorithm>

namespace orrery::plugins {
namespace {

bool hasGpu(const policy::ClusterView& cluster, std::uint32_t node)
{
    const auto& devices = cluster.poolOf(node).devices;
    return std::any_of(devices.begin(), devices.end(),
                       [](const model::DeviceSpec& device) { return device.kind == model::DeviceKind::Gpu && device.count > 0; });
}

} // namespace

HetsevSchedulerPolicy::HetsevSchedulerPolicy(const policy::PolicyContext& context)
    : m_antiAffinity(context.params.getBool("antiAffinity"))
    , m_worstFit(context.params.getString("fit") == "worst")
    , m_randomFit(context.params.getString("fit") == "random")
    , m_rng(context.rng)
    , m_exclusive(context.params.getBool("exclusive"))
    , m_queues(static_cast<std::size_t>(context.params.getInt("queues")))
    , m_batch(static_cast<std::size_t>(context.params.getInt("batch")))
{
}

std::vector<std::size_t> HetsevSchedulerPolicy::admit(const std::vector<policy::PendingUnit>& pending, sim::SimTime now)
{
    return hetsev::weightedFairOrder(pending, now, m_queues, m_batch);
}

void HetsevSchedulerPolicy::reconcile(const policy::ClusterView& cluster, std::uint32_t node)
{
    // The view does not say which replicas a node holds; a retired replica frees its memory. When
    // nothing is allocated any more, every resident this policy remembers is gone. Otherwise the
    // memory keeps them (anti-affinity then errs on the side of keeping models apart).
    if (node < m_residents.size() && cluster.node(node).allocated.memoryBytes == 0)
        m_residents[node].clear();
}

bool HetsevSchedulerPolicy::holds(std::uint32_t node, const std::string& model) const
{
    if (node >= m_residents.size())
        return false;
    const auto& residents = m_residents[node];
    return std::any_of(residents.begin(), residents.end(), [&](const Resident& r) { return r.model == model; });
}

double HetsevSchedulerPolicy::sharesOn(std::uint32_t node) const
{
    double sum = 0;
    for (const Resident& resident : m_residents[node])
        sum += resident.share;
    return sum;
}

policy::PlacementDecision HetsevSchedulerPolicy::place(const policy::PendingUnit& unit, const policy::ClusterView& cluster)
{
    if (m_residents.size() < cluster.nodeCount())
        m_residents.resize(cluster.nodeCount());
    const auto shareFeature = unit.features.find("gpuShare");
    const double share = shareFeature == unit.features.end() ? 0.0 : shareFeature->second;
    bool found = false;
    std::uint32_t best = 0;
    std::int64_t bestLeft = 0;
    std::vector<std::uint32_t> candidates; // fit: random
    for (std::uint32_t node = 0; node < cluster.nodeCount(); ++node) {
        reconcile(cluster, node);
        // Capacity check (line 7): a GPU device of the type asked for, with room for the weights
        // (a model-serving node's memory is its GPU's) and whatever else the replica requests.
        if (!hasGpu(cluster, node) || !cluster.fits(node, unit.request, unit.deviceModel))
            continue;
        // Anti-affinity labels (line 9): no second replica of the same model on one GPU.
        if (m_antiAffinity && holds(node, unit.service))
            continue;
        // The Kubernetes baseline (seed 002 §6): one instance per GPU, whatever the model.
        if (m_exclusive && cluster.node(node).allocated.memoryBytes > 0)
            continue;
        // A fractional GPU (the model-serving kind's `gpuShare`): the shares placed here must
        // leave room for this one.
        if (share > 0 && sharesOn(node) + share > 1.0 + 1e-9)
            continue;
        candidates.push_back(node);
        const std::int64_t left = cluster.node(node).available().memoryBytes - unit.request.memoryBytes;
        if (!found || (m_worstFit ? left > bestLeft : left < bestLeft)) {
            found = true;
            best = node;
            bestLeft = left;
        }
    }
    if (!found)
        return policy::PlacementDecision::defer();
    // Type blind and node blind, as the default scheduler looks to HetSev's baseline (§6): any GPU
    // that passed, from the policy's own stream (without one: the best fit).
    if (m_randomFit && m_rng)
        best = candidates[static_cast<std::size_t>(m_rng->below(candidates.size()))];
    m_residents[best].push_back({unit.service, unit.request.memoryBytes, share});
    return policy::PlacementDecision::onNode(best);
}

} // namespace orrery::plugins
