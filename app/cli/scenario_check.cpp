#include "cli/scenario_check.h"

#include "cli/plugin_setup.h"
#include "policy/decision_point.h"
#include "scenario/scenario_load_options.h"
#include "scenario/scenario_loader.h"

#include <filesystem>

namespace orrery::app {
namespace {

CheckedScenario checkPolicies(scenario::LoadResult loaded, const policy::PluginRegistry& registry)
{
    CheckedScenario checked;
    checked.diagnostics = std::move(loaded.diagnostics);
    if (!loaded.scenario)
        return checked;
    for (const auto& [point, choice] : loaded.scenario->policies) {
        const auto kind = policy::pluginKindOf(point);
        if (!kind)
            continue; // the parser already rejected unknown decision points
        const auto problems = registry.validate(choice, *kind);
        checked.diagnostics.insert(checked.diagnostics.end(), problems.begin(), problems.end());
    }
    if (checked.diagnostics.empty())
        checked.scenario = std::move(loaded.scenario);
    return checked;
}

// Built-in resources: ORRERY_RESOURCE_PATH, the build's or installation's share/orrery/resources
// next to the executable, then the source tree.
scenario::ScenarioLoadOptions loadOptions()
{
    scenario::ScenarioLoadOptions options;
    options.resourcePath = scenario::defaultResourcePath(std::filesystem::path(executableDirectory()) / ".." / "share"
                                                         / "orrery" / "resources");
    return options;
}

} // namespace

CheckedScenario checkScenarioFile(const std::string& path, const policy::PluginRegistry& registry)
{
    return checkPolicies(scenario::loadScenarioFile(path, loadOptions()), registry);
}

CheckedScenario checkScenarioText(std::string_view text, const std::string& name, const policy::PluginRegistry& registry)
{
    return checkPolicies(scenario::parseScenario(text, name, loadOptions()), registry);
}

} // namespace orrery::app
