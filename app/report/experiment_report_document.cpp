#include "report/experiment_report_document.h"
#include "model/value_format.h"

#include "experiment/comparison_table.h"
#include "report/svg_box_plot.h"
#include "report/svg_grouped_bar_chart.h"
#include "experiment/metric_family.h"
#include "report/svg_cdf_chart.h"
#include "report/svg_chart_helpers.h"
#include "report/gpu_shares_summary.h"
#include "report/svg_line_chart.h"
#include "report/svg_scatter_chart.h"
#include "experiment/arm_tradeoff.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <cstdlib>

namespace orrery::app {
namespace {

using experiment::ExperimentReportData;
using experiment::formatFigure;
using experiment::MetricPoint;
using experiment::MetricResults;

std::string cell(const std::string& text)
{
    return "<td>" + htmlEscape(text) + "</td>";
}

std::string numberCell(const std::string& text)
{
    return "<td align=\"right\">" + htmlEscape(text) + "</td>";
}

std::string headerRow(const std::vector<std::string>& names)
{
    std::string row = "<tr>";
    for (const auto& name : names)
        row += "<th>" + htmlEscape(name) + "</th>";
    return row + "</tr>\n";
}

std::string fieldRow(const std::string& name, const std::string& value)
{
    return "<tr><th>" + htmlEscape(name) + "</th>" + cell(value.empty() ? "—" : value) + "</tr>\n";
}

constexpr const char* kTable = "<table cellspacing=\"0\" cellpadding=\"3\">\n";

//! "0.9312 [0.8501, 1.02]", or "—" for the baseline's own row.
std::string ratioWithInterval(const store::ExperimentResultRow& row)
{
    if (std::isnan(row.medianRatio))
        return "—";
    return formatFigure(row.medianRatio) + " [" + formatFigure(row.medianRatioLow) + ", "
        + formatFigure(row.medianRatioHigh) + "]";
}

std::string figureOrDash(double value)
{
    return std::isnan(value) ? "—" : formatFigure(value);
}

std::string withUnit(const MetricResults& metric)
{
    // Units written with each value ("77.5 %", "3.67 min") are not repeated in the heading.
    return metric.unit.empty() || model::formatsWithUnit(metric.unit) ? metric.metric : metric.metric + " (" + metric.unit + ")";
}

//! A mean, median or p99 in the metric's unit ("77.5 %", "3.67 min", "1,635"); "—" when missing.
std::string valueText(double value, const std::string& unit)
{
    return std::isnan(value) ? std::string("—") : model::formatValueInUnitColumn(value, unit);
}

bool hasSweep(const ExperimentReportData& data)
{
    return !data.record.sweepParameter.empty();
}

std::string pointTitle(const ExperimentReportData& data, const MetricPoint& point)
{
    return hasSweep(data) ? data.record.sweepParameter + " = " + point.sweepValue : std::string();
}

std::string armColor(const ExperimentReportData& data, const std::string& arm)
{
    for (std::size_t i = 0; i < data.arms.size(); ++i) {
        if (data.arms[i] == arm)
            return seriesColor(i);
    }
    return "#888888";
}

std::string armRole(const ExperimentReportData& data, const std::string& arm)
{
    const bool baseline = arm == data.record.baselineArm;
    const bool treatment = arm == data.record.treatmentArm;
    return baseline && treatment ? "baseline, treatment" : baseline ? "baseline" : treatment ? "treatment" : "";
}

std::size_t runsOfArm(const ExperimentReportData& data, const std::string& arm)
{
    std::size_t most = 0;
    for (const auto& metric : data.metrics) {
        std::size_t runs = 0;
        for (const auto& point : metric.points) {
            for (const auto& values : point.arms) {
                if (values.arm == arm)
                    runs += values.values.size();
            }
        }
        most = std::max(most, runs);
    }
    return most;
}

ReportSection overview(const ExperimentReportData& data)
{
    const auto& record = data.record;
    std::string html = "<h1>Experiment “" + htmlEscape(record.name) + "”</h1>\n";
    if (!record.description.empty())
        html += "<p>" + htmlEscape(record.description) + "</p>\n";
    html += kTable;
    html += fieldRow("Experiment id", std::to_string(record.id));
    html += fieldRow("Experiment file", record.experimentFile);
    html += fieldRow("Scenario file", record.scenarioFile);
    html += fieldRow("Baseline arm", record.baselineArm);
    html += fieldRow("Treatment arm", record.treatmentArm);
    if (hasSweep(data)) {
        std::string values;
        if (!data.metrics.empty()) {
            for (const auto& point : data.metrics.front().points)
                values += (values.empty() ? "" : ", ") + point.sweepValue;
        }
        html += fieldRow("Sweep", record.sweepParameter + ": " + values);
    }
    html += fieldRow("Runs (cells)", std::to_string(record.cellCount));
    html += fieldRow("Created", record.createdAt);
    html += fieldRow("Compared", record.comparedAt);
    html += fieldRow("Definition SHA-256", record.definitionSha256);
    html += "</table>\n";

    html += "<h2>Arms</h2>\n" + std::string(kTable) + headerRow({"", "arm", "role", "completed runs"});
    for (const auto& arm : data.arms) {
        html += "<tr><td><span style=\"background-color:" + armColor(data, arm) + ";color:" + armColor(data, arm)
            + "\">&#9632;&#9632;</span></td>" + cell(arm) + cell(armRole(data, arm))
            + numberCell(std::to_string(runsOfArm(data, arm))) + "</tr>\n";
    }
    html += "</table>\n<p><small>Each arm's policies are in the experiment file under “Definitions”.</small></p>\n";

    if (data.arms.size() > 1) {
        html += "<h2>Summary</h2>\n<p>Every arm against the baseline <b>" + htmlEscape(record.baselineArm)
            + "</b>: ratio of medians (arm / baseline) with its 95% bootstrap confidence interval and the two-sided "
              "Mann–Whitney U p-value over the per-run values.</p>\n";
        std::vector<std::string> header{"metric"};
        if (hasSweep(data))
            header.push_back(record.sweepParameter);
        for (const auto& arm : data.arms) {
            if (arm != record.baselineArm)
                header.push_back(arm + ": ratio [95% CI], p");
        }
        html += kTable + headerRow(header);
        for (const auto& metric : data.metrics) {
            for (const auto& point : metric.points) {
                html += "<tr>" + cell(metric.metric);
                if (hasSweep(data))
                    html += numberCell(point.sweepValue);
                for (const auto& row : point.results) {
                    if (row.arm != record.baselineArm)
                        html += numberCell(ratioWithInterval(row) + ", p " + figureOrDash(row.pValue));
                }
                html += "</tr>\n";
            }
        }
        html += "</table>\n";
    }
    return {"overview", {{ReportBlock::Kind::Html, html}}};
}

double sweepX(const MetricPoint& point)
{
    char* end = nullptr;
    const double value = std::strtod(point.sweepValue.c_str(), &end);
    return end != point.sweepValue.c_str() && *end == '\0' ? value : static_cast<double>(point.sweepIndex);
}

ReportSection metricSection(const ExperimentReportData& data, const MetricResults& metric, std::size_t index)
{
    ReportSection section{"metric-" + std::to_string(index + 1), {}};
    std::string html = "<h2>" + htmlEscape(withUnit(metric)) + "</h2>\n";
    std::vector<std::string> header;
    if (hasSweep(data))
        header.push_back(data.record.sweepParameter);
    for (const char* name : {"arm", "runs", "mean", "median", "p99", "median ratio [95% CI]", "Mann–Whitney p",
                             "mean ratio", "speedup"})
        header.emplace_back(name);
    html += kTable + headerRow(header);
    for (const auto& point : metric.points) {
        for (std::size_t a = 0; a < point.results.size(); ++a) {
            const auto& row = point.results[a];
            html += "<tr>";
            if (hasSweep(data))
                html += numberCell(a == 0 ? point.sweepValue : "");
            // An experiment stored as its comparison only (`orrery replay --project`) keeps no
            // per-run values: the stored row says how many runs it is over.
            const std::size_t runs = point.arms[a].values.empty() ? static_cast<std::size_t>(std::max<std::int64_t>(row.runs, 0))
                                                                   : point.arms[a].values.size();
            html += cell(row.arm) + numberCell(std::to_string(runs)) + numberCell(valueText(row.mean, metric.unit))
                + numberCell(valueText(row.p50, metric.unit)) + numberCell(valueText(row.p99, metric.unit)) + numberCell(ratioWithInterval(row))
                + numberCell(figureOrDash(row.pValue)) + numberCell(figureOrDash(row.meanRatio))
                + numberCell(figureOrDash(row.speedup)) + "</tr>\n";
        }
    }
    html += "</table>\n<p><small>Over the per-run values of each arm (seeds × repeats). Ratios are arm / "
        + htmlEscape(data.record.baselineArm) + "; speedup = mean(" + htmlEscape(data.record.baselineArm)
        + ") / mean(arm), for latency-like metrics only.</small></p>\n";
    section.blocks.push_back({ReportBlock::Kind::Html, html});

    if (metric.points.size() > 1) {
        std::vector<ChartLine> lines;
        for (std::size_t a = 0; a < data.arms.size(); ++a) {
            ChartLine line{data.arms[a], seriesColor(a), {}};
            for (const auto& point : metric.points) {
                if (!std::isnan(point.results[a].mean))
                    line.points.emplace_back(sweepX(point), point.results[a].mean);
            }
            lines.push_back(std::move(line));
        }
        section.blocks.push_back({ReportBlock::Kind::Html,
                                  "<h3>Mean against " + htmlEscape(data.record.sweepParameter) + "</h3>\n"});
        section.blocks.push_back({ReportBlock::Kind::Svg,
                                  svgLineChart(lines, data.record.sweepParameter, "mean " + withUnit(metric), 720, 240)});
    }
    for (const auto& point : metric.points) {
        if (std::all_of(point.arms.begin(), point.arms.end(), [](const auto& arm) { return arm.values.empty(); }))
            continue; // no per-run values stored: nothing to draw a distribution of
        std::vector<CdfSeries> cdfs;
        std::vector<BoxPlotSeries> boxes;
        for (const auto& values : point.arms) {
            cdfs.push_back({values.arm, armColor(data, values.arm), values.values});
            boxes.push_back({values.arm, armColor(data, values.arm), values.values});
        }
        const std::string where = pointTitle(data, point);
        section.blocks.push_back({ReportBlock::Kind::Html,
                                  "<h3>Distribution over runs" + (where.empty() ? "" : " at " + htmlEscape(where))
                                      + "</h3>\n"});
        section.blocks.push_back({ReportBlock::Kind::Svg, svgCdfChart(cdfs, withUnit(metric), 720, 220)});
        section.blocks.push_back({ReportBlock::Kind::Svg, svgBoxPlot(boxes, withUnit(metric), 720, 220)});
    }
    return section;
}

//! Metric families (fn.*.latency.p99, …): each item's mean under every arm, as grouped bars and a
//! table, at every sweep point.
std::vector<ReportSection> familySections(const ExperimentReportData& data)
{
    std::vector<ReportSection> sections;
    const std::size_t points = data.metrics.empty() ? 0 : data.metrics.front().points.size();
    std::size_t index = 0;
    for (const experiment::MetricFamily& first : experiment::metricFamilies(data, 0)) {
        ReportSection section{"family-" + std::to_string(++index), {}};
        section.blocks.push_back({ReportBlock::Kind::Html,
                                  "<h2>" + htmlEscape(first.pattern) + " per item</h2>\n<p>Each item's mean over its runs, per arm"
                                      + (first.unit.empty() ? std::string() : " (" + htmlEscape(first.unit) + ")") + ".</p>\n"});
        for (std::size_t point = 0; point < std::max<std::size_t>(points, 1); ++point) {
            std::vector<experiment::MetricFamily> families = experiment::metricFamilies(data, static_cast<int>(point));
            const auto found = std::find_if(families.begin(), families.end(),
                                            [&](const auto& f) { return f.pattern == first.pattern; });
            if (found == families.end())
                continue;
            const experiment::MetricFamily& family = *found;
            std::vector<BarGroupSeries> series;
            for (std::size_t a = 0; a < family.arms.size(); ++a)
                series.push_back({family.arms[a], armColor(data, family.arms[a]), family.means[a]});
            std::string html;
            const std::string& sweepValue = data.metrics.front().points.at(point).sweepValue;
            if (!sweepValue.empty())
                html += "<h3>" + htmlEscape(data.record.sweepParameter + " = " + sweepValue) + "</h3>\n";
            html += "<table><tr><th>item</th>";
            for (const std::string& arm : family.arms)
                html += "<th>" + htmlEscape(arm) + "</th>";
            html += "</tr>\n";
            for (std::size_t i = 0; i < family.items.size(); ++i) {
                html += "<tr><td>" + htmlEscape(family.items[i]) + "</td>";
                for (std::size_t a = 0; a < family.arms.size(); ++a)
                    html += "<td>" + (std::isnan(family.means[a][i]) ? std::string("—") : svgNumber(family.means[a][i])) + "</td>";
                html += "</tr>\n";
            }
            html += "</table>\n";
            section.blocks.push_back({ReportBlock::Kind::Svg,
                                      svgGroupedBarChart(family.items, series,
                                                         family.pattern + (family.unit.empty() ? "" : " (" + family.unit + ")"))});
            section.blocks.push_back({ReportBlock::Kind::Html, html});
        }
        sections.push_back(std::move(section));
    }
    return sections;
}

//! The per-run trade-off of a known metric pair (SLO attainment against power), one scatter per
//! sweep point, when the experiment records both.
std::optional<ReportSection> tradeoffSection(const ExperimentReportData& data)
{
    const experiment::TradeoffPair* pair = experiment::tradeoffOf(data);
    if (!pair)
        return std::nullopt;
    ReportSection section{"tradeoff", {}};
    section.blocks.push_back({ReportBlock::Kind::Html, "<h2>Trade-off per run: " + htmlEscape(pair->yMetric) + " against "
                                                           + htmlEscape(pair->xMetric) + "</h2>\n<p>One point per run, one colour per arm.</p>\n"});
    for (const MetricResults& metric : data.metrics) {
        if (metric.metric != pair->xMetric)
            continue;
        for (const MetricPoint& point : metric.points) {
            std::vector<ScatterGroup> groups;
            for (const experiment::ArmTradeoff& arm : experiment::armTradeoff(data, *pair, point.sweepIndex))
                groups.push_back({arm.arm, armColor(data, arm.arm), arm.points});
            if (hasSweep(data))
                section.blocks.push_back({ReportBlock::Kind::Html, "<h3>" + htmlEscape(pointTitle(data, point)) + "</h3>\n"});
            section.blocks.push_back({ReportBlock::Kind::Svg, svgScatterChart(groups, pair->xMetric, pair->yMetric, 720, 260)});
        }
    }
    return section;
}

ReportSection definitions(const ExperimentReportData& data)
{
    const auto& record = data.record;
    std::string html = "<h2>Definitions</h2>\n<p>The texts stored in the project when the experiment was run.</p>\n";
    html += "<h3>Experiment: <code>" + htmlEscape(record.experimentFile) + "</code></h3>\n<pre>"
        + htmlEscape(record.experimentText) + "</pre>\n";
    html += "<h3>Scenario: <code>" + htmlEscape(record.scenarioFile) + "</code></h3>\n<pre>"
        + htmlEscape(record.scenarioText) + "</pre>\n";
    return {"definitions", {{ReportBlock::Kind::Html, html}}};
}

ReportSection environmentSection(const ReportEnvironment& environment)
{
    std::string html = "<h2>Environment</h2>\n" + std::string(kTable);
    html += fieldRow("Orrery version", environment.orreryVersion);
    html += fieldRow("Git commit", environment.gitCommit);
    html += fieldRow("Host", environment.hostname);
    html += fieldRow("Operating system", environment.operatingSystem);
    html += fieldRow("CPU", environment.cpuModel);
    html += fieldRow("CPU cores", std::to_string(environment.cpuCores));
    html += fieldRow("Report written (UTC)", environment.reportTimeUtc);
    html += "</table>\n<p><small>The machine that wrote this report; the runs may have been made elsewhere.</small></p>\n";
    return {"environment", {{ReportBlock::Kind::Html, html}}};
}

} // namespace

//! Each arm's GPUs at one run's peak GPU allocation: counts and the map of columns.
ReportSection gpuSharesSection(const ExperimentReportData& data)
{
    ReportSection section{"gpu-shares", {}};
    section.blocks.push_back({ReportBlock::Kind::Html,
                              "<h2>GPU shares</h2>\n<p>Each arm's GPUs at the peak GPU allocation of one of its runs: one box per "
                              "node, one column per GPU, filled to the milli-GPU held (blue: whole, green: shared). A column "
                              "partly filled is a fragment.</p>\n"});
    std::string table = kTable + headerRow({"arm", "run", "GPUs", "whole", "shared", "free", "held (GPUs)",
                                            "free on shared GPUs (GPUs)"});
    for (const experiment::ArmGpuShares& arm : data.gpuShares) {
        const GpuShareCounts counts = countGpuShares(arm.gpus);
        table += "<tr>" + cell(arm.arm) + numberCell(std::to_string(arm.run)) + numberCell(std::to_string(counts.gpus)) +
            numberCell(std::to_string(counts.whole)) + numberCell(std::to_string(counts.shared)) +
            numberCell(std::to_string(counts.free)) + numberCell(formatFigure(counts.heldMilli / 1000.0)) +
            numberCell(formatFigure(counts.freeOnSharedMilli / 1000.0)) + "</tr>\n";
    }
    section.blocks.push_back({ReportBlock::Kind::Html, table + "</table>\n"});
    for (const experiment::ArmGpuShares& arm : data.gpuShares) {
        section.blocks.push_back({ReportBlock::Kind::Html,
                                  "<h3>" + htmlEscape(arm.arm) + " (run " + std::to_string(arm.run) + ")</h3>\n"});
        section.blocks.push_back({ReportBlock::Kind::Svg, svgGpuShareMap(arm.gpus, 720)});
    }
    return section;
}

std::vector<ReportSection> experimentReportSections(const experiment::ExperimentReportData& data,
                                                    const ReportEnvironment& environment)
{
    std::vector<ReportSection> sections{overview(data)};
    for (auto& family : familySections(data))
        sections.push_back(std::move(family));
    for (std::size_t m = 0; m < data.metrics.size(); ++m)
        sections.push_back(metricSection(data, data.metrics[m], m));
    if (std::optional<ReportSection> tradeoff = tradeoffSection(data))
        sections.push_back(std::move(*tradeoff));
    if (!data.gpuShares.empty())
        sections.push_back(gpuSharesSection(data));
    sections.push_back(definitions(data));
    sections.push_back(environmentSection(environment));
    return sections;
}

} // namespace orrery::app
