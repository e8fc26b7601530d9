#pragma once

namespace orrery::app {

//! Runs the Orrery window: `orrery` with a display, or `orrery gui [PROJECT.orrery]`. Loads the
//! plugins, opens the given project (or the last one, or the demo project, running the demo into
//! it when it is empty) and returns the application's exit code.
int runGui(int argc, char** argv);

} // namespace orrery::app
