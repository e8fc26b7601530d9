#pragma once
#include "experiment/experiment_report_data.h"
#include "report/report_environment.h"

#include <string>
#include <vector>

namespace orrery::app {

//! One piece of an experiment report: HTML text (the subset both browsers and QTextDocument
//! render: headings, paragraphs, tables, <pre>, <code>) or an inline SVG chart.
struct ReportBlock {
    enum class Kind { Html, Svg };
    Kind kind = Kind::Html;
    std::string content;
};

//! A part of the report that starts on a new page in the PDF.
struct ReportSection {
    std::string id; //!< HTML anchor ("overview", "metric-2", …)
    std::vector<ReportBlock> blocks;
};

//! The content of an experiment report, shared by the HTML and the PDF renderings so both show
//! exactly the same: overview (definition, arms, summary of the treatment against the
//! baseline), one section per metric (table with mean, median, p99, ratio of medians with its
//! confidence interval, Mann–Whitney p, speedup; sweep plot; per sweep point CDF overlay and
//! box plots), each arm's GPUs where its runs shared GPUs by fraction (counts and a map of every
//! GPU's share), the stored experiment and scenario texts, and the environment.
std::vector<ReportSection> experimentReportSections(const experiment::ExperimentReportData& data,
                                                    const ReportEnvironment& environment);

} // namespace orrery::app
