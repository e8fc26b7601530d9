#pragma once

namespace orrery::app {

//! Registers the training-jobs kind's run views with the window (gui/kind_views.h).
void registerTrainingJobsViews();

} // namespace orrery::app
