// Descriptor and entry point of the il-rl plugin (plugins/simppo/README.md).
#include "orrery_plugin_il_rl.h"
#include "plugin_entry.h"

namespace {
constexpr OrreryPluginDescriptor kDescriptor = orrery::plugins::simppo::familyDescriptor<orrery::plugins::simppo::Mode::IndependentLearners>(
    "il-rl", "IL-RL",
    "Independent learners (seed 001 §4.6.1): one PPO agent per function trained on the team-average reward. Trainable: `orrery train il-rl`.");
} // namespace

const OrreryPluginDescriptor* orrery_il_rl_descriptor()
{
    return &kDescriptor;
}

ORRERY_PLUGIN_ENTRY(orrery_il_rl_descriptor);
