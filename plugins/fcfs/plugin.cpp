// Descriptor and entry point of the fcfs plugin.
#include "orrery_plugin_fcfs.h"

#include "fcfs_policy.h"
#include "policy/plugin_export.h"

namespace {

constexpr OrreryPluginDescriptor kDescriptor{
    .abiVersion = ORRERY_PLUGIN_ABI_VERSION,
    .structSize = sizeof(OrreryPluginDescriptor),
    .id = "fcfs",
    .displayName = "First come, first served",
    .version = "1.0.0",
    .compatVersion = "1.4",
    .description = "Serves waiting requests in order of arrival (priority = arrival time); the FCFS baseline of "
                   "seed 001 §6.4.3.",
    .kinds = ORRERY_KIND_QUEUE,
    .params = nullptr,
    .paramCount = 0,
    .createPlacement = nullptr,
    .destroyPlacement = nullptr,
    .trainPlacement = nullptr,
    .createControl = nullptr,
    .destroyControl = nullptr,
    .trainControl = nullptr,
    .createBatchPlacement = nullptr,
    .destroyBatchPlacement = nullptr,
    .createQueue = &orrery::policy::createQueueOf<orrery::plugins::FcfsPolicy>,
    .destroyQueue = &orrery::policy::destroyQueue,
};

} // namespace

const OrreryPluginDescriptor* orrery_fcfs_descriptor()
{
    return &kDescriptor;
}

ORRERY_PLUGIN_ENTRY(orrery_fcfs_descriptor);
