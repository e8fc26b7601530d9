// Descriptor and entry point of the cpq-rl plugin (plugins/simppo/README.md).
#include "orrery_plugin_cpq_rl.h"
#include "plugin_entry.h"

namespace {
constexpr OrreryPluginDescriptor kDescriptor = orrery::plugins::simppo::familyDescriptor<orrery::plugins::simppo::Mode::PriorityQueue>(
    "cpq-rl", "CPQ-RL",
    "Central priority queue (seed 001 §4.6.2): one PPO agent per function; a coordinator lets one agent act per control period, lowest SLO preservation first. Trainable: `orrery train cpq-rl`.");
} // namespace

const OrreryPluginDescriptor* orrery_cpq_rl_descriptor()
{
    return &kDescriptor;
}

ORRERY_PLUGIN_ENTRY(orrery_cpq_rl_descriptor);
