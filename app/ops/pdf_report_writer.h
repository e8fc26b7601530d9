#pragma once
#include "experiment/experiment_report_data.h"
#include "report/report_environment.h"

#include <string>

namespace orrery::app {

//! Writes an experiment report as PDF (writeExperimentReportPdf); throws std::runtime_error.
using PdfReportWriter = void (*)(const experiment::ExperimentReportData& data, const ReportEnvironment& environment,
                                 const std::string& path);

//! Lets `orrery report --out FILE.pdf` write PDFs. The CLI library is Qt-free, so the PDF
//! writer (library orrery_report_pdf, built with the GUI) is handed in by the executable's
//! main(); without it `orrery report` refuses .pdf with exit 2.
void setPdfReportWriter(PdfReportWriter writer);

} // namespace orrery::app
