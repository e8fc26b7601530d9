// A placement policy built outside Orrery's source tree (docs/writing-a-policy.md): each unit goes
// to the fitting node whose CPU (or memory) is the least allocated, so load spreads out; ties go
// to the lowest node index, which keeps runs deterministic.
#include "policy/plugin_export.h"

#include <limits>
#include <string>

namespace {

using namespace orrery;

class LeastAllocatedPlacement : public policy::PlacementPolicy {
public:
    explicit LeastAllocatedPlacement(const policy::PolicyContext& context)
        : m_byMemory(context.params.getString("resource") == "memory")
    {
    }

    policy::PlacementDecision place(const policy::PendingUnit& unit, const policy::ClusterView& cluster) override
    {
        std::uint32_t best = 0;
        double bestShare = std::numeric_limits<double>::infinity();
        for (std::uint32_t id = 0; id < cluster.nodeCount(); ++id) {
            if (!cluster.fits(id, unit.request, unit.deviceModel))
                continue;
            const model::Node& node = cluster.node(id);
            const double share = m_byMemory ? double(node.allocated.memoryBytes) / double(node.capacity.memoryBytes)
                                            : double(node.allocated.millicores) / double(node.capacity.millicores);
            if (share < bestShare) {
                best = id;
                bestShare = share;
            }
        }
        if (bestShare == std::numeric_limits<double>::infinity())
            return policy::PlacementDecision::defer(); // nothing fits now: wait for a release
        return policy::PlacementDecision::onNode(best);
    }

private:
    bool m_byMemory;
};

constexpr OrreryParamSpec kParams[] = {
    {.name = "resource", .type = ORRERY_PARAM_ENUM, .defaultValue = "cpu", .minValue = 0, .maxValue = 0,
     .choices = "cpu|memory", .help = "The resource whose allocated share decides: the least allocated node wins."},
};

constexpr OrreryPluginDescriptor kDescriptor{
    .abiVersion = ORRERY_PLUGIN_ABI_VERSION,
    .structSize = sizeof(OrreryPluginDescriptor),
    .id = "example-least-allocated",
    .displayName = "Least allocated (example)",
    .version = "1.0.0",
    .compatVersion = "1.0",
    .description = "Places each unit on the fitting node with the smallest allocated share of CPU or memory.",
    .kinds = ORRERY_KIND_PLACEMENT,
    .params = kParams,
    .paramCount = 1,
    .createPlacement = &policy::createPlacementOf<LeastAllocatedPlacement>,
    .destroyPlacement = &policy::destroyPlacement,
    .trainPlacement = nullptr,
};

const OrreryPluginDescriptor* descriptor()
{
    return &kDescriptor;
}

} // namespace

ORRERY_PLUGIN_ENTRY(descriptor);
