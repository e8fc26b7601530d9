#pragma once

namespace orrery::app {

//! Registers the strl-jobs kind's run views with the window (gui/kind_views.h).
void registerStrlJobsViews();

} // namespace orrery::app
