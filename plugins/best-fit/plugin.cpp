// Descriptor and entry point of the best-fit plugin.
#include "orrery_plugin_best_fit.h"

#include "best_fit_policy.h"
#include "policy/plugin_export.h"

namespace {

constexpr OrreryPluginDescriptor kDescriptor{
    .abiVersion = ORRERY_PLUGIN_ABI_VERSION,
    .structSize = sizeof(OrreryPluginDescriptor),
    .id = "best-fit",
    .displayName = "Best-Fit",
    .version = "1.0.0",
    .compatVersion = "1.6",
    .description = "Places each pod on the feasible node with the least CPU and GPU left after it, weighted equally; a GPU share "
                   "goes to the fullest GPU it fits (Weng et al., ATC '23, §5.1).",
    .kinds = ORRERY_KIND_PLACEMENT,
    .params = nullptr,
    .paramCount = 0,
    .createPlacement = &orrery::policy::createPlacementOf<orrery::plugins::BestFitPolicy>,
    .destroyPlacement = &orrery::policy::destroyPlacement,
    .trainPlacement = nullptr,
};

} // namespace

const OrreryPluginDescriptor* orrery_best_fit_descriptor()
{
    return &kDescriptor;
}

ORRERY_PLUGIN_ENTRY(orrery_best_fit_descriptor);
