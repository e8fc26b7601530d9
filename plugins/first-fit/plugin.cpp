// Descriptor and entry point of the first-fit plugin.
#include "orrery_plugin_first_fit.h"

#include "first_fit_policy.h"
#include "policy/plugin_export.h"

namespace {

constexpr OrreryPluginDescriptor kDescriptor{
    .abiVersion = ORRERY_PLUGIN_ABI_VERSION,
    .structSize = sizeof(OrreryPluginDescriptor),
    .id = "first-fit",
    .displayName = "First-Fit",
    .version = "1.0.0",
    .compatVersion = "1.0",
    .description = "Places each unit on the first node, in index order, whose free resources and devices fit it "
                   "(seed 000 §II-A).",
    .kinds = ORRERY_KIND_PLACEMENT,
    .params = nullptr,
    .paramCount = 0,
    .createPlacement = &orrery::policy::createPlacementOf<orrery::plugins::FirstFitPolicy>,
    .destroyPlacement = &orrery::policy::destroyPlacement,
    .trainPlacement = nullptr,
};

} // namespace

const OrreryPluginDescriptor* orrery_first_fit_descriptor()
{
    return &kDescriptor;
}

ORRERY_PLUGIN_ENTRY(orrery_first_fit_descriptor);
