#include "gui/run_data.h"

#include "store/project.h"
#include "widgets/series_decimation.h"

#include <QCoreApplication>

#include <exception>
#include <filesystem>

namespace orrery::app {

RunData loadRunData(const std::string& projectPath, store::RunId runId)
{
    RunData data;
    data.runId = runId;
    std::error_code error;
    if (!std::filesystem::exists(projectPath, error)) {
        data.error = QCoreApplication::translate("orrery::app::RunData", "%1: the project file no longer exists")
                         .arg(QString::fromStdString(projectPath));
        return data;
    }
    try {
        const store::Project project = store::Project::open(projectPath);
        data.summary = project.run(runId);
        if (!data.summary)
            return data;
        data.metrics = project.metrics(runId);
        for (const store::SeriesInfo& info : project.series(runId)) {
            const auto samples = project.samples(info.id);
            QList<QPointF> points;
            points.reserve(static_cast<qsizetype>(samples.size()));
            for (const store::Sample& sample : samples)
                points.append(QPointF(sim::toSeconds(sample.time), sample.value));
            const QString name = QString::fromStdString(info.name);
            data.seriesUnits.insert(name, QString::fromStdString(info.unit));
            data.storedSampleCounts.insert(name, static_cast<qint64>(samples.size()));
            data.series.insert(name, widgets::decimateMinMax(points, kLoadBuckets));
        }
        data.annotations = project.annotations(runId);
        data.policyLabels = policyLabelTrack(data.annotations);
    } catch (const std::exception& failure) {
        data.error = QString::fromStdString(failure.what());
    }
    return data;
}

} // namespace orrery::app
