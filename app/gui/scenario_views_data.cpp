#include "gui/scenario_views_data.h"

#include "analysis/critical_components.h"
#include "model/cluster.h"
#include "model/scenario.h"
#include "scenario/scenario_loader.h"
#include "store/project.h"

#include <QCoreApplication>

#include <exception>
#include <variant>

namespace orrery::app {

ScenarioViewsData scenarioViewsData(const model::Scenario& scenario)
{
    ScenarioViewsData data;
    data.scenarioName = QString::fromStdString(scenario.name);
    data.cluster = widgets::clusterSnapshot(model::Cluster(scenario.cluster));
    for (const model::WorkloadSpec& workload : scenario.workloads) {
        std::visit([&data](const auto& spec) {
            if constexpr (requires { spec.graph; }) {
                if (!data.graph && spec.graph)
                    data.graph = widgets::serviceGraphData(*spec.graph);
            }
        }, workload);
    }
    return data;
}

ScenarioViewsData loadRunViewsData(const std::string& projectPath, store::RunId runId)
{
    ScenarioViewsData data;
    try {
        const store::Project project = store::Project::open(projectPath);
        const std::optional<std::string> text = project.scenarioText(runId);
        if (!text) {
            data.error = QCoreApplication::translate("orrery::app::ScenarioViewsData", "Run %1 has no scenario.").arg(runId);
            return data;
        }
        const std::optional<store::RunSummary> run = project.run(runId);
        const std::string name = run ? run->scenarioName + ".yaml" : std::string("scenario.yaml");
        const scenario::LoadResult loaded = scenario::parseScenario(*text, name, scenario::ScenarioLoadOptions::defaults());
        if (!loaded.scenario) {
            data.error = QString::fromStdString(model::formatAll(loaded.diagnostics));
            return data;
        }
        data = scenarioViewsData(*loaded.scenario);
        data.recordedTraces = project.traceCount(runId);
        if (data.recordedTraces > 0) {
            auto traces = std::make_shared<trace::TraceSet>(project.loadTraces(runId, 0, kRunTraceLimit));
            data.report = std::make_shared<analysis::CriticalPathReport>(analysis::analyzeTraces(*traces));
            data.traces = std::move(traces);
        }
    } catch (const std::exception& failure) {
        data.error = QString::fromStdString(failure.what());
    }
    return data;
}

} // namespace orrery::app
