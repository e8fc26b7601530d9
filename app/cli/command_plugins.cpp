#include "cli/commands.h"

#include "cli/command_line.h"
#include "ops/plugin_setup.h"
#include "model/executable_location.h"

#include <algorithm>
#include <iomanip>
#include <iostream>

namespace orrery::app {

int runPluginsCommand(const std::vector<std::string>& args)
{
    const CommandLine line(args, {}, {"verbose"});
    policy::PluginRegistry registry;
    loadPlugins(registry, std::cerr);
    const auto& plugins = registry.plugins();
    if (plugins.empty()) {
        std::cerr << "no plugins found in";
        for (const auto& dir : policy::PluginRegistry::defaultLocations(model::executableDirectory().string()))
            std::cerr << ' ' << dir;
        std::cerr << " (ORRERY_PLUGIN_PATH adds folders)\n";
        return kExitRunFailed;
    }
    std::size_t idWidth = 2;
    std::size_t kindWidth = 5;
    for (const auto& plugin : plugins) {
        idWidth = std::max(idWidth, plugin.id.size());
        kindWidth = std::max(kindWidth, policy::kindsToString(plugin.kinds).size());
    }
    std::cout << std::left << std::setw(static_cast<int>(idWidth + 2)) << "ID" << std::setw(static_cast<int>(kindWidth + 2))
              << "KINDS" << std::setw(10) << "VERSION" << "FILE\n";
    for (const auto& plugin : plugins) {
        std::cout << std::setw(static_cast<int>(idWidth + 2)) << plugin.id
                  << std::setw(static_cast<int>(kindWidth + 2)) << policy::kindsToString(plugin.kinds)
                  << std::setw(10) << plugin.version << plugin.origin << '\n';
        if (line.flag("verbose")) {
            std::cout << "    " << plugin.displayName << ": " << plugin.description << '\n';
            const auto* descriptor = plugin.descriptor;
            for (std::uint32_t i = 0; i < descriptor->paramCount; ++i) {
                const auto& param = descriptor->params[i];
                std::cout << "    param " << param.name << " (default " << (param.defaultValue ? param.defaultValue : "none")
                          << "): " << param.help << '\n';
            }
        }
    }
    return kExitOk;
}

} // namespace orrery::app
