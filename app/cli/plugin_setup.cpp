#include "cli/plugin_setup.h"

#include <filesystem>
#include <ostream>

namespace orrery::app {

std::string executableDirectory()
{
    std::error_code error;
    const auto self = std::filesystem::read_symlink("/proc/self/exe", error);
    if (error)
        return std::filesystem::current_path().string();
    return self.parent_path().string();
}

void loadPlugins(policy::PluginRegistry& registry, std::ostream& warnings)
{
    for (const auto& warning : registry.loadDefaultLocations(executableDirectory()))
        warnings << "warning: plugin " << warning.file << " skipped: " << warning.reason << '\n';
}

} // namespace orrery::app
