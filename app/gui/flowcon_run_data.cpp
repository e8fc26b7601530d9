#include "gui/flowcon_run_data.h"

#include "gui/run_data.h"
#include "store/project.h"
#include "widgets/series_decimation.h"

#include <QCoreApplication>
#include <QHash>

#include <algorithm>
#include <exception>
#include <filesystem>
#include <map>

namespace orrery::app {
namespace {

constexpr std::string_view kPrefix = "train.";
constexpr std::string_view kLimitSuffix = ".cpu_limit";
constexpr std::string_view kEvaluationSuffix = ".evaluation";
constexpr std::string_view kCpuSuffix = ".cpu";

//! The last value of `points` at or before `x` (0 before the first).
double valueAt(const QList<QPointF>& points, double x)
{
    const auto after = std::upper_bound(points.begin(), points.end(), x,
                                        [](double value, const QPointF& point) { return value < point.x(); });
    return after == points.begin() ? 0.0 : std::prev(after)->y();
}

//! The limit where one is set (> 0), else the cores used at that time.
void fillShown(FlowConRunData::Job& job)
{
    job.cpuShown.reserve(job.cpuLimit.size());
    for (const QPointF& limit : job.cpuLimit) {
        if (limit.y() > 0.0) {
            job.cpuShown.append(limit);
        } else {
            job.everUnlimited = true;
            job.cpuShown.append(QPointF(limit.x(), valueAt(job.cpuUsed, limit.x())));
        }
    }
}

//! The job name of `train.<job><suffix>`, or empty.
std::string jobOf(const std::string& series, std::string_view suffix)
{
    if (series.size() <= kPrefix.size() + suffix.size() || !series.starts_with(kPrefix) || !series.ends_with(suffix))
        return {};
    return series.substr(kPrefix.size(), series.size() - kPrefix.size() - suffix.size());
}

QList<QPointF> readSeries(const store::Project& project, store::StoredSeriesId id)
{
    const auto samples = project.samples(id);
    QList<QPointF> points;
    points.reserve(static_cast<qsizetype>(samples.size()));
    for (const store::Sample& sample : samples)
        points.append(QPointF(sim::toSeconds(sample.time), sample.value));
    return widgets::decimateMinMax(points, kLoadBuckets);
}

} // namespace

FlowConRunData loadFlowConRunData(const std::string& projectPath, store::RunId runId)
{
    FlowConRunData data;
    data.runId = runId;
    std::error_code error;
    if (!std::filesystem::exists(projectPath, error)) {
        data.error = QCoreApplication::translate("orrery::app::FlowConRunData", "%1: the project file no longer exists")
                         .arg(QString::fromStdString(projectPath));
        return data;
    }
    try {
        const store::Project project = store::Project::open(projectPath);
        data.runFound = project.run(runId).has_value();
        if (!data.runFound)
            return data;
        std::map<std::string, FlowConRunData::Job> jobs;
        for (const store::SeriesInfo& info : project.series(runId)) {
            if (std::string job = jobOf(info.name, kLimitSuffix); !job.empty()) {
                auto& entry = jobs[job];
                entry.name = QString::fromStdString(job);
                entry.cpuLimit = readSeries(project, info.id);
            } else if (job = jobOf(info.name, kEvaluationSuffix); !job.empty()) {
                auto& entry = jobs[job];
                entry.name = QString::fromStdString(job);
                entry.evaluation = readSeries(project, info.id);
            } else if (job = jobOf(info.name, kCpuSuffix); !job.empty()) {
                auto& entry = jobs[job];
                entry.name = QString::fromStdString(job);
                entry.cpuUsed = readSeries(project, info.id);
            }
        }
        // train.placement: target "<job>@<worker>", recorded when the job finishes.
        std::map<std::string, std::string> workerOf;
        for (const sim::RunAnnotation& annotation : project.annotations(runId)) {
            if (annotation.kind != "train.placement")
                continue;
            const auto at = annotation.target.rfind('@');
            if (at != std::string::npos)
                workerOf[annotation.target.substr(0, at)] = annotation.target.substr(at + 1);
        }
        std::map<std::string, FlowConRunData::Worker> workers;
        FlowConRunData::Worker unplaced;
        for (auto& [name, job] : jobs) {
            if (job.cpuLimit.isEmpty() && job.evaluation.isEmpty())
                continue;
            ++data.jobCount;
            fillShown(job);
            const auto placed = workerOf.find(name);
            if (placed == workerOf.end()) {
                unplaced.jobs.push_back(std::move(job));
                continue;
            }
            auto& worker = workers[placed->second];
            worker.name = QString::fromStdString(placed->second);
            worker.jobs.push_back(std::move(job));
        }
        const auto firstSample = [](const FlowConRunData::Job& job) {
            return job.cpuLimit.isEmpty() ? 0.0 : job.cpuLimit.front().x();
        };
        const auto byStart = [&](const FlowConRunData::Job& a, const FlowConRunData::Job& b) {
            return firstSample(a) < firstSample(b) || (firstSample(a) == firstSample(b) && a.name < b.name);
        };
        for (auto& [name, worker] : workers) {
            std::stable_sort(worker.jobs.begin(), worker.jobs.end(), byStart);
            data.workers.push_back(std::move(worker));
        }
        if (!unplaced.jobs.empty()) {
            std::stable_sort(unplaced.jobs.begin(), unplaced.jobs.end(), byStart);
            data.workers.push_back(std::move(unplaced));
        }
    } catch (const std::exception& failure) {
        data.error = QString::fromStdString(failure.what());
    }
    return data;
}

} // namespace orrery::app
