#include "scenario/feasibility_check.h"

#include "model/joined_words.h"
#include "model/device_model_match.h"
#include "model/did_you_mean.h"
#include "model/units.h"

#include <algorithm>
#include <vector>

namespace orrery::scenario {

namespace {

constexpr model::DeviceKind kDeviceKinds[] = {model::DeviceKind::Gpu, model::DeviceKind::Asic, model::DeviceKind::Fpga};

bool hasDeviceModel(const model::NodePoolSpec& pool, const std::string& deviceModel)
{
    return deviceModel.empty() || std::any_of(pool.devices.begin(), pool.devices.end(), [&](const auto& device) {
               return model::deviceModelAccepts(deviceModel, device.model);
           });
}

std::string describeRequest(const model::Resources& request)
{
    std::string out = "cpu " + model::formatMillicores(request.millicores) + ", memory " + model::formatBytes(request.memoryBytes);
    for (const model::DeviceKind kind : kDeviceKinds) {
        if (request.deviceCount(kind) > 0)
            out += ", " + std::string(model::toString(kind)) + " " + std::to_string(request.deviceCount(kind));
    }
    return out;
}

//! "cpu 32, gpu 0": what one node of the pool has, for each resource the request exceeds.
std::string describeShortfall(const model::Resources& request, const model::Resources& capacity)
{
    std::vector<std::string> parts;
    if (request.millicores > capacity.millicores)
        parts.push_back("cpu " + model::formatMillicores(capacity.millicores));
    if (request.memoryBytes > capacity.memoryBytes)
        parts.push_back("memory " + model::formatBytes(capacity.memoryBytes));
    for (const model::DeviceKind kind : kDeviceKinds) {
        if (request.deviceCount(kind) > capacity.deviceCount(kind))
            parts.push_back(std::string(model::toString(kind)) + " " + std::to_string(capacity.deviceCount(kind)));
    }
    std::string out;
    for (std::size_t i = 0; i < parts.size(); ++i)
        out += (i == 0 ? "" : i + 1 == parts.size() ? " and " : ", ") + parts[i];
    return out;
}

} // namespace

bool checkDeviceModelExists(const std::string& deviceModel, const YamlNode& at, const std::string& path,
                            const model::ClusterSpec& cluster, ParseContext& context)
{
    std::vector<std::string> models;
    for (const auto& pool : cluster.pools) {
        for (const auto& device : pool.devices) {
            if (model::deviceModelAccepts(deviceModel, device.model))
                return true;
            if (std::find(models.begin(), models.end(), device.model) == models.end())
                models.push_back(device.model);
        }
    }
    if (models.empty()) {
        context.error(at, path, "no node pool provides device model '" + deviceModel
                                    + "': no pool has devices; expected a model listed in some pool's devices");
        return false;
    }
    std::string known;
    for (const auto& model : models)
        known += (known.empty() ? "" : ", ") + model;
    context.error(at, path, "no node pool provides device model '" + deviceModel + "'" + model::didYouMean(deviceModel, models)
                                + "; expected one of the models in the pools: " + known);
    return false;
}

void checkRequestFits(const model::Resources& request, const std::string& deviceModel, const YamlNode& at,
                      const std::string& path, const model::ClusterSpec& cluster, ParseContext& context)
{
    constexpr std::size_t kMaxPoolsListed = 4;
    std::vector<std::string> shortfalls;
    std::size_t eligible = 0;
    for (const auto& pool : cluster.pools) {
        if (!hasDeviceModel(pool, deviceModel))
            continue;
        const model::Resources capacity = pool.nodeCapacity();
        if (capacity.covers(request))
            return;
        ++eligible;
        if (shortfalls.size() < kMaxPoolsListed)
            shortfalls.push_back("pool '" + pool.name + "' has " + describeShortfall(request, capacity));
    }
    std::string message = "request (" + describeRequest(request) + ") fits on no node"
        + (deviceModel.empty() ? std::string() : " with device model " + deviceModel)
        + ", so these jobs could never run: ";
    for (std::size_t i = 0; i < shortfalls.size(); ++i)
        message += (i == 0 ? "" : "; ") + shortfalls[i];
    if (eligible > shortfalls.size())
        message += "; and " + std::to_string(eligible - shortfalls.size()) + " more pools";
    context.error(at, path, message + "; expected a request no larger than one node");
}

void checkGraphServicesFit(const model::ServiceGraph& graph, const YamlNode& at, const std::string& path,
                           const model::ClusterSpec& cluster, ParseContext& context)
{
    std::vector<std::string> misfits;
    for (const auto& service : graph.services()) {
        const model::Resources request = service.requestOnDeclared();
        const bool fits = std::any_of(cluster.pools.begin(), cluster.pools.end(),
                                      [&](const auto& pool) { return pool.nodeCapacity().covers(request); });
        if (!fits)
            misfits.push_back("'" + service.name + "' (" + describeRequest(request) + ")");
    }
    if (misfits.empty())
        return;
    context.error(at, path,
                  std::string(misfits.size() == 1 ? "service " : "services ") + model::joinedWords(misfits)
                      + (misfits.size() == 1 ? " fits" : " fit") + " on no node, counting the device of "
                      + (misfits.size() == 1 ? "its" : "their")
                      + " declared compute kind, so conventional schedulers could never run them; expected a "
                        "cluster where every service of the graph fits some node");
}

} // namespace orrery::scenario
