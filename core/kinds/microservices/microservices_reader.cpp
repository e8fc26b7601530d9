#include "kinds/microservices/microservices_reader.h"

#include "model/did_you_mean.h"
#include "model/units.h"
#include "scenario/arrival_process_reader.h"
#include "scenario/contention_reader.h"
#include "scenario/field_path.h"
#include "scenario/scenario_limits.h"
#include "scenario/value_readers.h"

#include <algorithm>
#include <map>

namespace orrery::kinds::microservices {

using namespace orrery::scenario; // the readers this kind's reader is made of

namespace {

constexpr std::int64_t kMaxReplicas = 10'000;
constexpr std::int64_t kMaxQueueLimit = 1'000'000;
//! Instances of one workload over all its services: each is simulated with its own queue, so
//! 10,000 services x 10,000 replicas must not be allocated; Kubernetes itself stops at 150,000 pods
//! a cluster (docs/reliability.md, Limits).
constexpr std::int64_t kMaxInstances = 100'000;

void readLimits(const YamlNode& node, const std::string& path, ParseContext& context, InstanceLimits& limits)
{
    MapReader reader(node, path, context,
                     {"replicas", "cpu", "memory", "llcWays", "memoryBandwidth", "diskBandwidth", "networkBandwidth"},
                     "instance limits: a mapping with replicas, cpu, memory, llcWays, memoryBandwidth, diskBandwidth, networkBandwidth");
    if (!reader.isMap())
        return;
    if (const YamlNode* value = reader.get("replicas"))
        limits.replicas = static_cast<int>(readInteger(*value, reader.pathOf("replicas"), context, 1, kMaxReplicas).value_or(1));
    if (const YamlNode* value = reader.get("cpu"))
        limits.millicores = readMillicores(*value, reader.pathOf("cpu"), context, 1, kMaxNodeMillicores).value_or(limits.millicores);
    if (const YamlNode* value = reader.get("memory"))
        limits.memoryBytes = readBytes(*value, reader.pathOf("memory"), context, 1, kMaxNodeMemoryBytes).value_or(limits.memoryBytes);
    readSharedResourceKeys(reader, context, 0.0, limits.llcWays, limits.memoryBandwidthBytesPerSecond, limits.diskBytesPerSecond,
                           limits.networkBytesPerSecond);
}

void readNodeCapacity(const YamlNode& node, const std::string& path, ParseContext& context, model::NodeContendedCapacity& capacity)
{
    MapReader reader(node, path, context, {"llcWays", "memoryBandwidth", "diskBandwidth", "networkBandwidth"},
                     "node capacity: a mapping with llcWays, memoryBandwidth, diskBandwidth, networkBandwidth");
    if (reader.isMap())
        readContendedCapacityKeys(reader, context, capacity);
}

void readInstances(const YamlNode& node, const std::string& path, ParseContext& context, MicroservicesSpec& spec)
{
    MapReader reader(node, path, context, {"default", "services"}, "instances: a mapping with default and services");
    if (!reader.isMap())
        return;
    if (const YamlNode* defaults = reader.get("default"))
        readLimits(*defaults, reader.pathOf("default"), context, spec.defaultLimits);
    const YamlNode* services = reader.get("services");
    if (!services || !spec.graph)
        return;
    const std::string servicesPath = reader.pathOf("services");
    if (!services->isMap()) {
        context.error(*services, servicesPath, "expected a mapping from service name to limits, got " + services->describe());
        return;
    }
    std::vector<std::string> names;
    for (const auto& service : spec.graph->services())
        names.push_back(service.name);
    for (const auto& entry : services->entries()) {
        const std::string key = entry.key->isScalar() ? entry.key->scalar() : std::string();
        const std::string entryPath = childPath(servicesPath, key);
        const auto index = spec.graph->indexOf(key);
        if (!index) {
            context.error(*entry.key, entryPath, "unknown service '" + key + "'" + model::didYouMean(key, names)
                              + "; expected a service of graph '" + spec.graphReference + "'");
            continue;
        }
        if (spec.serviceLimits.count(*index) > 0) {
            context.error(*entry.key, entryPath, "duplicate service '" + key + "'; expected each service once");
            continue;
        }
        InstanceLimits limits = spec.defaultLimits;
        readLimits(*entry.value, entryPath, context, limits);
        spec.serviceLimits.emplace(*index, limits);
    }
}

void readStreams(const YamlNode& node, const std::string& path, ParseContext& context, MicroservicesSpec& spec)
{
    if (!node.isSequence() || node.items().empty()) {
        context.error(node, path, "expected a non-empty sequence of request streams (- type: ..., arrival: 100/s), got "
                                      + (node.isSequence() ? std::string("an empty sequence") : node.describe()));
        return;
    }
    std::vector<std::string> names;
    if (spec.graph) {
        for (const auto& type : spec.graph->requestTypes)
            names.push_back(type.name);
    }
    std::map<std::string, std::size_t> seen;
    for (std::size_t i = 0; i < node.items().size(); ++i) {
        const std::string itemPath = indexPath(path, i);
        MapReader reader(*node.items()[i], itemPath, context, {"type", "arrival", "slo"},
                         "a request stream: a mapping with type and arrival");
        if (!reader.isMap())
            continue;
        RequestStreamSpec stream;
        stream.location = context.locationOf(reader.node());
        if (const YamlNode* type = reader.require("type", "a request type of the graph such as compose-post")) {
            const auto name = readString(*type, reader.pathOf("type"), context, "a request type of the graph such as compose-post");
            if (name && spec.graph) {
                const auto it = std::find(names.begin(), names.end(), *name);
                if (it == names.end()) {
                    context.error(*type, reader.pathOf("type"), "unknown request type '" + *name + "'" + model::didYouMean(*name, names)
                                      + "; expected one of the requestTypes of graph '" + spec.graphReference + "'");
                } else if (!seen.emplace(*name, i).second) {
                    context.error(*type, reader.pathOf("type"), "duplicate stream of request type '" + *name + "', already at "
                                      + indexPath(path, seen[*name]) + "; expected one stream per request type");
                } else {
                    stream.requestType = static_cast<std::size_t>(it - names.begin());
                }
            }
        }
        if (const YamlNode* arrival = reader.require("arrival", "a rate such as 100/s, or {process: diurnal, rate: 100/s}")) {
            if (const auto process = readArrivalProcess(*arrival, reader.pathOf("arrival"), context))
                stream.arrival = *process;
        }
        if (const YamlNode* slo = reader.get("slo"))
            stream.slo = readDuration(*slo, reader.pathOf("slo"), context, 1, kMaxHorizon).value_or(0);
        spec.streams.push_back(stream);
    }
}

} // namespace

const std::vector<std::string>& microservicesKeys()
{
    static const std::vector<std::string> kKeys = {"name",         "kind",           "graph",      "requests",      "instances",
                                                   "nodeCapacity", "networkLatency", "queueLimit", "traceSampling", "spans"};
    return kKeys;
}

std::unique_ptr<MicroservicesSpec> readMicroservices(MapReader& reader, ParseContext& context, const model::ClusterSpec* cluster,
                                                     ServiceGraphCache& graphs)
{
    auto owned = std::make_unique<MicroservicesSpec>();
    MicroservicesSpec& spec = *owned;
    const std::size_t errorsBefore = context.errorCount();
    spec.location = context.locationOf(reader.node());
    if (const YamlNode* name = reader.get("name"))
        spec.name = name->isScalar() ? name->scalar() : std::string();
    const YamlNode* graphNode = reader.require("graph", "a built-in graph name such as socialnetwork, or a path to a ServiceGraph file");
    if (graphNode) {
        spec.graph = readGraphReference(*graphNode, reader.pathOf("graph"), context, graphs, spec.graphReference, spec.graphFile);
        if (spec.graph && spec.graph->requestTypes.empty()) {
            context.error(*graphNode, reader.pathOf("graph"), "service graph '" + spec.graphReference
                              + "' defines no requestTypes; expected a graph with request types (call trees) for a Microservices workload");
            spec.graph.reset();
        }
    }
    if (const YamlNode* instances = reader.get("instances"))
        readInstances(*instances, reader.pathOf("instances"), context, spec);
    if (const YamlNode* requests = reader.require("requests", "a sequence of request streams (- type: compose-post, arrival: 100/s)"))
        readStreams(*requests, reader.pathOf("requests"), context, spec);
    if (const YamlNode* capacity = reader.get("nodeCapacity"))
        readNodeCapacity(*capacity, reader.pathOf("nodeCapacity"), context, spec.nodeCapacity.emplace());
    if (const YamlNode* latency = reader.get("networkLatency"))
        spec.networkLatency = readDuration(*latency, reader.pathOf("networkLatency"), context, 0, sim::kSecond).value_or(0);
    if (const YamlNode* limit = reader.get("queueLimit"))
        spec.queueLimit = static_cast<int>(readInteger(*limit, reader.pathOf("queueLimit"), context, 1, kMaxQueueLimit).value_or(1000));
    if (const YamlNode* sampling = reader.get("traceSampling"))
        spec.traceSampling = readNumber(*sampling, reader.pathOf("traceSampling"), context, 0.0, 1.0, "").value_or(1.0);
    if (const YamlNode* spans = reader.get("spans"))
        spec.spans = readSwitch(*spans, reader.pathOf("spans"), context, true);

    if (spec.graph && context.errorCount() == errorsBefore) {
        std::int64_t instances = 0;
        for (std::size_t s = 0; s < spec.graph->size(); ++s)
            instances += spec.limitsOf(s).replicas;
        if (instances > kMaxInstances) {
            const YamlNode* at = reader.get("instances") ? reader.get("instances") : &reader.node();
            context.error(*at, reader.pathOf("instances"), "expected at most " + std::to_string(kMaxInstances)
                              + " instances over all services, got " + std::to_string(instances) + " ("
                              + std::to_string(spec.graph->size()) + " services)");
        }
    }
    if (cluster && spec.graph && context.errorCount() == errorsBefore) {
        for (std::size_t s = 0; s < spec.graph->size(); ++s) {
            const InstanceLimits& limits = spec.limitsOf(s);
            model::Resources request;
            request.millicores = limits.millicores;
            request.memoryBytes = limits.memoryBytes;
            const bool fits = std::any_of(cluster->pools.begin(), cluster->pools.end(),
                                          [&](const auto& pool) { return pool.nodeCapacity().covers(request); });
            if (!fits) {
                const YamlNode* at = reader.get("instances") ? reader.get("instances") : &reader.node();
                context.error(*at, reader.pathOf("instances"), "an instance of service '" + spec.graph->service(s).name + "' (cpu "
                                  + model::formatMillicores(request.millicores) + ", memory " + model::formatBytes(request.memoryBytes)
                                  + ") fits on no node; expected limits that fit some node of the cluster");
                break;
            }
        }
    }
    if (context.errorCount() != errorsBefore)
        return nullptr;
    return owned;
}

} // namespace orrery::kinds::microservices
