#include "cli/project_run.h"

#include "env/simulation.h"
#include "store/project.h"
#include "store/project_run_recorder.h"

namespace orrery::app {

ProjectRun runIntoProject(const model::Scenario& scenario, const policy::PluginRegistry& registry,
                          const std::string& projectPath, sim::RunControl* control,
                          const sim::ProgressCallback& progress)
{
    env::Simulation simulation(scenario, registry); // setup errors surface before the file is touched
    store::Project project = store::Project::open(projectPath);
    store::ProjectRunRecorder recorder(project);
    ProjectRun run;
    run.result = simulation.run(recorder, control, progress);
    run.runId = recorder.runId().value_or(0);
    run.policies = simulation.policyDescriptions();
    return run;
}

} // namespace orrery::app
