#pragma once

namespace orrery::app {

//! Registers the run report's "Training jobs" section (trainingJobsSummaryHtml) for training-jobs runs.
void registerTrainingJobsReportSection();

} // namespace orrery::app
