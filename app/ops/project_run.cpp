#include "ops/project_run.h"

#include "env/simulation.h"
#include "experiment/trained_models.h"
#include "store/project.h"
#include "store/project_run_recorder.h"

#include <set>

namespace orrery::app {

ProjectRun runIntoProject(const model::Scenario& scenario, const policy::PluginRegistry& registry,
                          const std::string& projectPath, sim::RunControl* control,
                          const sim::ProgressCallback& progress)
{
    std::set<std::string> plugins;
    for (const auto& [point, choice] : scenario.policies)
        plugins.insert(choice.plugin);
    // Trainable plugins use the project's latest model; setup errors (no model, bad parameters)
    // surface before anything is written.
    env::Simulation simulation(scenario, registry, experiment::latestTrainedModels(plugins, registry, projectPath));
    store::Project project = store::Project::open(projectPath);
    store::ProjectRunRecorder recorder(project);
    simulation.setSpanSink(&recorder);
    ProjectRun run;
    run.result = simulation.run(recorder, control, progress);
    run.runId = recorder.runId().value_or(0);
    run.policies = simulation.policyDescriptions();
    run.models = project.runModels(run.runId);
    return run;
}

} // namespace orrery::app
