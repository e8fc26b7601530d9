#include "scenario/workload_reader.h"

#include "model/did_you_mean.h"
#include "model/gpu_share.h"
#include "model/units.h"
#include "scenario/duration_distribution_reader.h"
#include "scenario/feasibility_check.h"
#include "scenario/contention_reader.h"
#include "scenario/field_path.h"
#include "scenario/graph_reference_reader.h"
#include "scenario/map_reader.h"
#include "scenario/scenario_limits.h"
#include "scenario/value_readers.h"
#include "scenario/workload_kind_readers.h"

#include <algorithm>
#include <map>

namespace orrery::scenario {

namespace {

//! The kinds read here, then every registered kind (scenario/workload_kind_readers.h).
std::vector<std::string> knownKinds()
{
    std::vector<std::string> kinds = {"BatchJobs"};
    for (const std::string& kind : registeredWorkloadKinds())
        kinds.push_back(kind);
    return kinds;
}

std::string knownKindsText()
{
    std::string text;
    for (const std::string& kind : knownKinds())
        text += (text.empty() ? "" : ", ") + kind;
    return text;
}

const std::vector<std::string>& batchJobsKeys()
{
    static const std::vector<std::string> kKeys = {"name", "kind", "arrivalRate", "maxJobs", "request", "deviceModel", "duration", "demand"};
    return kKeys;
}

// `gpu`: whole GPUs ("2") or a share of one GPU ("460m", "0.46"; docs/model.md, "GPU sharing").
void readGpuRequest(const YamlNode& node, const std::string& path, ParseContext& context, model::Resources& request,
                    std::int32_t& sharedGpuMilli)
{
    const std::string expected = "whole GPUs such as 1 or 2, or a share of one GPU such as 460m or 0.46";
    if (!node.isScalar()) {
        context.error(node, path, "expected " + expected + ", got " + node.describe());
        return;
    }
    std::string error;
    const auto milli = model::parseMillicores(node.scalar(), &error);
    if (!milli) {
        context.error(node, path, "'" + node.scalar() + "' is not " + expected);
        return;
    }
    if (*milli % model::kMilliPerGpu == 0 && *milli / model::kMilliPerGpu <= kMaxDevicesPerNode) {
        request.deviceCount(model::DeviceKind::Gpu) = static_cast<std::int32_t>(*milli / model::kMilliPerGpu);
        return;
    }
    if (*milli > 0 && *milli < model::kMilliPerGpu) {
        sharedGpuMilli = static_cast<std::int32_t>(*milli);
        return;
    }
    context.error(node, path, "'" + node.scalar() + "' is neither whole GPUs (0-" + std::to_string(kMaxDevicesPerNode) +
                                  ") nor a share of one GPU (between 0 and 1); expected " + expected);
}

model::Resources readRequest(const YamlNode& node, const std::string& path, ParseContext& context, bool& ok,
                             std::int32_t& sharedGpuMilli)
{
    model::Resources request;
    const std::size_t errorsBefore = context.errorCount();
    MapReader reader(node, path, context, {"cpu", "memory", "gpu", "asic", "fpga"},
                     "a resource request: a mapping with cpu, memory and optionally gpu, asic, fpga");
    if (reader.isMap()) {
        if (const YamlNode* cpu = reader.require("cpu", "CPU per job such as 2 or 500m"))
            request.millicores = readMillicores(*cpu, reader.pathOf("cpu"), context, 1, kMaxNodeMillicores).value_or(0);
        if (const YamlNode* memory = reader.require("memory", "memory per job such as 4Gi"))
            request.memoryBytes = readBytes(*memory, reader.pathOf("memory"), context, 1, kMaxNodeMemoryBytes).value_or(0);
        if (const YamlNode* gpu = reader.get("gpu"))
            readGpuRequest(*gpu, reader.pathOf("gpu"), context, request, sharedGpuMilli);
        for (const model::DeviceKind kind : {model::DeviceKind::Asic, model::DeviceKind::Fpga}) {
            const std::string key = model::toString(kind);
            if (const YamlNode* count = reader.get(key)) {
                request.deviceCount(kind) = static_cast<std::int32_t>(
                    readInteger(*count, reader.pathOf(key), context, 0, kMaxDevicesPerNode).value_or(0));
            }
        }
    }
    ok = context.errorCount() == errorsBefore;
    return request;
}

std::optional<model::BatchJobsSpec> readBatchJobs(MapReader& reader, ParseContext& context, const model::ClusterSpec* cluster)
{
    model::BatchJobsSpec spec;
    const std::size_t errorsBefore = context.errorCount();
    spec.location = context.locationOf(reader.node());
    if (const YamlNode* name = reader.get("name"))
        spec.name = name->isScalar() ? name->scalar() : std::string();
    if (const YamlNode* rate = reader.require("arrivalRate", "a rate such as 30/min"))
        spec.arrivalsPerSecond = readRate(*rate, reader.pathOf("arrivalRate"), context, kMaxArrivalsPerSecond).value_or(0.0);
    if (const YamlNode* maxJobs = reader.get("maxJobs"))
        spec.maxJobs = readInteger(*maxJobs, reader.pathOf("maxJobs"), context, 1, kMaxJobs).value_or(0);
    bool requestOk = false;
    const YamlNode* request = reader.require("request", "a mapping such as {cpu: 2, memory: 4Gi}");
    if (request)
        spec.request = readRequest(*request, reader.pathOf("request"), context, requestOk, spec.sharedGpuMilli);
    const YamlNode* deviceModel = reader.get("deviceModel");
    if (deviceModel) {
        if (const auto value = readString(*deviceModel, reader.pathOf("deviceModel"), context, "a device model such as V100"))
            spec.deviceModel = *value;
    }
    if (const YamlNode* duration = reader.require("duration", "a duration such as 10m, or a distribution")) {
        if (const auto value = readDurationDistribution(*duration, reader.pathOf("duration"), context))
            spec.duration = *value;
    }
    if (const YamlNode* demand = reader.get("demand")) {
        readDemand(*demand, reader.pathOf("demand"), context, spec.demand);
    }

    // Cross-checks against the cluster, each only when what it compares was read cleanly.
    const bool modelRead = !deviceModel || !spec.deviceModel.empty();
    bool modelExists = modelRead;
    if (cluster && deviceModel && modelRead)
        modelExists = checkDeviceModelExists(spec.deviceModel, *deviceModel, reader.pathOf("deviceModel"), *cluster, context);
    if (cluster && requestOk && modelExists) {
        // A share needs a node with a GPU of the model, and the rest of the request beside it.
        model::Resources needed = spec.request;
        if (spec.sharedGpuMilli > 0)
            needed.deviceCount(model::DeviceKind::Gpu) = 1;
        checkRequestFits(needed, spec.deviceModel, *request, reader.pathOf("request"), *cluster, context);
    }
    if (context.errorCount() != errorsBefore)
        return std::nullopt;
    return spec;
}

} // namespace

std::vector<model::WorkloadSpec> readWorkloads(const YamlNode& node, const std::string& path, ParseContext& context,
                                               const model::ClusterSpec* cluster)
{
    std::vector<model::WorkloadSpec> workloads;
    if (!node.isSequence() || node.items().empty()) {
        context.error(node, path, "expected a non-empty sequence of workloads (- name: ..., kind: BatchJobs), got "
                                      + (node.isSequence() ? std::string("an empty sequence") : node.describe()));
        return workloads;
    }
    std::map<std::string, std::size_t> firstIndex;
    ServiceGraphCache graphs;
    for (std::size_t i = 0; i < node.items().size(); ++i) {
        const YamlNode& item = *node.items()[i];
        const std::string itemPath = indexPath(path, i);
        const YamlNode* kindNode = MapReader::find(item, "kind");
        const std::string kind = kindNode && kindNode->isScalar() ? kindNode->scalar() : std::string();
        const WorkloadKindReader* registered = findWorkloadKindReader(kind);
        const bool knownKind = registered || kind == "BatchJobs";
        MapReader reader(item, itemPath, context, registered ? registered->keys : batchJobsKeys(),
                         "a workload: a mapping with name and kind",
                         knownKind ? MapReader::UnknownKeys::Report : MapReader::UnknownKeys::Ignore);
        if (!reader.isMap())
            continue;
        if (const YamlNode* name = reader.require("name", "a workload name such as analytics")) {
            if (const auto value = readName(*name, reader.pathOf("name"), context)) {
                const auto [first, inserted] = firstIndex.emplace(*value, i);
                if (!inserted) {
                    context.error(*name, reader.pathOf("name"),
                                  "duplicate workload name '" + *value + "', already used by " + indexPath(path, first->second)
                                      + "; expected unique workload names");
                }
            }
        }
        if (!reader.require("kind", "a workload kind; known kinds: " + knownKindsText()))
            continue;
        if (!knownKind) {
            std::string message = "unknown workload kind " + kindNode->describe();
            if (kindNode->isScalar())
                message += model::didYouMean(kindNode->scalar(), knownKinds());
            context.error(*kindNode, reader.pathOf("kind"), message + "; known kinds: " + knownKindsText());
            continue;
        }
        if (registered) {
            if (std::unique_ptr<model::KindSpec> spec = registered->read(reader, context, cluster, graphs)) {
                spec->kind = registered->kind;
                spec->location = context.locationOf(item);
                if (const YamlNode* name = reader.get("name"); name && name->isScalar())
                    spec->name = name->scalar();
                model::KindWorkload workload{spec->name, std::shared_ptr<const model::KindSpec>(std::move(spec))};
                workloads.emplace_back(std::move(workload));
            }
        } else if (auto spec = readBatchJobs(reader, context, cluster)) {
            workloads.emplace_back(std::move(*spec));
        }
    }
    return workloads;
}

} // namespace orrery::scenario
