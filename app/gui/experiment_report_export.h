#pragma once
#include "experiment/experiment_report_data.h"

#include <QString>

namespace orrery::app {

//! Writes the report of an experiment (issue 6 item 5: the same content as `orrery report`) to
//! `path`: self-contained HTML when it ends in .html or .htm, PDF when it ends in .pdf. Returns
//! an empty string on success, else why it failed.
QString exportExperimentReport(const experiment::ExperimentReportData& data, const QString& path);

} // namespace orrery::app
