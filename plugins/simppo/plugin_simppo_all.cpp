// Descriptor and entry point of the simppo-all plugin (plugins/simppo/README.md).
#include "orrery_plugin_simppo_all.h"
#include "plugin_entry.h"

namespace {
constexpr OrreryPluginDescriptor kDescriptor = orrery::plugins::simppo::familyDescriptor<orrery::plugins::simppo::Mode::SimppoAll>(
    "simppo-all", "SIMPPO-All",
    "SIMPPO's ablation (seed 001 §4.8.2): the critic sees the mean and spread of every other agent's local state instead of the selected features. Trainable: `orrery train simppo-all`.");
} // namespace

const OrreryPluginDescriptor* orrery_simppo_all_descriptor()
{
    return &kDescriptor;
}

ORRERY_PLUGIN_ENTRY(orrery_simppo_all_descriptor);
