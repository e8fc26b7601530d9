#pragma once

namespace orrery::app {

//! Registers the model-serving kind's run views with the window (gui/kind_views.h).
void registerModelServingViews();

} // namespace orrery::app
