// Descriptor and entry point of the docker-swarm plugin.
#include "orrery_plugin_docker_swarm.h"

#include "docker_swarm_policy.h"
#include "policy/plugin_export.h"

namespace {

constexpr OrreryPluginDescriptor kDescriptor{
    .abiVersion = ORRERY_PLUGIN_ABI_VERSION,
    .structSize = sizeof(OrreryPluginDescriptor),
    .id = "docker-swarm",
    .displayName = "Docker Swarm",
    .version = "1.0.0",
    .compatVersion = "1.2",
    .description = "Seed 004's baseline for kind: training-jobs: spread placement (fewest containers) and no limits "
                   "(equal fair share of each worker).",
    .kinds = ORRERY_KIND_CONTROL,
    .params = nullptr,
    .paramCount = 0,
    .createPlacement = nullptr,
    .destroyPlacement = nullptr,
    .trainPlacement = nullptr,
    .createControl = &orrery::policy::createControlOf<orrery::plugins::DockerSwarmPolicy>,
    .destroyControl = &orrery::policy::destroyControl,
};

} // namespace

const OrreryPluginDescriptor* orrery_docker_swarm_descriptor()
{
    return &kDescriptor;
}

ORRERY_PLUGIN_ENTRY(orrery_docker_swarm_descriptor);
