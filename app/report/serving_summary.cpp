#include "report/serving_summary.h"

#include "report/svg_chart_helpers.h"
#include "report/svg_line_chart.h"

#include <map>

namespace orrery::app {
namespace {

std::vector<std::pair<double, double>> pointsOf(const store::Project& project, store::StoredSeriesId id)
{
    std::vector<std::pair<double, double>> points;
    for (const store::Sample& sample : project.samples(id))
        points.emplace_back(sim::toSeconds(sample.time), sample.value);
    return points;
}

} // namespace

std::string servingSummaryHtml(const store::Project& project, store::RunId runId, std::size_t maxDevices)
{
    constexpr std::string_view kPrefix = "serving.";
    std::optional<store::StoredSeriesId> total;
    std::map<std::string, store::StoredSeriesId> power, sloRatio; // by device
    for (const store::SeriesInfo& info : project.series(runId)) {
        if (!info.name.starts_with(kPrefix))
            continue;
        const std::string rest = info.name.substr(kPrefix.size());
        if (rest == "power") {
            total = info.id;
            continue;
        }
        const auto dot = rest.rfind('.');
        if (dot == std::string::npos || dot == 0)
            continue;
        const std::string device = rest.substr(0, dot), what = rest.substr(dot + 1);
        if (what == "power")
            power[device] = info.id;
        else if (what == "p99_slo_ratio")
            sloRatio[device] = info.id;
    }
    if (!total)
        return {};
    std::string html = "<h2>Model serving</h2>\n<p>" + std::to_string(power.size())
        + " devices; power is the mean of each control period";
    if (power.size() > maxDevices)
        html += "; lines for the first " + std::to_string(maxDevices) + " devices";
    html += ".</p>\n";
    std::vector<ChartLine> powerLines{{"all devices", "#444444", pointsOf(project, *total)}};
    std::vector<ChartLine> ratioLines;
    std::size_t index = 0;
    for (const auto& [device, id] : power) {
        if (index >= maxDevices)
            break;
        powerLines.push_back({device, seriesColor(index), pointsOf(project, id)});
        if (const auto ratio = sloRatio.find(device); ratio != sloRatio.end())
            ratioLines.push_back({device, seriesColor(index), pointsOf(project, ratio->second)});
        ++index;
    }
    html += svgLineChart(powerLines, "simulated time (s)", "power (W)");
    if (!ratioLines.empty())
        html += svgLineChart(ratioLines, "simulated time (s)", "p99 latency / SLO (above 1: missed)");
    return html;
}

} // namespace orrery::app
