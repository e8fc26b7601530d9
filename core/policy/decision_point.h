#pragma once
#include "policy/plugin_descriptor.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace orrery::policy {

//! The plugin kinds (OR of OrreryPolicyKind) that may serve a decision point named in a scenario
//! or an experiment arm — "placement" (a per-unit or a batch placement policy), "control",
//! "queue" — or nullopt for an unknown name. PluginRegistry::validate accepts a plugin providing
//! any of them.
constexpr std::optional<std::uint32_t> pluginKindOf(std::string_view decisionPoint)
{
    if (decisionPoint == "placement")
        return ORRERY_KIND_PLACEMENT | ORRERY_KIND_BATCH_PLACEMENT;
    if (decisionPoint == "control")
        return ORRERY_KIND_CONTROL;
    if (decisionPoint == "queue")
        return ORRERY_KIND_QUEUE;
    return std::nullopt;
}

} // namespace orrery::policy
