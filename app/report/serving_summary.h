#pragma once
#include "store/ids.h"
#include "store/project.h"

#include <cstddef>
#include <string>

namespace orrery::app {

//! The "Model serving" section of a run summary (issue 16): the devices' power over the run
//! (total and per device) and each device's p99 latency ÷ SLO per control period, as inline SVG
//! line charts, from the `serving.*` series. Empty when the run served no models. At most
//! `maxDevices` devices get a line.
std::string servingSummaryHtml(const store::Project& project, store::RunId runId, std::size_t maxDevices = 8);

} // namespace orrery::app
