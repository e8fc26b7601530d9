#pragma once

namespace orrery::app {

//! Registers the run report's "Model serving" section (servingSummaryHtml) for model-serving runs.
void registerServingReportSection();

} // namespace orrery::app
