// Descriptor and entry point of the hpa-vpa plugin.
#include "orrery_plugin_hpa_vpa.h"

#include "hpa_vpa_policy.h"
#include "aware/multidimensional_param_specs.h"
#include "policy/plugin_export.h"

namespace {

constexpr OrreryParamSpec kParams[] = {ORRERY_MULTIDIMENSIONAL_PARAMS};

constexpr OrreryPluginDescriptor kDescriptor{
    .abiVersion = ORRERY_PLUGIN_ABI_VERSION,
    .structSize = sizeof(OrreryPluginDescriptor),
    .id = "hpa-vpa",
    .displayName = "HPA+VPA (multidimensional)",
    .version = "1.0.0",
    .compatVersion = "1.2",
    .description = "AWARE's multidimensional recommender (seed 001 §5.4.1): VPA's CPU and memory limits, then HPA's "
                   "replicas against the new CPU limit; the fallback and baseline of the aware plugin (§5.3.4).",
    .kinds = ORRERY_KIND_CONTROL,
    .params = kParams,
    .paramCount = sizeof(kParams) / sizeof(kParams[0]),
    .createPlacement = nullptr,
    .destroyPlacement = nullptr,
    .trainPlacement = nullptr,
    .createControl = &orrery::policy::createControlOf<orrery::plugins::HpaVpaPolicy>,
    .destroyControl = &orrery::policy::destroyControl,
};

} // namespace

const OrreryPluginDescriptor* orrery_hpa_vpa_descriptor()
{
    return &kDescriptor;
}

ORRERY_PLUGIN_ENTRY(orrery_hpa_vpa_descriptor);
