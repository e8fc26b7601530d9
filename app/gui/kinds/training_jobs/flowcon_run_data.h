#pragma once
#include "store/ids.h"

#include <QList>
#include <QPointF>
#include <QString>
#include <QStringList>

#include <string>
#include <vector>

namespace orrery::app {

//! What the FlowCon view shows of one run of a `kind: training-jobs` scenario: each worker with
//! the containers (jobs) that ran on it, their CPU limits and evaluation values over time.
struct FlowConRunData {
    //! One container: series `train.<name>.cpu_limit`, `.cpu` and `.evaluation`.
    struct Job {
        QString name;
        QList<QPointF> cpuLimit;   //!< x = simulated seconds, y = cores; 0 = no limit set
        QList<QPointF> cpuUsed;    //!< x = simulated seconds, y = busy cores
        //! What the stacked chart draws: the limit where one is set, else the cores used.
        QList<QPointF> cpuShown;
        bool everUnlimited = false; //!< some sample had no limit (cpuShown took the cores used there)
        QList<QPointF> evaluation; //!< x = simulated seconds, y = loss or accuracy; empty if not reported
        QList<QPointF> progress;   //!< the evaluation as training progress, 0 to 1 (trainingProgress)
        //! The policy's class of the container over time (FlowCon's NL/WL/CL); empty if none recorded.
        struct ClassSpan {
            double fromSeconds = 0;
            double toSeconds = 0;
            QString label;
        };
        QList<ClassSpan> classes;
    };
    //! The jobs placed on one worker, in order of their first sample.
    struct Worker {
        QString name; //!< empty: the run recorded no placement for these jobs (unfinished at the horizon)
        std::vector<Job> jobs;
    };

    store::RunId runId = 0;
    bool runFound = false;
    std::vector<Worker> workers; //!< by name; the group of unplaced jobs, if any, last
    int jobCount = 0;
    QStringList labels; //!< the distinct class labels recorded, in order of first appearance
    QString error; //!< why the run could not be read, if it could not
};

//! Reads the training-jobs record of `runId` (loadTrainingJobsRun, decimated for the charts)
//! through its own connection (any thread). Never throws: failures land in FlowConRunData::error.
FlowConRunData loadFlowConRunData(const std::string& projectPath, store::RunId runId);

} // namespace orrery::app
