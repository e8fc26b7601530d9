#pragma once
#include "policy/plugin_registry.h"

#include <iosfwd>
#include <string>

namespace orrery::app {

//! Loads plugins from the default locations, printing each skipped library to `warnings`.
//! Throws policy::PluginError for duplicate ids.
void loadPlugins(policy::PluginRegistry& registry, std::ostream& warnings);

} // namespace orrery::app
