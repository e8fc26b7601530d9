// Descriptor and entry point of the gpu-packing plugin.
#include "orrery_plugin_gpu_packing.h"

#include "gpu_packing_policy.h"
#include "policy/plugin_export.h"

namespace {

constexpr OrreryPluginDescriptor kDescriptor{
    .abiVersion = ORRERY_PLUGIN_ABI_VERSION,
    .structSize = sizeof(OrreryPluginDescriptor),
    .id = "gpu-packing",
    .displayName = "GPU Packing",
    .version = "1.0.0",
    .compatVersion = "1.6",
    .description = "Packs GPU pods onto GPUs already in use: a share to partly used GPUs first, then nodes with fewest free GPUs; "
                   "whole nodes last (Weng et al., ATC '23, §5.1).",
    .kinds = ORRERY_KIND_PLACEMENT,
    .params = nullptr,
    .paramCount = 0,
    .createPlacement = &orrery::policy::createPlacementOf<orrery::plugins::GpuPackingPolicy>,
    .destroyPlacement = &orrery::policy::destroyPlacement,
    .trainPlacement = nullptr,
};

} // namespace

const OrreryPluginDescriptor* orrery_gpu_packing_descriptor()
{
    return &kDescriptor;
}

ORRERY_PLUGIN_ENTRY(orrery_gpu_packing_descriptor);
