#pragma once
#include "experiment/experiment_report_data.h"
#include "report/report_environment.h"

#include <string>

namespace orrery::app {

//! A self-contained HTML report of one experiment (docs/experiment-format.md, "Reports"):
//! inline SVG charts and CSS, no scripts, no external files or URLs. The PDF
//! (writeExperimentReportPdf in report/experiment_report_pdf.h) has the same content.
std::string experimentReportHtml(const experiment::ExperimentReportData& data, const ReportEnvironment& environment);

} // namespace orrery::app
