#include "report/kinds/model_serving/serving_summary.h"

#include "report/stored_series_points.h"
#include "report/svg_chart_helpers.h"
#include "report/svg_line_chart.h"
#include "report/svg_stacked_area_chart.h"

#include <algorithm>
#include <map>

namespace orrery::app {

ServingFleet servingFleet(const store::Project& project, store::RunId runId)
{
    // The run's structure as the model-serving kind recorded it (run.serving.*, in
    // core/kinds/model_serving/model_serving_runtime.cpp): no scenario is parsed.
    ServingFleet fleet;
    std::vector<std::pair<std::string, ServingFleetDevice>> devices; // in the cluster's node order
    for (const sim::RunAnnotation& annotation : project.annotations(runId)) {
        if (annotation.kind == "run.serving.gpu") {
            fleet.isServing = true;
        } else if (annotation.kind == "run.serving.autoscaling") {
            fleet.autoscaling = annotation.intensity > 0.5;
        } else if (annotation.kind == "run.serving.device") {
            const auto slash = annotation.target.find('/');
            ServingFleetDevice device;
            device.name = annotation.target.substr(0, slash);
            device.gpuType = slash == std::string::npos ? std::string() : annotation.target.substr(slash + 1);
            device.pricePerHour = annotation.intensity;
            devices.emplace_back(device.name, std::move(device));
        }
    }
    if (!fleet.isServing)
        return fleet;
    std::map<std::string, store::StoredSeriesId> replicaSeries; // by device
    constexpr std::string_view kPrefix = "serving.", kSuffix = ".replicas";
    for (const store::SeriesInfo& info : project.series(runId)) {
        if (info.name.size() > kPrefix.size() + kSuffix.size() && info.name.starts_with(kPrefix) && info.name.ends_with(kSuffix))
            replicaSeries[info.name.substr(kPrefix.size(), info.name.size() - kPrefix.size() - kSuffix.size())] = info.id;
    }
    for (auto& [name, device] : devices) {
        const auto series = replicaSeries.find(name);
        if (series == replicaSeries.end())
            continue;
        device.replicas = storedSeriesPoints(project, series->second);
        if (std::find(fleet.gpuTypes.begin(), fleet.gpuTypes.end(), device.gpuType) == fleet.gpuTypes.end())
            fleet.gpuTypes.push_back(device.gpuType);
        fleet.devices.push_back(std::move(device));
    }
    return fleet;
}

std::vector<std::vector<std::pair<double, double>>> servingCostByGpuType(const ServingFleet& fleet)
{
    std::vector<double> times;
    for (const ServingFleetDevice& device : fleet.devices) {
        for (const auto& sample : device.replicas)
            times.push_back(sample.first);
    }
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end()), times.end());
    std::vector<std::vector<double>> added(fleet.gpuTypes.size(), std::vector<double>(times.size(), 0.0));
    for (const ServingFleetDevice& device : fleet.devices) {
        const auto type = static_cast<std::size_t>(std::find(fleet.gpuTypes.begin(), fleet.gpuTypes.end(), device.gpuType) - fleet.gpuTypes.begin());
        double previous = 0; // the first control period starts at time 0
        for (const auto& [time, replicas] : device.replicas) {
            if (replicas > 0.5) {
                const auto at = static_cast<std::size_t>(std::lower_bound(times.begin(), times.end(), time) - times.begin());
                added[type][at] += (time - previous) * device.pricePerHour / 3600.0;
            }
            previous = time;
        }
    }
    std::vector<std::vector<std::pair<double, double>>> cumulative(fleet.gpuTypes.size());
    for (std::size_t type = 0; type < added.size(); ++type) {
        double sum = 0;
        cumulative[type].reserve(times.size());
        for (std::size_t i = 0; i < times.size(); ++i)
            cumulative[type].emplace_back(times[i], sum += added[type][i]);
    }
    return cumulative;
}

std::vector<std::pair<double, double>> servingSloViolations(const store::Project& project, store::RunId runId)
{
    for (const store::SeriesInfo& info : project.series(runId)) {
        if (info.name != "serving.slo_attainment")
            continue;
        std::vector<std::pair<double, double>> points = storedSeriesPoints(project, info.id);
        for (auto& point : points)
            point.second = 1.0 - point.second;
        return points;
    }
    return {};
}

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
    std::vector<ChartLine> powerLines{{"all devices", "#444444", storedSeriesPoints(project, *total)}};
    std::vector<ChartLine> ratioLines;
    std::size_t index = 0;
    for (const auto& [device, id] : power) {
        if (index >= maxDevices)
            break;
        powerLines.push_back({device, seriesColor(index), storedSeriesPoints(project, id)});
        if (const auto ratio = sloRatio.find(device); ratio != sloRatio.end())
            ratioLines.push_back({device, seriesColor(index), storedSeriesPoints(project, ratio->second)});
        ++index;
    }
    html += svgLineChart(powerLines, "simulated time (s)", "power (W)");
    if (!ratioLines.empty())
        html += svgLineChart(ratioLines, "simulated time (s)", "p99 latency / SLO (above 1: missed)");
    // Issue 17: what the fleet cost by GPU type, and the SLO violations per control period.
    const ServingFleet fleet = servingFleet(project, runId);
    if (fleet.heterogeneousOrAutoscaled() && !fleet.devices.empty()) {
        const auto costs = servingCostByGpuType(fleet);
        std::vector<StackedBand> bands;
        for (std::size_t type = 0; type < fleet.gpuTypes.size(); ++type)
            bands.push_back({fleet.gpuTypes[type], seriesColor(type), costs[type], {}});
        html += "<h3>Cost by GPU type</h3>\n<p>Each device is paid its pool's price per hour while it holds a replica "
                "(cumulative, stacked by GPU type).</p>\n";
        html += svgStackedAreaChart(bands, {}, "simulated time (s)", "cost (USD, cumulative)");
    }
    if (const auto violations = servingSloViolations(project, runId); !violations.empty()) {
        html += "<h3>SLO violations</h3>\n";
        html += svgLineChart({{"SLO violations", "#D55E00", violations}}, "simulated time (s)",
                             "requests missing the SLO (share per control period)");
    }
    return html;
}

} // namespace orrery::app
