#include "experiment/trained_models.h"

#include "policy/plugin_registry.h"
#include "store/project.h"

#include <filesystem>
#include <set>

namespace orrery::experiment {

env::PolicyModels latestTrainedModels(const Experiment& experiment, const policy::PluginRegistry& registry,
                                      const std::string& projectPath)
{
    std::set<std::string> plugins;
    for (const auto& [point, choice] : experiment.scenario.policies)
        plugins.insert(choice.plugin);
    for (const ArmSpec& arm : experiment.spec.arms) {
        for (const auto& [point, choice] : arm.policies)
            plugins.insert(choice.plugin);
    }
    return latestTrainedModels(plugins, registry, projectPath);
}

env::PolicyModels latestTrainedModels(const std::set<std::string>& plugins, const policy::PluginRegistry& registry,
                                      const std::string& projectPath)
{
    env::PolicyModels models;
    std::error_code error;
    if (!std::filesystem::exists(projectPath, error))
        return models;
    const store::Project project = store::Project::open(projectPath);
    for (const std::string& plugin : plugins) {
        if (!registry.isTrainable(plugin))
            continue;
        if (auto model = project.latestModel(plugin))
            models[plugin] = std::move(model->bytes);
    }
    return models;
}

} // namespace orrery::experiment
