// A control policy built outside Orrery's source tree (docs/writing-a-policy.md): every control
// period, a service that misses its SLO (FIRM's SLO maintenance below 1: its own SLO, or the
// requests' it serves) gets one more replica, and one that uses less than `scaleInUtilization` of
// its CPU limit gets one fewer, within [minReplicas, maxReplicas].
#include "policy/plugin_export.h"

#include <algorithm>
#include <vector>

namespace {

using namespace orrery;

class StepScaler : public policy::ControlPolicy {
public:
    explicit StepScaler(const policy::PolicyContext& context)
        : m_scaleInUtilization(context.params.getDouble("scaleInUtilization"))
        , m_minReplicas(static_cast<std::int32_t>(context.params.getInt("minReplicas")))
        , m_maxReplicas(static_cast<std::int32_t>(context.params.getInt("maxReplicas")))
    {
    }

    std::vector<policy::ControlAction> decide(const policy::Observation& observation) override
    {
        std::vector<policy::ControlAction> actions;
        for (const policy::TargetObservation& target : observation.targets) {
            if (target.pendingReplicas > 0)
                continue; // the last step has not started yet
            const std::size_t cpu = policy::indexOf(policy::ControlResource::Cpu);
            std::int32_t replicas = target.replicas;
            if (target.sloMaintenance < 1)
                ++replicas;
            else if (target.limit[cpu] > 0 && target.usage[cpu] < m_scaleInUtilization * target.limit[cpu])
                --replicas;
            replicas = std::clamp(replicas, m_minReplicas, m_maxReplicas);
            if (replicas != target.replicas)
                actions.push_back(policy::ControlAction::setReplicas(target.name, replicas));
        }
        return actions;
    }

private:
    double m_scaleInUtilization;
    std::int32_t m_minReplicas;
    std::int32_t m_maxReplicas;
};

constexpr OrreryParamSpec kParams[] = {
    {.name = "scaleInUtilization", .type = ORRERY_PARAM_DOUBLE, .defaultValue = "0.3", .minValue = 0, .maxValue = 1,
     .choices = nullptr, .help = "Scale in a service within its SLO that uses less than this share of its CPU limit."},
    {.name = "minReplicas", .type = ORRERY_PARAM_INT, .defaultValue = "1", .minValue = 1, .maxValue = 1000,
     .choices = nullptr, .help = "Fewest replicas per service."},
    {.name = "maxReplicas", .type = ORRERY_PARAM_INT, .defaultValue = "8", .minValue = 1, .maxValue = 1000,
     .choices = nullptr, .help = "Most replicas per service."},
};

constexpr OrreryPluginDescriptor kDescriptor{
    .abiVersion = ORRERY_PLUGIN_ABI_VERSION,
    .structSize = sizeof(OrreryPluginDescriptor),
    .id = "example-step-scaler",
    .displayName = "Step scaler (example)",
    .version = "1.0.0",
    .compatVersion = "1.2",
    .description = "One replica more while a service misses its SLO, one fewer while it idles within it.",
    .kinds = ORRERY_KIND_CONTROL,
    .params = kParams,
    .paramCount = sizeof(kParams) / sizeof(kParams[0]),
    .createPlacement = nullptr,
    .destroyPlacement = nullptr,
    .trainPlacement = nullptr,
    .createControl = &policy::createControlOf<StepScaler>,
    .destroyControl = &policy::destroyControl,
};

const OrreryPluginDescriptor* descriptor()
{
    return &kDescriptor;
}

} // namespace

ORRERY_PLUGIN_ENTRY(descriptor);
