#include "ops/scenario_check.h"

#include "ops/plugin_setup.h"
#include "experiment/experiment_check.h"
#include "model/bounded_file_read.h"
#include "policy/decision_point.h"
#include "scenario/scenario_load_options.h"
#include "scenario/scenario_loader.h"

#include <filesystem>
#include <sstream>

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

} // namespace

bool isExperimentFile(const std::string& path)
{
    // A top-level `kind:` line decides; anything unreadable or over the cap (a FIFO, /dev/zero)
    // is left to the scenario reader's errors.
    const model::BoundedFileRead read = model::readFileAtMost(path, scenario::kMaxScenarioFileBytes);
    if (read.status != model::BoundedFileRead::Status::Ok)
        return false;
    std::istringstream in(read.text);
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("kind:", 0) == 0)
            return line.find("Experiment") != std::string::npos;
    }
    return false;
}

CheckedExperiment checkExperimentFile(const std::string& path, const policy::PluginRegistry& registry)
{
    CheckedExperiment checked;
    experiment::ExperimentLoadResult loaded = experiment::loadExperimentFile(path, scenario::ScenarioLoadOptions::defaults());
    checked.warnings = std::move(loaded.warnings);
    checked.diagnostics = std::move(loaded.diagnostics);
    if (!loaded.experiment)
        return checked;
    checked.diagnostics = experiment::checkExperimentPolicies(*loaded.experiment, registry);
    if (checked.diagnostics.empty())
        checked.experiment = std::move(loaded.experiment);
    return checked;
}

CheckedScenario checkScenarioFile(const std::string& path, const policy::PluginRegistry& registry)
{
    return checkPolicies(scenario::loadScenarioFile(path, scenario::ScenarioLoadOptions::defaults()), registry);
}

CheckedScenario checkScenarioText(std::string_view text, const std::string& name, const policy::PluginRegistry& registry)
{
    return checkPolicies(scenario::parseScenario(text, name, scenario::ScenarioLoadOptions::defaults()), registry);
}

} // namespace orrery::app
