// Descriptor and entry point of the dot-product plugin.
#include "orrery_plugin_dot_product.h"

#include "dot_product_policy.h"
#include "policy/plugin_export.h"

namespace {

constexpr OrreryPluginDescriptor kDescriptor{
    .abiVersion = ORRERY_PLUGIN_ABI_VERSION,
    .structSize = sizeof(OrreryPluginDescriptor),
    .id = "dot-product",
    .displayName = "Dot-Product",
    .version = "1.0.0",
    .compatVersion = "1.6",
    .description = "Places each pod on the feasible node whose free CPU and GPU have the smallest dot product with its "
                   "request; a GPU share goes to the fullest GPU it fits (Weng et al., ATC '23, §5.1).",
    .kinds = ORRERY_KIND_PLACEMENT,
    .params = nullptr,
    .paramCount = 0,
    .createPlacement = &orrery::policy::createPlacementOf<orrery::plugins::DotProductPolicy>,
    .destroyPlacement = &orrery::policy::destroyPlacement,
    .trainPlacement = nullptr,
};

} // namespace

const OrreryPluginDescriptor* orrery_dot_product_descriptor()
{
    return &kDescriptor;
}

ORRERY_PLUGIN_ENTRY(orrery_dot_product_descriptor);
