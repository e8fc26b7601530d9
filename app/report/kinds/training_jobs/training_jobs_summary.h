#pragma once
#include "report/kinds/training_jobs/training_jobs_run.h"

#include <cstddef>
#include <string>

namespace orrery::app {

//! The "Training jobs" section of a run summary (issue 18): per worker, the containers' CPU
//! limits stacked over time, coloured by the policy's class of each container where the run
//! recorded one (FlowCon's NL/WL/CL), and their evaluation values as training progress. Empty
//! when the run has no training jobs. At most `maxWorkers` workers get charts.
std::string trainingJobsSummaryHtml(const TrainingJobsRun& run, std::size_t maxWorkers = 8);

} // namespace orrery::app
