// Descriptor and entry point of the fgd plugin.
#include "orrery_plugin_fgd.h"

#include "fgd_policy.h"
#include "policy/plugin_export.h"

namespace {

constexpr OrreryPluginDescriptor kDescriptor{
    .abiVersion = ORRERY_PLUGIN_ABI_VERSION,
    .structSize = sizeof(OrreryPluginDescriptor),
    .id = "fgd",
    .displayName = "FGD",
    .version = "1.0.0",
    .compatVersion = "1.6",
    .description = "Fragmentation gradient descent: places each pod on the node and GPU whose fragmentation, measured against "
                   "the expected workload, grows least (Weng et al., ATC '23, §4).",
    .kinds = ORRERY_KIND_PLACEMENT,
    .params = nullptr,
    .paramCount = 0,
    .createPlacement = &orrery::policy::createPlacementOf<orrery::plugins::FgdPolicy>,
    .destroyPlacement = &orrery::policy::destroyPlacement,
    .trainPlacement = nullptr,
};

} // namespace

const OrreryPluginDescriptor* orrery_fgd_descriptor()
{
    return &kDescriptor;
}

ORRERY_PLUGIN_ENTRY(orrery_fgd_descriptor);
