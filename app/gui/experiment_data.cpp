#include "gui/experiment_data.h"

#include "gui/run_data.h"
#include "store/project.h"
#include "widgets/series_decimation.h"

#include <QCoreApplication>

#include <exception>
#include <filesystem>

namespace orrery::app {
namespace {

QString missingProject(const std::string& projectPath)
{
    return QCoreApplication::translate("orrery::app::ExperimentData", "%1: the project file no longer exists")
        .arg(QString::fromStdString(projectPath));
}

} // namespace

ExperimentData loadExperimentData(const std::string& projectPath, store::ExperimentId id)
{
    ExperimentData data;
    data.id = id;
    std::error_code error;
    if (!std::filesystem::exists(projectPath, error)) {
        data.error = missingProject(projectPath);
        return data;
    }
    try {
        const store::Project project = store::Project::open(projectPath);
        data.report = experiment::loadExperimentReportData(project, id);
    } catch (const std::exception& failure) {
        data.error = QString::fromStdString(failure.what());
    }
    return data;
}

std::vector<RunSeries> loadRunSeries(const std::string& projectPath, const std::vector<std::pair<QString, store::RunId>>& runs,
                                     const std::string& seriesName, QString& error)
{
    std::vector<RunSeries> out;
    std::error_code exists;
    if (!std::filesystem::exists(projectPath, exists)) {
        error = missingProject(projectPath);
        return out;
    }
    try {
        const store::Project project = store::Project::open(projectPath);
        for (const auto& [arm, runId] : runs) {
            RunSeries series{arm, runId, {}, {}, false};
            for (const store::SeriesInfo& info : project.series(runId)) {
                if (info.name != seriesName)
                    continue;
                QList<QPointF> points;
                const auto samples = project.samples(info.id);
                points.reserve(static_cast<qsizetype>(samples.size()));
                for (const store::Sample& sample : samples)
                    points.append(QPointF(sim::toSeconds(sample.time), sample.value));
                series.points = widgets::decimateMinMax(points, kLoadBuckets);
                series.unit = QString::fromStdString(info.unit);
                series.found = true;
                break;
            }
            out.push_back(std::move(series));
        }
    } catch (const std::exception& failure) {
        error = QString::fromStdString(failure.what());
    }
    return out;
}

} // namespace orrery::app
