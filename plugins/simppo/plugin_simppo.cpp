// Descriptor and entry point of the simppo plugin (plugins/simppo/README.md).
#include "orrery_plugin_simppo.h"
#include "plugin_entry.h"

namespace {
constexpr OrreryPluginDescriptor kDescriptor = orrery::plugins::simppo::familyDescriptor<orrery::plugins::simppo::Mode::Simppo>(
    "simppo", "SIMPPO",
    "SIMPPO (seed 001 §4.7): per-function PPO agents whose critics see the auxiliary global state of the other agents (the virtual agent), team-average reward, parameter sharing from per-class base models for new functions. Trainable: `orrery train simppo`.");
} // namespace

const OrreryPluginDescriptor* orrery_simppo_descriptor()
{
    return &kDescriptor;
}

ORRERY_PLUGIN_ENTRY(orrery_simppo_descriptor);
