#pragma once
#include "experiment/experiment_report_data.h"
#include "store/ids.h"

#include <QList>
#include <QPointF>
#include <QString>

#include <optional>
#include <string>
#include <vector>

namespace orrery::app {

//! What the experiment view shows of one experiment, read from the project file in one go.
struct ExperimentData {
    store::ExperimentId id = 0;
    std::optional<experiment::ExperimentReportData> report; //!< empty when it could not be read
    QString error;                                          //!< why, if it could not
};

//! One run's series, for the comparison view's time-series overlay.
struct RunSeries {
    QString arm;
    store::RunId run = 0;
    QList<QPointF> points; //!< x = simulated time in seconds, min/max-decimated to kLoadBuckets
    QString unit;
    bool found = false; //!< whether the run recorded the series
};

//! Reads experiment `id` from the project at `projectPath` through its own connection, so it
//! may run on any thread. Never throws: failures land in ExperimentData::error.
ExperimentData loadExperimentData(const std::string& projectPath, store::ExperimentId id);

//! Reads the series `seriesName` of each (arm, run) from the project at `projectPath`, in the
//! order given, through its own connection. Never throws: `error` receives why it failed.
std::vector<RunSeries> loadRunSeries(const std::string& projectPath, const std::vector<std::pair<QString, store::RunId>>& runs,
                                     const std::string& seriesName, QString& error);

} // namespace orrery::app
