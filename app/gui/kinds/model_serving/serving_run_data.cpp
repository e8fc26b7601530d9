#include "gui/kinds/model_serving/serving_run_data.h"

#include "gui/run_data.h"
#include "report/kinds/model_serving/serving_summary.h"
#include "store/project.h"
#include "widgets/series_decimation.h"

#include <QCoreApplication>

#include <exception>
#include <filesystem>
#include <algorithm>
#include <map>

namespace orrery::app {
namespace {

constexpr std::string_view kPrefix = "serving.";

QList<QPointF> readSeries(const store::Project& project, store::StoredSeriesId id)
{
    QList<QPointF> points;
    for (const store::Sample& sample : project.samples(id))
        points.append(QPointF(sim::toSeconds(sample.time), sample.value));
    return widgets::decimateMinMax(points, kLoadBuckets);
}

QList<QPointF> toPoints(const std::vector<std::pair<double, double>>& points)
{
    QList<QPointF> out;
    out.reserve(static_cast<qsizetype>(points.size()));
    for (const auto& [x, y] : points)
        out.append(QPointF(x, y));
    return out;
}

} // namespace

QString ServingRunData::modelsAt(std::size_t device, double time) const
{
    if (device >= fleet.size())
        return {};
    std::map<QString, int> held;
    for (const FleetDevice::Event& event : fleet[device].events) {
        if (event.time > time)
            break;
        held[event.model] += event.delta;
    }
    QStringList names;
    for (const auto& [model, count] : held) {
        if (count > 1)
            names << QStringLiteral("%1 ×%2").arg(model).arg(count);
        else if (count == 1)
            names << model;
    }
    return names.join(QStringLiteral(", "));
}

ServingRunData loadServingRunData(const std::string& projectPath, store::RunId runId)
{
    ServingRunData data;
    data.runId = runId;
    std::error_code error;
    if (!std::filesystem::exists(projectPath, error)) {
        data.error = QCoreApplication::translate("orrery::app::ServingRunData", "%1: the project file no longer exists")
                         .arg(QString::fromStdString(projectPath));
        return data;
    }
    try {
        const store::Project project = store::Project::open(projectPath);
        data.runFound = project.run(runId).has_value();
        if (!data.runFound)
            return data;
        // What the run serves, as the model-serving kind recorded it (run.serving.gpu, run.serving.model):
        // no scenario is parsed here (app/gui/kind_views.h).
        std::map<std::string, std::size_t> modelIndex;
        const std::vector<sim::RunAnnotation> annotations = project.annotations(runId);
        for (const sim::RunAnnotation& annotation : annotations) {
            if (annotation.kind == "run.serving.gpu") {
                data.isServing = true;
                data.gpu = QString::fromStdString(annotation.target);
            } else if (annotation.kind == "run.serving.model" && modelIndex.emplace(annotation.target, data.models.size()).second) {
                data.isServing = true;
                data.models.push_back({QString::fromStdString(annotation.target), annotation.intensity, {}});
            }
        }
        if (!data.isServing)
            return data;
        // The fleet (issue 17): GPU types, prices and replica series; cost by type; SLO violations.
        const ServingFleet fleet = servingFleet(project, runId);
        std::map<std::string, std::size_t> fleetIndex;
        for (const ServingFleetDevice& device : fleet.devices) {
            fleetIndex.emplace(device.name, data.fleet.size());
            ServingRunData::FleetDevice entry;
            entry.name = QString::fromStdString(device.name);
            entry.gpuType = QString::fromStdString(device.gpuType);
            entry.replicas = toPoints(device.replicas);
            data.fleet.push_back(std::move(entry));
        }
        for (const std::string& type : fleet.gpuTypes)
            data.gpuTypes << QString::fromStdString(type);
        data.showsFleet = fleet.heterogeneousOrAutoscaled() && !fleet.devices.empty();
        for (const auto& band : servingCostByGpuType(fleet))
            data.costByType.push_back(widgets::decimateMinMax(toPoints(band), kLoadBuckets));
        data.sloViolations = widgets::decimateMinMax(toPoints(servingSloViolations(project, runId)), kLoadBuckets);
        for (const sim::RunAnnotation& annotation : annotations) {
            const bool placed = annotation.kind == "serving.placement";
            if (!placed && annotation.kind != "serving.retire")
                continue;
            const auto at = annotation.target.rfind('@');
            if (at == std::string::npos)
                continue;
            const std::string deviceName = annotation.target.substr(at + 1);
            if (const auto device = fleetIndex.find(deviceName); device != fleetIndex.end())
                data.fleet[device->second].events.push_back({sim::toSeconds(annotation.start), QString::fromStdString(annotation.target.substr(0, at)), placed ? 1 : -1});
            const auto model = modelIndex.find(annotation.target.substr(0, at));
            if (placed && model != modelIndex.end() && !data.models[model->second].devices.contains(QString::fromStdString(deviceName)))
                data.models[model->second].devices << QString::fromStdString(deviceName);
        }
        for (auto& device : data.fleet)
            std::stable_sort(device.events.begin(), device.events.end(), [](const auto& a, const auto& b) { return a.time < b.time; });
        // serving.<device>.power / .mhz / .p99_slo_ratio (the workload-wide serving.power has no device).
        std::map<std::string, ServingRunData::Device> devices;
        for (const store::SeriesInfo& info : project.series(runId)) {
            if (!info.name.starts_with(kPrefix))
                continue;
            const std::string rest = info.name.substr(kPrefix.size());
            if (rest == "cost") {
                data.cost = readSeries(project, info.id);
                continue;
            }
            const auto dot = rest.rfind('.');
            if (dot == std::string::npos || dot == 0)
                continue;
            const std::string device = rest.substr(0, dot), what = rest.substr(dot + 1);
            QList<QPointF> ServingRunData::Device::*member = what == "power" ? &ServingRunData::Device::watts
                : what == "mhz"                                          ? &ServingRunData::Device::mhz
                : what == "p99_slo_ratio"                                ? &ServingRunData::Device::sloRatio
                                                                         : nullptr;
            if (!member)
                continue;
            auto& entry = devices[device];
            entry.name = QString::fromStdString(device);
            entry.*member = readSeries(project, info.id);
        }
        for (auto& [name, device] : devices)
            data.devices.push_back(std::move(device));
    } catch (const std::exception& failure) {
        data.error = QString::fromStdString(failure.what());
    }
    return data;
}

} // namespace orrery::app
