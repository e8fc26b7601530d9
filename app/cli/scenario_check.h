#pragma once
#include "model/diagnostic.h"
#include "model/scenario.h"
#include "policy/plugin_registry.h"

#include <optional>
#include <string>
#include <string_view>

namespace orrery::app {

//! A scenario that parsed, and whose policy choices the registry accepts; or why not.
struct CheckedScenario {
    std::optional<model::Scenario> scenario;
    model::Diagnostics diagnostics;
};

//! Parses a scenario file and validates its policy choices against the loaded plugins.
CheckedScenario checkScenarioFile(const std::string& path, const policy::PluginRegistry& registry);
//! The same for scenario text already in memory (the built-in demo, the GUI editor).
CheckedScenario checkScenarioText(std::string_view text, const std::string& name, const policy::PluginRegistry& registry);

} // namespace orrery::app
