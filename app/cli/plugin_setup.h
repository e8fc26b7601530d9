#pragma once
#include "policy/plugin_registry.h"

#include <iosfwd>
#include <string>

namespace orrery::app {

//! Directory of the running executable (from /proc/self/exe); plugins live in <dir>/plugins.
std::string executableDirectory();

//! Loads plugins from the default locations, printing each skipped library to `warnings`.
//! Throws policy::PluginError for duplicate ids.
void loadPlugins(policy::PluginRegistry& registry, std::ostream& warnings);

} // namespace orrery::app
