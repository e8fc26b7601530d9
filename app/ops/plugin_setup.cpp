#include "ops/plugin_setup.h"

#include "model/executable_location.h"

#include <ostream>

namespace orrery::app {

void loadPlugins(policy::PluginRegistry& registry, std::ostream& warnings)
{
    for (const auto& warning : registry.loadDefaultLocations(model::executableDirectory().string()))
        warnings << "warning: plugin " << warning.file << " skipped: " << warning.reason << '\n';
}

} // namespace orrery::app
