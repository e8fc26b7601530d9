#pragma once
#include "store/ids.h"
#include "store/project.h"

#include <string>

namespace orrery::app {

//! A short self-contained HTML page about one run of a project: what ran, its metrics, and an
//! inline SVG chart of cluster allocation and queue length. No scripts, no external files.
//! (Full experiment reports with arms and statistics come with the experiments work.)
std::string htmlRunSummary(const store::Project& project, store::RunId runId);

} // namespace orrery::app
