#include "report/html_summary.h"

#include "model/value_format.h"
#include "report/gpu_shares_summary.h"
#include "report/kind_report_sections.h"
#include "report/svg_line_chart.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

namespace orrery::app {
namespace {

std::string formatValue(double value)
{
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%.6g", value);
    return buffer;
}

std::vector<std::pair<double, double>> seriesPoints(const store::Project& project,
                                                    const std::vector<store::SeriesInfo>& series,
                                                    const std::string& name, double scale)
{
    std::vector<std::pair<double, double>> points;
    for (const auto& info : series) {
        if (info.name != name)
            continue;
        for (const auto& sample : project.samples(info.id))
            points.emplace_back(sim::toSeconds(sample.time) / 60.0, sample.value * scale);
    }
    return points;
}

} // namespace

std::string htmlRunSummary(const store::Project& project, store::RunId runId)
{
    const auto run = project.run(runId);
    if (!run)
        throw std::runtime_error(project.path() + ": no run with id " + std::to_string(runId));
    const auto series = project.series(runId);

    std::string html = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>Orrery run "
        + std::to_string(runId) + " — " + htmlEscape(run->scenarioName) + "</title>\n"
        "<style>body{font-family:sans-serif;max-width:60em;margin:2em auto;padding:0 1em;color:#222}"
        "table{border-collapse:collapse}td,th{padding:.2em .8em;border-bottom:1px solid #ddd;text-align:left}"
        "td.num{text-align:right;font-variant-numeric:tabular-nums}h1{font-size:1.5em}"
        "@media (prefers-color-scheme: dark){body{background:#1e1e1e;color:#ddd}td,th{border-color:#444}}</style>\n"
        "</head><body>\n";
    html += "<h1>Run " + std::to_string(runId) + " of scenario “" + htmlEscape(run->scenarioName) + "”</h1>\n";
    html += "<table>\n<tr><th>Status</th><td>" + std::string(sim::toString(run->status)) + "</td></tr>\n";
    html += "<tr><th>Seed</th><td>" + std::to_string(run->seed) + "</td></tr>\n";
    html += "<tr><th>Horizon</th><td>" + formatValue(sim::toSeconds(run->horizon) / 3600.0) + " h</td></tr>\n";
    for (const auto& [point, choice] : run->policies)
        html += "<tr><th>Policy: " + htmlEscape(point) + "</th><td><code>" + htmlEscape(choice) + "</code></td></tr>\n";
    html += "<tr><th>Started</th><td>" + htmlEscape(run->startedAt) + "</td></tr>\n";
    html += "<tr><th>Ended</th><td>" + htmlEscape(run->endedAt) + "</td></tr>\n";
    if (!run->message.empty())
        html += "<tr><th>Message</th><td>" + htmlEscape(run->message) + "</td></tr>\n";
    html += "<tr><th>Project</th><td><code>" + htmlEscape(project.path()) + "</code></td></tr>\n</table>\n";

    std::vector<ChartLine> allocation{{"CPU allocated", "#1f77b4", seriesPoints(project, series, "cluster.cpu_allocated", 100.0)},
                                      {"memory allocated", "#2ca02c", seriesPoints(project, series, "cluster.memory_allocated", 100.0)},
                                      {"GPUs allocated", "#d62728", seriesPoints(project, series, "cluster.gpu_allocated", 100.0)}};
    // GPUs shared by fraction: a GPU anyone holds part of counts as allocated; this is how much is held.
    if (auto held = seriesPoints(project, series, "cluster.gpu_milli_allocated", 100.0); !held.empty())
        allocation.push_back({"milli-GPU held", "#8c564b", std::move(held)});
    // A run without samples (a replay stored by `orrery replay --project`) has no charts to draw.
    const auto anyPoints = [](const std::vector<ChartLine>& lines) {
        return std::any_of(lines.begin(), lines.end(), [](const ChartLine& line) { return !line.points.empty(); });
    };
    if (anyPoints(allocation))
        html += "<h2>Cluster allocation</h2>\n" + svgLineChart(allocation, "simulated time (min)", "% of capacity");
    html += gpuSharesSummaryHtml(project, runId);
    const std::vector<ChartLine> queue{{"pending jobs", "#ff7f0e", seriesPoints(project, series, "jobs.pending", 1.0)},
                                       {"running jobs", "#9467bd", seriesPoints(project, series, "jobs.running", 1.0)}};
    if (anyPoints(queue))
        html += "<h2>Queue</h2>\n" + svgLineChart(queue, "simulated time (min)", "jobs");

    // The sections the run's kinds bring (app/report/kinds/*).
    registerBuiltInKindReportSections();
    html += kindReportSectionsHtml(project, runId);

    html += "<h2>Metrics</h2>\n<table>\n<tr><th>metric</th><th>value</th><th>unit</th></tr>\n";
    for (const auto& metric : project.metrics(runId)) {
        html += "<tr><td>" + htmlEscape(metric.name) + "</td><td class=\"num\" title=\"" + formatValue(metric.value) + "\">"
            + htmlEscape(model::formatValueInUnitColumn(metric.value, metric.unit)) + "</td><td>" + htmlEscape(metric.unit)
            + "</td></tr>\n";
    }
    html += "</table>\n<p><small>Written by Orrery. Wall-clock times are UTC.</small></p>\n</body></html>\n";
    return html;
}

} // namespace orrery::app
