#include "report/experiment_report.h"

#include "report/experiment_report_document.h"
#include "report/svg_line_chart.h"

namespace orrery::app {

std::string experimentReportHtml(const experiment::ExperimentReportData& data, const ReportEnvironment& environment)
{
    std::string html = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>Orrery experiment "
        + htmlEscape(data.record.name) + "</title>\n"
        "<style>body{font-family:sans-serif;max-width:62em;margin:2em auto;padding:0 1em;color:#222;line-height:1.4}"
        "table{border-collapse:collapse;margin:.5em 0 1em}td,th{padding:.2em .7em;border-bottom:1px solid #ddd;"
        "text-align:left;vertical-align:top}td[align=right]{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}"
        "h1{font-size:1.6em}h2{font-size:1.3em;margin-top:2em;border-bottom:1px solid #ccc}h3{font-size:1.05em}"
        "pre{background:#f6f6f6;padding:.6em;white-space:pre-wrap;font-size:.85em}svg{max-width:100%;height:auto}figure{margin:.5em 0}"
        "section{break-before:page}section:first-of-type{break-before:auto}"
        "@media (prefers-color-scheme: dark){body{background:#1e1e1e;color:#ddd}td,th{border-color:#444}"
        "pre{background:#2a2a2a}svg{background:#fff}}</style>\n"
        "</head><body>\n";
    for (const auto& section : experimentReportSections(data, environment)) {
        html += "<section id=\"" + htmlEscape(section.id) + "\">\n";
        for (const auto& block : section.blocks)
            html += block.kind == ReportBlock::Kind::Svg ? "<figure>" + block.content + "</figure>\n" : block.content;
        html += "</section>\n";
    }
    html += "<p><small>Written by Orrery " + htmlEscape(environment.orreryVersion)
        + ". Wall-clock times are UTC.</small></p>\n</body></html>\n";
    return html;
}

} // namespace orrery::app
