// Descriptor and entry point of the s-rl plugin (plugins/simppo/README.md).
#include "orrery_plugin_s_rl.h"
#include "plugin_entry.h"

namespace {
constexpr OrreryPluginDescriptor kDescriptor = orrery::plugins::simppo::familyDescriptor<orrery::plugins::simppo::Mode::SingleAgent>(
    "s-rl", "S-RL",
    "Single-agent RL (seed 001 §4.3): one independent PPO agent per serverless function, rewarded on its own SLO preservation and utilization (Tables 4.1, 4.2). Trainable: `orrery train s-rl`.");
} // namespace

const OrreryPluginDescriptor* orrery_s_rl_descriptor()
{
    return &kDescriptor;
}

ORRERY_PLUGIN_ENTRY(orrery_s_rl_descriptor);
