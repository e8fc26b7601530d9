#include "kinds/model_serving/model_serving_reader.h"

#include "kinds/model_serving/gpu_device_profile.h"
#include "kinds/model_serving/serving_model_catalog.h"
#include "model/did_you_mean.h"
#include "scenario/arrival_process_reader.h"
#include "scenario/field_path.h"
#include "scenario/scenario_load_options.h"
#include "scenario/value_readers.h"

#include <algorithm>
#include <cmath>
#include <exception>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>

namespace orrery::kinds::model_serving {

using scenario::MapReader;
using scenario::ParseContext;
using scenario::YamlNode;

namespace {

constexpr double kMaxRatePerSecond = 1e7;
//! Served models of one workload, and their replicas together: each replica is simulated with
//! its own queue, so a long list of large replica counts must not be allocated
//! (docs/reliability.md, Limits).
constexpr std::size_t kMaxModels = 1'000;
constexpr std::int64_t kMaxTotalReplicas = 100'000;

//! Built-in trace names and their files under resources/data/azure-llm/.
const std::vector<std::pair<std::string, std::string>>& builtInTraces()
{
    static const std::vector<std::pair<std::string, std::string>> kTraces{
        {"azure-code", "AzureLLMInferenceTrace_code.csv"}, {"azure-conv", "AzureLLMInferenceTrace_conv.csv"}};
    return kTraces;
}

//! The file a trace name refers to: a built-in name on the resource path, else a path
//! relative to the scenario's directory. Empty when none exists.
std::filesystem::path traceFile(const std::string& name, const ParseContext& context)
{
    const scenario::ScenarioLoadOptions options = context.loadOptions() ? *context.loadOptions() : scenario::ScenarioLoadOptions::defaults();
    for (const auto& [builtIn, file] : builtInTraces()) {
        if (builtIn != name)
            continue;
        for (const auto& dir : options.resourcePath) {
            std::error_code error;
            if (const auto path = dir / "data" / "azure-llm" / file; std::filesystem::is_regular_file(path, error))
                return path;
        }
        return {};
    }
    std::filesystem::path path(name);
    if (path.is_relative() && !options.baseDirectory.empty())
        path = options.baseDirectory / path;
    std::error_code error;
    return std::filesystem::is_regular_file(path, error) ? path : std::filesystem::path();
}

std::vector<std::string> servingModelNames()
{
    std::vector<std::string> names;
    for (const auto& model : builtInServingModels())
        names.push_back(model.name);
    return names;
}

//! `batching: {mode: none | dynamic | continuous, maxBatchSize: 4, maxQueueDelay: 10ms}`; keys
//! left out keep `defaults`.
std::optional<RequestBatching> readBatching(const YamlNode& node, const std::string& path, ParseContext& context,
                                            const RequestBatching& defaults)
{
    MapReader b(node, path, context, {"mode", "maxBatchSize", "maxQueueDelay"},
                "batching: a mapping such as {mode: dynamic, maxBatchSize: 4, maxQueueDelay: 10ms}");
    if (!b.isMap())
        return std::nullopt;
    RequestBatching batching = defaults;
    if (const YamlNode* mode = b.get("mode")) {
        if (const auto name = scenario::readString(*mode, b.pathOf("mode"), context, "none, dynamic or continuous")) {
            if (*name == "none")
                batching.mode = BatchingMode::None;
            else if (*name == "dynamic")
                batching.mode = BatchingMode::Dynamic;
            else if (*name == "continuous")
                batching.mode = BatchingMode::Continuous;
            else
                context.error(*mode, b.pathOf("mode"), "expected none, dynamic or continuous, got '" + *name + "'"
                                                           + model::didYouMean(*name, {"none", "dynamic", "continuous"}));
        }
    }
    if (const YamlNode* size = b.get("maxBatchSize"))
        batching.maxBatchSize = static_cast<std::uint32_t>(scenario::readInteger(*size, b.pathOf("maxBatchSize"), context, 1, 1024).value_or(batching.maxBatchSize));
    if (const YamlNode* delay = b.get("maxQueueDelay"))
        batching.maxQueueDelay = scenario::readDuration(*delay, b.pathOf("maxQueueDelay"), context, 0, sim::kMinute).value_or(batching.maxQueueDelay);
    return batching;
}

//! LLM request traces already read for this workload, by file: models that name the same trace
//! share one copy, so a long model list cannot multiply a trace of up to 256 MiB in memory.
using TraceCache = std::map<std::string, std::shared_ptr<const LlmRequestTrace>>;

void readModel(const YamlNode& node, const std::string& path, ParseContext& context, ModelServingSpec& spec, TraceCache& traces)
{
    MapReader m(node, path, context, {"model", "rate", "arrivals", "arrival", "trace", "outputTokens", "replicas", "sloScale", "batching", "gpuShare",
                                      "pipelineStages"},
                "a served model: a mapping such as {model: GPT2-large, rate: 2, trace: azure-code}");
    if (!m.isMap())
        return;
    ServedModel served;
    served.location = context.locationOf(node);
    if (const YamlNode* model = m.require("model", "a model of seed 001 Table 6.1 such as GPT2-large")) {
        if (const auto name = scenario::readString(*model, m.pathOf("model"), context, "a model name")) {
            if (!findServingModel(*name))
                context.error(*model, m.pathOf("model"), "unknown model '" + *name + "'" + model::didYouMean(*name, servingModelNames()));
            served.model = *name;
        }
    }
    if (const YamlNode* rate = m.get("rate"))
        served.ratePerSecond = scenario::readRate(*rate, m.pathOf("rate"), context, kMaxRatePerSecond).value_or(0.0);
    if (const YamlNode* trace = m.get("trace")) {
        if (const auto name = scenario::readString(*trace, m.pathOf("trace"), context, "azure-code, azure-conv or a CSV file")) {
            served.traceName = *name;
            const std::filesystem::path file = traceFile(*name, context);
            if (file.empty()) {
                std::vector<std::string> names;
                for (const auto& [builtIn, csv] : builtInTraces())
                    names.push_back(builtIn);
                context.error(*trace, m.pathOf("trace"), "no trace '" + *name + "' (built in: azure-code, azure-conv; or a CSV path)"
                                                             + model::didYouMean(*name, names));
            } else {
                try {
                    std::shared_ptr<const LlmRequestTrace>& cached = traces[file.string()];
                    if (!cached)
                        cached = std::make_shared<const LlmRequestTrace>(readAzureLlmTrace(file.string()));
                    served.trace = cached;
                    if (served.trace->requests.empty())
                        context.error(*trace, m.pathOf("trace"), file.string() + ": the trace has no requests");
                } catch (const std::exception& error) {
                    context.error(*trace, m.pathOf("trace"), error.what());
                }
            }
        }
    }
    served.arrivals = ArrivalMode::Poisson;
    if (const YamlNode* arrivals = m.get("arrivals")) {
        if (const auto mode = scenario::readString(*arrivals, m.pathOf("arrivals"), context, "poisson or trace")) {
            if (*mode == "trace")
                served.arrivals = ArrivalMode::Trace;
            else if (*mode != "poisson")
                context.error(*arrivals, m.pathOf("arrivals"), "expected poisson or trace, got '" + *mode + "'");
            if (served.arrivals == ArrivalMode::Trace && !m.get("trace"))
                context.error(*arrivals, m.pathOf("arrivals"), "arrivals: trace needs a trace: (azure-code or azure-conv)");
        }
    }
    if (const YamlNode* arrival = m.get("arrival")) {
        // The open-loop processes every workload kind shares (diurnal, spikes, …); the trace, if
        // any, then only gives token counts, as with a Poisson stream.
        if (m.get("rate"))
            context.error(*arrival, m.pathOf("arrival"), "give either arrival: {process: …, rate: …} or rate:, not both");
        else if (served.arrivals == ArrivalMode::Trace)
            context.error(*arrival, m.pathOf("arrival"), "arrival: is an open-loop process; it cannot go with arrivals: trace");
        else if (const auto process = scenario::readArrivalProcess(*arrival, m.pathOf("arrival"), context)) {
            served.arrivals = ArrivalMode::Process;
            served.process = *process;
        }
    } else if (served.arrivals == ArrivalMode::Poisson && !m.get("rate")) {
        context.error(node, m.pathOf("rate"), "a Poisson stream needs rate: requests per second above 0 (or arrivals: trace, or arrival: {process: …})");
    }
    if (const YamlNode* tokens = m.get("outputTokens"))
        served.outputTokens = static_cast<std::uint32_t>(scenario::readInteger(*tokens, m.pathOf("outputTokens"), context, 1, 1'000'000).value_or(served.outputTokens));
    if (const YamlNode* replicas = m.get("replicas"))
        served.replicas = static_cast<std::int32_t>(scenario::readInteger(*replicas, m.pathOf("replicas"), context, 1, 100'000).value_or(1));
    if (const YamlNode* scale = m.get("sloScale"))
        served.sloScale = scenario::readNumber(*scale, m.pathOf("sloScale"), context, 0.1, 1000.0, "").value_or(0.0);
    if (const YamlNode* share = m.get("gpuShare")) {
        const double fraction = scenario::readNumber(*share, m.pathOf("gpuShare"), context, 0.001, 1.0, "").value_or(0.0);
        served.gpuMilli = static_cast<std::int32_t>(std::lround(fraction * 1000));
        if (spec.sharing != GpuSharing::Concurrent)
            context.error(*share, m.pathOf("gpuShare"), "a GPU share needs sharing: concurrent (exclusive devices serve one request at a time)");
    }
    if (const YamlNode* stages = m.get("pipelineStages")) {
        served.pipelineStages = static_cast<std::uint32_t>(scenario::readInteger(*stages, m.pathOf("pipelineStages"), context, 1, 64).value_or(1));
        const char* conflict = spec.sharing == GpuSharing::Concurrent ? "sharing: concurrent"
            : spec.autoscaling                                      ? "autoscaling: on"
            : spec.batching.batches() || m.get("batching")          ? "batching"
                                                                    : nullptr;
        if (served.pipelineStages > 1 && conflict)
            context.error(*stages, m.pathOf("pipelineStages"), std::string("a pipeline of stages is not modelled with ") + conflict
                                                                  + " (docs/model.md \"Pipeline parallelism\")");
    }
    if (const YamlNode* batching = m.get("batching")) {
        served.batching = readBatching(*batching, m.pathOf("batching"), context, spec.batching);
        if (served.batching && served.batching->batches() && spec.sharing == GpuSharing::Concurrent)
            context.error(*batching, m.pathOf("batching"), "batching needs sharing: exclusive (a shared GPU's replicas serve one request each)");
    }
    spec.models.push_back(std::move(served));
}

} // namespace

const std::vector<std::string>& modelServingKeys()
{
    static const std::vector<std::string> kKeys = {"name", "kind", "devices", "gpu", "sloScale", "controlPeriod", "models",
                                                   "deviceSeries", "sharing", "interference", "autoscaling", "launchLatency",
                                                   "batching", "latencyWindow", "costing"};
    return kKeys;
}

std::unique_ptr<ModelServingSpec> readModelServingWorkload(MapReader& reader, ParseContext& context, const model::ClusterSpec* cluster)
{
    auto spec = std::make_unique<ModelServingSpec>();
    const std::size_t errorsBefore = context.errorCount();
    const model::NodePoolSpec* pool = nullptr;
    if (const YamlNode* devices = reader.get("devices")) {
        if (const auto name = scenario::readString(*devices, reader.pathOf("devices"), context, "the node pool of the GPU devices")) {
            spec->devicePool = *name;
            if (cluster) {
                std::vector<std::string> names;
                for (const auto& p : cluster->pools) {
                    names.push_back(p.name);
                    if (p.name == *name)
                        pool = &p;
                }
                if (!pool)
                    context.error(*devices, reader.pathOf("devices"), "no node pool named '" + *name + "'" + model::didYouMean(*name, names));
            }
        }
    }
    if (const YamlNode* gpu = reader.get("gpu")) {
        if (const auto name = scenario::readString(*gpu, reader.pathOf("gpu"), context, "a GPU profile such as V100")) {
            std::vector<std::string> names;
            for (const auto& profile : builtInGpuProfiles())
                names.push_back(profile.name);
            if (!findGpuProfile(*name))
                context.error(*gpu, reader.pathOf("gpu"), "unknown GPU profile '" + *name + "'" + model::didYouMean(*name, names));
            spec->gpu = *name;
        }
    } else if (pool) {
        // The pool's GPU model names the profile when there is one for it.
        for (const auto& device : pool->devices) {
            if (device.kind == model::DeviceKind::Gpu && findGpuProfile(device.model))
                spec->gpu = device.model;
        }
    }
    if (cluster) {
        for (const auto& p : cluster->pools) {
            if (!spec->devicePool.empty() && p.name != spec->devicePool)
                continue;
            int gpus = 0;
            for (const auto& device : p.devices)
                gpus += device.kind == model::DeviceKind::Gpu ? device.count : 0;
            if (gpus != 1)
                context.error(p.location, "spec.cluster.pools." + p.name + ".devices",
                              "a model-serving device is a node with exactly one GPU; pool '" + p.name + "' has "
                                  + std::to_string(gpus) + " per node (split multi-GPU servers into one node per GPU)");
        }
    }
    if (const YamlNode* scale = reader.get("sloScale"))
        spec->sloScale = scenario::readNumber(*scale, reader.pathOf("sloScale"), context, 0.1, 1000.0, "").value_or(spec->sloScale);
    if (const YamlNode* period = reader.get("controlPeriod"))
        spec->controlPeriod = scenario::readDuration(*period, reader.pathOf("controlPeriod"), context, sim::kMillisecond, sim::kHour)
                                  .value_or(spec->controlPeriod);
    if (const YamlNode* series = reader.get("deviceSeries"))
        spec->deviceSeries = scenario::readSwitch(*series, reader.pathOf("deviceSeries"), context, true);
    if (const YamlNode* sharing = reader.get("sharing")) {
        if (const auto mode = scenario::readString(*sharing, reader.pathOf("sharing"), context, "exclusive or concurrent")) {
            if (*mode == "concurrent")
                spec->sharing = GpuSharing::Concurrent;
            else if (*mode != "exclusive")
                context.error(*sharing, reader.pathOf("sharing"), "expected exclusive or concurrent, got '" + *mode + "'");
        }
    }
    if (const YamlNode* autoscaling = reader.get("autoscaling"))
        spec->autoscaling = scenario::readSwitch(*autoscaling, reader.pathOf("autoscaling"), context, false);
    if (const YamlNode* latency = reader.get("launchLatency"))
        spec->launchLatency = scenario::readDuration(*latency, reader.pathOf("launchLatency"), context, 0, sim::kHour).value_or(spec->launchLatency);
    if (const YamlNode* interference = reader.get("interference")) {
        MapReader i(*interference, reader.pathOf("interference"), context, {"shareBase", "sameModel", "otherModel"},
                    "interference: a mapping {shareBase, sameModel, otherModel} (docs/model.md)");
        if (i.isMap()) {
            const auto number = [&](const char* key, double max, double& target) {
                if (const YamlNode* value = i.get(key))
                    target = scenario::readNumber(*value, i.pathOf(key), context, 0.0, max, "").value_or(target);
            };
            number("shareBase", 1.0, spec->interference.shareBase);
            number("sameModel", 100.0, spec->interference.sameModel);
            number("otherModel", 100.0, spec->interference.otherModel);
        }
    }
    if (const YamlNode* costing = reader.get("costing")) {
        if (const auto mode = scenario::readString(*costing, reader.pathOf("costing"), context, "device or share")) {
            if (*mode == "share")
                spec->costing = DeviceCosting::Share;
            else if (*mode != "device")
                context.error(*costing, reader.pathOf("costing"), "expected device or share, got '" + *mode + "'");
        }
    }
    if (const YamlNode* window = reader.get("latencyWindow"))
        spec->latencyWindow = static_cast<std::uint32_t>(scenario::readInteger(*window, reader.pathOf("latencyWindow"), context, 1, 100'000).value_or(spec->latencyWindow));
    if (const YamlNode* batching = reader.get("batching")) {
        spec->batching = readBatching(*batching, reader.pathOf("batching"), context, spec->batching).value_or(spec->batching);
        if (spec->batching.batches() && spec->sharing == GpuSharing::Concurrent)
            context.error(*batching, reader.pathOf("batching"), "batching needs sharing: exclusive (a shared GPU's replicas serve one request each)");
    }
    if (const YamlNode* models = reader.require("models", "a sequence of served models such as [{model: GPT2-large, rate: 2}]")) {
        if (!models->isSequence() || models->items().empty())
            context.error(*models, reader.pathOf("models"), "expected a non-empty sequence of served models, got " + models->describe());
        else if (models->items().size() > kMaxModels)
            context.error(*models, reader.pathOf("models"), "expected at most " + std::to_string(kMaxModels)
                                                                + " served models, got " + std::to_string(models->items().size()));
        else {
            TraceCache traces;
            for (std::size_t i = 0; i < models->items().size(); ++i)
                readModel(*models->items()[i], scenario::indexPath(reader.pathOf("models"), i), context, *spec, traces);
            std::int64_t replicas = 0;
            for (const auto& served : spec->models)
                replicas += served.replicas;
            if (replicas > kMaxTotalReplicas)
                context.error(*models, reader.pathOf("models"), "expected at most " + std::to_string(kMaxTotalReplicas)
                                                                    + " replicas over all served models, got " + std::to_string(replicas));
        }
    }
    if (context.errorCount() != errorsBefore)
        return nullptr;
    return spec;
}

} // namespace orrery::kinds::model_serving
