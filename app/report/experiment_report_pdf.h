#pragma once
#include "experiment/experiment_report_data.h"
#include "report/report_environment.h"

#include <string>

namespace orrery::app {

//! Writes the experiment report as an A4 PDF with the same content as experimentReportHtml:
//! text and tables laid out by QTextDocument (real, selectable text), the same SVG charts
//! painted as vectors by QSvgRenderer, each section on a new page.
//!
//! Needs a QGuiApplication for fonts: uses the running one, or creates one for the call when
//! there is none (on the offscreen platform when there is no display). Call it from the thread
//! that owns the application (the GUI thread). Throws std::runtime_error naming `path` when the
//! file cannot be written. Built only with the GUI (library orrery_report_pdf).
void writeExperimentReportPdf(const experiment::ExperimentReportData& data, const ReportEnvironment& environment,
                              const std::string& path);

} // namespace orrery::app
