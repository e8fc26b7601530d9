#pragma once
#include "policy/plugin_descriptor.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace orrery::policy {

//! The plugin kind (OrreryPolicyKind) that serves a decision point named in a scenario or an
//! experiment arm — "placement", "control", "queue" — or nullopt for an unknown name.
constexpr std::optional<std::uint32_t> pluginKindOf(std::string_view decisionPoint)
{
    if (decisionPoint == "placement")
        return ORRERY_KIND_PLACEMENT;
    if (decisionPoint == "control")
        return ORRERY_KIND_CONTROL;
    if (decisionPoint == "queue")
        return ORRERY_KIND_QUEUE;
    return std::nullopt;
}

} // namespace orrery::policy
