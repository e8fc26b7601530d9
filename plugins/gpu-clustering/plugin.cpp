// Descriptor and entry point of the gpu-clustering plugin.
#include "orrery_plugin_gpu_clustering.h"

#include "gpu_clustering_policy.h"
#include "policy/plugin_export.h"

namespace {

constexpr OrreryPluginDescriptor kDescriptor{
    .abiVersion = ORRERY_PLUGIN_ABI_VERSION,
    .structSize = sizeof(OrreryPluginDescriptor),
    .id = "gpu-clustering",
    .displayName = "GPU Clustering",
    .version = "1.0.0",
    .compatVersion = "1.6",
    .description = "Puts GPU pods with nodes already running pods of the same GPU request (share, 1, 2, 4, 8 GPUs), then the "
                   "most allocated nodes (Weng et al., ATC '23, §5.1).",
    .kinds = ORRERY_KIND_PLACEMENT,
    .params = nullptr,
    .paramCount = 0,
    .createPlacement = &orrery::policy::createPlacementOf<orrery::plugins::GpuClusteringPolicy>,
    .destroyPlacement = &orrery::policy::destroyPlacement,
    .trainPlacement = nullptr,
};

} // namespace

const OrreryPluginDescriptor* orrery_gpu_clustering_descriptor()
{
    return &kDescriptor;
}

ORRERY_PLUGIN_ENTRY(orrery_gpu_clustering_descriptor);
