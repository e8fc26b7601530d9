#include "gui/kinds/training_jobs/flowcon_run_data.h"

#include "gui/run_data.h"
#include "report/kinds/training_jobs/training_jobs_run.h"
#include "store/project.h"
#include "widgets/series_decimation.h"

#include <QCoreApplication>

#include <exception>
#include <filesystem>

namespace orrery::app {
namespace {

QList<QPointF> toChartPoints(const TrainingJobsRun::Points& points)
{
    QList<QPointF> out;
    out.reserve(static_cast<qsizetype>(points.size()));
    for (const auto& [x, y] : points)
        out.append(QPointF(x, y));
    return widgets::decimateMinMax(out, kLoadBuckets);
}

FlowConRunData::Job toJob(const TrainingJobsRun::Job& job)
{
    FlowConRunData::Job out;
    out.name = QString::fromStdString(job.name);
    out.cpuLimit = toChartPoints(job.cpuLimit);
    out.cpuUsed = toChartPoints(job.cpuUsed);
    out.cpuShown = toChartPoints(job.cpuShown);
    out.everUnlimited = job.everUnlimited;
    out.evaluation = toChartPoints(job.evaluation);
    out.progress = toChartPoints(trainingProgress(job.evaluation));
    for (const auto& span : job.classes)
        out.classes.append({span.fromSeconds, span.toSeconds, QString::fromStdString(span.label)});
    return out;
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
        const TrainingJobsRun run = loadTrainingJobsRun(project, runId);
        data.jobCount = run.jobCount;
        for (const std::string& label : run.labels)
            data.labels.append(QString::fromStdString(label));
        for (const TrainingJobsRun::Worker& worker : run.workers) {
            FlowConRunData::Worker out;
            out.name = QString::fromStdString(worker.name);
            for (const TrainingJobsRun::Job& job : worker.jobs)
                out.jobs.push_back(toJob(job));
            data.workers.push_back(std::move(out));
        }
    } catch (const std::exception& failure) {
        data.error = QString::fromStdString(failure.what());
    }
    return data;
}

} // namespace orrery::app
