#include "ops/stored_run.h"

#include "env/run_workload_kinds.h"
#include "env/simulation.h"
#include "scenario/scenario_loader.h"
#include "store/project.h"

#include <algorithm>

namespace orrery::app {

std::optional<std::vector<std::string>> runWorkloadKinds(const store::Project& project, store::RunId runId)
{
    return env::workloadKindsOf(project.annotations(runId, env::kRunWorkloadAnnotation));
}

bool runMayHaveKind(const store::Project& project, store::RunId runId, const std::string& kind)
{
    const auto kinds = runWorkloadKinds(project, runId);
    return !kinds || std::find(kinds->begin(), kinds->end(), kind) != kinds->end();
}

StoredRunScenario storedRunScenario(const store::Project& project, store::RunId runId)
{
    StoredRunScenario result;
    const std::optional<std::string> text = project.scenarioText(runId);
    if (!text)
        return result;
    result.stored = true;
    const std::optional<store::RunSummary> run = project.run(runId);
    const std::string name = run ? run->scenarioName + ".yaml" : "run " + std::to_string(runId);
    scenario::LoadResult loaded = scenario::parseScenario(*text, name, scenario::ScenarioLoadOptions::defaults());
    if (loaded.scenario)
        result.scenario = std::move(*loaded.scenario);
    else
        result.error = model::formatAll(loaded.diagnostics);
    return result;
}

} // namespace orrery::app
