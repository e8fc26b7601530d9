#include "hetsev_scheduler_policy.h"

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
    , m_exclusive(context.params.getBool("exclusive"))
{
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

policy::PlacementDecision HetsevSchedulerPolicy::place(const policy::PendingUnit& unit, const policy::ClusterView& cluster)
{
    if (m_residents.size() < cluster.nodeCount())
        m_residents.resize(cluster.nodeCount());
    bool found = false;
    std::uint32_t best = 0;
    std::int64_t bestLeft = 0;
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
        const std::int64_t left = cluster.node(node).available().memoryBytes - unit.request.memoryBytes;
        if (!found || (m_worstFit ? left > bestLeft : left < bestLeft)) {
            found = true;
            best = node;
            bestLeft = left;
        }
    }
    if (!found)
        return policy::PlacementDecision::defer();
    m_residents[best].push_back({unit.service, unit.request.memoryBytes});
    return policy::PlacementDecision::onNode(best);
}

} // namespace orrery::plugins
