#pragma once
#include "policy/plugin_descriptor.h"

#include <cstdint>
#include <string>

namespace orrery::policy {

//! One registered plugin, as `orrery plugins` lists it.
struct PluginInfo {
    std::string id;
    std::string displayName;
    std::string version;
    std::string compatVersion;
    std::string description;
    std::uint32_t kinds = 0;  //!< OR of OrreryPolicyKind; kindsToString() spells it
    std::string origin;       //!< path of the library it came from, or "built-in" for static ones
    const OrreryPluginDescriptor* descriptor = nullptr; //!< valid while the registry lives
};

} // namespace orrery::policy
