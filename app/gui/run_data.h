#pragma once
#include "gui/policy_label_track.h"
#include "store/ids.h"
#include "store/metric_row.h"
#include "sim/run_recorder.h"
#include "store/run_summary.h"

#include <QHash>
#include <QList>
#include <QPointF>
#include <QString>

#include <optional>
#include <string>
#include <vector>

namespace orrery::app {

//! What the run view shows of one run, read from the project file in one go.
struct RunData {
    store::RunId runId = 0;
    std::optional<store::RunSummary> summary; //!< empty if the project has no such run
    std::vector<store::MetricRow> metrics;
    //! Every series of the run by name: x = simulated time in seconds, y as stored. Series longer
    //! than 2 × kLoadBuckets samples are already min/max-decimated to that many points.
    QHash<QString, QList<QPointF>> series;
    QHash<QString, QString> seriesUnits;       //!< unit of each series as recorded ("ratio", "tasks")
    QHash<QString, qint64> storedSampleCounts; //!< samples in the file, before decimation
    //! The control policy's classes over time (`policy.label` annotations); empty if none recorded.
    PolicyLabelTrack policyLabels;
    //! What the run's annotations say happened (anomalies, control actions, OOM kills, …).
    std::vector<sim::RunAnnotation> annotations;
    QString error;                             //!< why the run could not be read, if it could not
};

//! Resolution kept when loading a series: far above any screen's width in pixels.
inline constexpr int kLoadBuckets = 4096;

//! Reads `runId` from the project at `projectPath` through its own connection, so it may run on
//! any thread while the UI thread and a simulation use theirs. Never throws: failures land in
//! RunData::error. Never creates the file.
RunData loadRunData(const std::string& projectPath, store::RunId runId);

} // namespace orrery::app
