#pragma once
#include "store/ids.h"
#include "store/project.h"

#include <string>
#include <utility>
#include <vector>

namespace orrery::app {

//! What a run of a `kind: training-jobs` scenario recorded per container, read once for the
//! FlowCon view and the run report: series `train.<job>.cpu_limit`, `.cpu` and `.evaluation`,
//! the `train.placement` annotations ("<job>@<worker>") and the policy's classes
//! (`policy.label` annotations, e.g. FlowCon's NL/WL/CL). Plain C++: no Qt.
struct TrainingJobsRun {
    using Points = std::vector<std::pair<double, double>>; //!< (simulated seconds, value), by time

    //! A stretch of time a container spent in one class of the policy.
    struct ClassSpan {
        double fromSeconds = 0;
        double toSeconds = 0;
        std::string label;
    };
    struct Job {
        std::string name;
        Points cpuLimit;   //!< cores; 0 = no limit set
        Points cpuUsed;    //!< busy cores
        Points cpuShown;   //!< the limit where one is set, else the cores used then (what charts stack)
        bool everUnlimited = false;
        Points evaluation; //!< loss or accuracy; empty if the container reported none
        std::vector<ClassSpan> classes; //!< by time; empty when the policy labels nothing
    };
    //! The jobs placed on one worker, in order of their first sample.
    struct Worker {
        std::string name; //!< empty: no placement recorded (jobs unfinished at the horizon)
        std::vector<Job> jobs;
    };

    std::vector<Worker> workers; //!< by name; the group of unplaced jobs, if any, last
    int jobCount = 0;
    std::vector<std::string> labels; //!< the distinct class labels, in order of first appearance
};

//! Reads the training-jobs record of `runId` (empty when the run has none). Throws StoreError.
TrainingJobsRun loadTrainingJobsRun(const store::Project& project, store::RunId runId);

//! (E(t) − E(first)) / (E(last) − E(first)): a loss and an accuracy both rise from 0 to 1.
TrainingJobsRun::Points trainingProgress(const TrainingJobsRun::Points& evaluation);

} // namespace orrery::app
