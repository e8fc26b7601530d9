#include "experiment/experiment_check.h"

#include "policy/decision_point.h"
#include "policy/plugin_registry.h"

#include <set>

namespace orrery::experiment {
namespace {

void check(const std::string& point, const model::PolicyChoice& choice, const policy::PluginRegistry& registry,
           model::Diagnostics& diagnostics)
{
    const auto kind = policy::pluginKindOf(point);
    if (!kind)
        return; // the readers reject unknown decision points
    const model::Diagnostics problems = registry.validate(choice, *kind);
    diagnostics.insert(diagnostics.end(), problems.begin(), problems.end());
}

} // namespace

model::Diagnostics checkExperimentPolicies(const Experiment& experiment, const policy::PluginRegistry& registry)
{
    model::Diagnostics diagnostics;
    std::set<std::string> inheritedPoints;
    for (const ArmSpec& arm : experiment.spec.arms) {
        for (const auto& [point, choice] : arm.policies)
            check(point, choice, registry, diagnostics);
        for (const auto& [point, choice] : experiment.scenario.policies) {
            if (arm.policies.count(point) == 0)
                inheritedPoints.insert(point);
        }
    }
    for (const std::string& point : inheritedPoints)
        check(point, experiment.scenario.policies.at(point), registry, diagnostics);
    return diagnostics;
}

} // namespace orrery::experiment
