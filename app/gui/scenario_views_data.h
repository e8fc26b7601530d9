#pragma once
#include "store/ids.h"
#include "widgets/cluster_snapshot.h"
#include "widgets/service_graph_data.h"

#include <QString>

#include <memory>
#include <optional>
#include <string>

namespace orrery::model {
struct Scenario;
}
namespace orrery::trace {
struct TraceSet;
}
namespace orrery::env {
struct GpuShareSnapshot;
}
namespace orrery::analysis {
struct CriticalPathReport;
}

namespace orrery::app {

//! What the cluster and service-graph views show of a scenario (opened, or the one a run was
//! started from): its cluster, idle, and the service graph of its first workload that has one.
struct ScenarioViewsData {
    QString scenarioName;
    std::optional<widgets::ClusterSnapshot> cluster;
    std::optional<widgets::ServiceGraphData> graph;
    //! A run's recorded traces (at most kRunTraceLimit, the first ones) and their analysis.
    std::shared_ptr<const trace::TraceSet> traces;
    std::shared_ptr<const analysis::CriticalPathReport> report;
    qint64 recordedTraces = 0; //!< all the run recorded
    QString error; //!< why the run's scenario could not be read, if it could not
};

//! How many of a run's traces the trace view loads (the chooser lists them; more would only
//! slow the load down).
inline constexpr std::size_t kRunTraceLimit = 5000;

//! The views' data of a validated scenario.
[[nodiscard]] ScenarioViewsData scenarioViewsData(const model::Scenario& scenario);

//! Lists each GPU of `cluster`'s nodes as `gpus` recorded them (a run's annotations,
//! env/gpu_share_annotations.h): free where not recorded; the node's GPU count follows.
void showGpuShares(widgets::ClusterSnapshot& cluster, const env::GpuShareSnapshot& gpus);

//! Reads run `runId`'s scenario text and its first kRunTraceLimit traces from the project at `projectPath` through its own
//! connection and parses it, so it may run on a worker thread. Never throws.
[[nodiscard]] ScenarioViewsData loadRunViewsData(const std::string& projectPath, store::RunId runId);

} // namespace orrery::app
