#include "experiment/experiment_report_data.h"

#include "store/experiment_store.h"
#include "store/project.h"
#include "store/store_error.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace orrery::experiment {
namespace {

void addUnique(std::vector<std::string>& names, const std::string& name)
{
    if (std::find(names.begin(), names.end(), name) == names.end())
        names.push_back(name);
}

//! Index of `name` in `names`, or names.size().
std::size_t indexOf(const std::vector<std::string>& names, const std::string& name)
{
    return static_cast<std::size_t>(std::find(names.begin(), names.end(), name) - names.begin());
}

//! ExperimentReportData::gpuShares: one run per arm, read only if it could be the arm's.
std::vector<ArmGpuShares> armGpuShares(const store::Project& project, const std::vector<store::ExperimentCellRun>& cells,
                                       const ExperimentReportData& data)
{
    std::vector<ArmGpuShares> shares;
    std::vector<store::RunSummary> runs;
    if (cells.empty())
        runs = project.listRuns();
    for (const std::string& arm : data.arms) {
        store::RunId run = 0;
        if (!cells.empty()) {
            const auto first = std::find_if(cells.begin(), cells.end(), [&](const auto& cell) { return cell.cell.arm == arm; });
            run = first == cells.end() ? 0 : first->runId;
        } else {
            for (auto candidate = runs.rbegin(); candidate != runs.rend() && run == 0; ++candidate) {
                const bool placedByArm = std::find(candidate->policies.begin(), candidate->policies.end(),
                                                   std::pair<std::string, std::string>("placement", arm)) != candidate->policies.end();
                if (candidate->status == sim::RunStatus::Completed && placedByArm &&
                    project.scenarioText(candidate->id) == data.record.scenarioText)
                    run = candidate->id;
            }
        }
        if (run == 0)
            continue;
        if (std::optional<env::GpuShareSnapshot> gpus = env::readGpuShareAnnotations(project.annotations(run)))
            shares.push_back({arm, run, std::move(*gpus)});
    }
    return shares;
}

} // namespace

ExperimentReportData loadExperimentReportData(const store::Project& project, store::ExperimentId id)
{
    // ExperimentStore takes the project by non-const reference because it also writes; every
    // call below only reads.
    const store::ExperimentStore experiments(const_cast<store::Project&>(project));
    std::optional<store::ExperimentRecord> record = experiments.experiment(id);
    if (!record)
        throw store::StoreError(project.path(), "no experiment with id " + std::to_string(id));

    ExperimentReportData data;
    data.record = std::move(*record);
    const std::vector<store::ExperimentResultRow> rows = experiments.results(id);
    const std::vector<store::ExperimentCellMetric> cellMetrics = experiments.cellMetrics(id);

    // Order: the stored comparison is saved in the experiment's order (sweep point, metric,
    // arm); arms and metrics it does not name (an experiment not compared yet) follow in the
    // order the cells give them.
    std::vector<std::string> metricNames;
    std::map<int, std::string> sweepValues;
    addUnique(data.arms, data.record.baselineArm);
    for (const auto& row : rows) {
        addUnique(data.arms, row.arm);
        addUnique(metricNames, row.metric);
        sweepValues.emplace(row.sweepIndex, row.sweepValue);
    }
    if (data.arms.front().empty())
        data.arms.erase(data.arms.begin());
    for (const auto& cell : experiments.linkedRuns(id)) {
        addUnique(data.arms, cell.cell.arm);
        sweepValues.emplace(cell.cell.sweepIndex, cell.cell.sweepValue);
    }
    std::map<std::string, std::string> units;
    for (const auto& value : cellMetrics) {
        units.emplace(value.metric, value.unit);
        // Without a stored comparison every recorded metric is shown.
        if (rows.empty())
            addUnique(metricNames, value.metric);
    }
    for (const auto& row : rows)
        units.emplace(row.metric, row.unit);

    for (const auto& name : metricNames) {
        MetricResults metric;
        metric.metric = name;
        metric.unit = units[name];
        for (const auto& [index, value] : sweepValues) {
            MetricPoint point;
            point.sweepIndex = index;
            point.sweepValue = value;
            for (const auto& arm : data.arms) {
                point.arms.push_back(ArmValues{arm, {}, {}});
                store::ExperimentResultRow empty;
                empty.sweepIndex = index;
                empty.sweepValue = value;
                empty.metric = name;
                empty.arm = arm;
                empty.unit = metric.unit;
                empty.baselineArm = data.record.baselineArm;
                point.results.push_back(std::move(empty));
            }
            metric.points.push_back(std::move(point));
        }
        data.metrics.push_back(std::move(metric));
    }

    const auto pointOf = [&](const std::string& metricName, int sweepIndex) -> MetricPoint* {
        const std::size_t m = indexOf(metricNames, metricName);
        if (m == metricNames.size())
            return nullptr;
        auto& points = data.metrics[m].points;
        const auto found = std::find_if(points.begin(), points.end(),
                                        [&](const MetricPoint& point) { return point.sweepIndex == sweepIndex; });
        return found == points.end() ? nullptr : &*found;
    };
    for (const auto& row : rows) {
        if (MetricPoint* point = pointOf(row.metric, row.sweepIndex))
            point->results[indexOf(data.arms, row.arm)] = row;
    }
    // cellMetrics come in cell order (seed, then repeat within an arm), as compareArms reads them.
    for (const auto& value : cellMetrics) {
        if (std::isnan(value.value))
            continue;
        MetricPoint* point = pointOf(value.metric, value.cell.sweepIndex);
        const std::size_t arm = indexOf(data.arms, value.cell.arm);
        if (point == nullptr || arm == data.arms.size())
            continue;
        point->arms[arm].values.push_back(value.value);
        point->arms[arm].runs.push_back(value.runId);
    }
    data.gpuShares = armGpuShares(project, experiments.completedCells(id), data);
    return data;
}

} // namespace orrery::experiment
