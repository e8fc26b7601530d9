#include "gui/scenario_views_data.h"

#include "analysis/critical_components.h"
#include "env/gpu_share_annotations.h"
#include "model/cluster.h"
#include "model/scenario.h"
#include "ops/stored_run.h"
#include "store/project.h"

#include <QCoreApplication>

#include <algorithm>
#include <exception>
#include <variant>

namespace orrery::app {

ScenarioViewsData scenarioViewsData(const model::Scenario& scenario)
{
    ScenarioViewsData data;
    data.scenarioName = QString::fromStdString(scenario.name);
    data.cluster = widgets::clusterSnapshot(model::Cluster(scenario.cluster));
    for (const model::WorkloadSpec& workload : scenario.workloads) {
        const auto* kind = std::get_if<model::KindWorkload>(&workload); // BatchJobs have no graph
        if (const auto graph = kind ? kind->spec->serviceGraph() : nullptr; !data.graph && graph)
            data.graph = widgets::serviceGraphData(*graph);
    }
    return data;
}

void showGpuShares(widgets::ClusterSnapshot& cluster, const env::GpuShareSnapshot& gpus)
{
    for (widgets::ClusterSnapshot::Node& node : cluster.nodes) {
        const int count = node.capacity.deviceCount(model::DeviceKind::Gpu);
        if (count <= 0)
            continue;
        node.gpus.assign(static_cast<std::size_t>(count), model::GpuShare{});
        const auto found = gpus.nodes.find(node.name.toStdString());
        if (found != gpus.nodes.end())
            std::copy_n(found->second.begin(), std::min(found->second.size(), node.gpus.size()), node.gpus.begin());
        node.allocated.deviceCount(model::DeviceKind::Gpu) = static_cast<int>(
            std::count_if(node.gpus.begin(), node.gpus.end(), [](const model::GpuShare& gpu) { return gpu.usedMilli > 0; }));
    }
    // Pods stay in a replay, so its end is its peak; a simulation keeps the sample of most held.
    cluster.gpuCaption = gpus.at > 0
        ? QCoreApplication::translate("orrery::app::ScenarioViewsData", "GPUs as held at the run's peak GPU allocation (t = %1 s)")
              .arg(sim::toSeconds(gpus.at))
        : QCoreApplication::translate("orrery::app::ScenarioViewsData", "GPUs as held at the run's peak GPU allocation");
}

ScenarioViewsData loadRunViewsData(const std::string& projectPath, store::RunId runId)
{
    ScenarioViewsData data;
    try {
        const store::Project project = store::Project::open(projectPath);
        // The cluster's layout and the service graph are the scenario's own content.
        const StoredRunScenario stored = storedRunScenario(project, runId);
        if (!stored.stored) {
            data.error = QCoreApplication::translate("orrery::app::ScenarioViewsData", "Run %1 has no scenario.").arg(runId);
            return data;
        }
        if (!stored.scenario) {
            data.error = QString::fromStdString(stored.error);
            return data;
        }
        data = scenarioViewsData(*stored.scenario);
        if (data.cluster) {
            if (const std::optional<env::GpuShareSnapshot> gpus = env::readGpuShareAnnotations(project.annotations(runId)))
                showGpuShares(*data.cluster, *gpus);
        }
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
