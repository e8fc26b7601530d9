#include "scenario/service_graph_reader.h"

#include "scenario/api_version_check.h"
#include "model/did_you_mean.h"
#include "scenario/contention_reader.h"
#include "scenario/field_path.h"
#include "scenario/map_reader.h"
#include "scenario/request_types_reader.h"
#include "scenario/scenario_limits.h"
#include "scenario/value_readers.h"

#include <map>
#include <set>

namespace orrery::scenario {

namespace {

constexpr std::string_view kKind = "ServiceGraph";

const std::vector<std::string>& computeKindNames()
{
    static const std::vector<std::string> kNames = {"cpu", "gpu", "asic", "fpga"};
    return kNames;
}

bool readHeader(MapReader& top, ParseContext& context)
{
    bool sameFormat = scenario::checkApiVersion(top, context);
    if (const YamlNode* kind = top.require("kind", kKind)) {
        if (!kind->isScalar() || kind->scalar() != kKind) {
            std::string message = "this file has kind " + kind->describe();
            if (kind->isScalar())
                message += model::didYouMean(kind->scalar(), {std::string(kKind)});
            context.error(*kind, "kind", message + "; expected kind: ServiceGraph (services with their profiles, and the calls between them)");
            sameFormat = false;
        }
    }
    return sameFormat;
}

void readMetadata(const YamlNode& node, ParseContext& context, model::ServiceGraph& graph)
{
    MapReader reader(node, "metadata", context, {"name", "description"}, "metadata: a mapping with name and description");
    if (const YamlNode* name = reader.require("name", "a graph name such as socialnetwork")) {
        if (const auto value = readName(*name, reader.pathOf("name"), context))
            graph.name = *value;
    }
    if (const YamlNode* description = reader.get("description")) {
        if (description->isScalar())
            graph.description = description->scalar();
        else if (!description->isNull())
            context.error(*description, reader.pathOf("description"), "expected a text, got " + description->describe());
    }
}

std::optional<model::ComputeKind> readComputeKind(const YamlNode& node, const std::string& path, ParseContext& context)
{
    const auto text = readString(node, path, context, "a compute kind: cpu, gpu, asic or fpga");
    if (!text)
        return std::nullopt;
    if (const auto kind = model::parseComputeKind(*text))
        return kind;
    context.error(node, path, "unknown compute kind " + node.describe() + model::didYouMean(*text, computeKindNames())
                                  + "; expected cpu, gpu, asic or fpga");
    return std::nullopt;
}

void readRequest(const YamlNode& node, const std::string& path, ParseContext& context, model::ServiceProfile& service)
{
    MapReader reader(node, path, context, {"cpu", "memory"}, "a resource request: a mapping with cpu and memory");
    if (const YamlNode* cpu = reader.require("cpu", "CPU per instance such as 100m or 2"))
        service.request.millicores = readMillicores(*cpu, reader.pathOf("cpu"), context, 1, kMaxNodeMillicores).value_or(0);
    if (const YamlNode* memory = reader.require("memory", "memory per instance such as 128Mi"))
        service.request.memoryBytes = readBytes(*memory, reader.pathOf("memory"), context, 1, kMaxNodeMemoryBytes).value_or(0);
}

//! Reads `memory: {anonymous: 60Mi, file: 20Mi, perCall: 64Ki}` (docs/scenario-format.md; all
//! optional, absent ones stay 0).
void readMemoryFootprint(const YamlNode& node, const std::string& path, ParseContext& context, model::MemoryFootprint& memory)
{
    MapReader reader(node, path, context, {"anonymous", "file", "perCall"},
                     "memory: a mapping with anonymous, file and perCall, byte sizes such as 60Mi");
    if (!reader.isMap())
        return;
    const std::size_t errorsBefore = context.errorCount();
    auto bytes = [&](const char* key, std::int64_t& value) {
        if (const YamlNode* item = reader.get(key))
            value = readBytes(*item, reader.pathOf(key), context, 0, kMaxNodeMemoryBytes).value_or(0);
    };
    bytes("anonymous", memory.anonymousBytes);
    bytes("file", memory.fileBytes);
    bytes("perCall", memory.perCallBytes);
    if (!memory.any() && context.errorCount() == errorsBefore)
        context.error(node, path, "expected at least one of anonymous, file and perCall above 0 (omit memory to use the "
                                  "default footprint derived from request.memory)");
}

//! Reads `latency: {cpu: 712us, gpu: 10.37ms}`; true when it was read without problems.
bool readLatency(const YamlNode& node, const std::string& path, ParseContext& context, model::ServiceProfile& service)
{
    const std::size_t errorsBefore = context.errorCount();
    MapReader reader(node, path, context, computeKindNames(),
                     "latency: a mapping from compute kind (cpu, gpu, asic, fpga) to a duration such as 712us");
    if (!reader.isMap())
        return false;
    bool any = false;
    for (const auto& name : computeKindNames()) {
        if (const YamlNode* value = reader.get(name)) {
            any = true;
            const auto kind = *model::parseComputeKind(name);
            service.latencyOn[static_cast<int>(kind)] =
                readDuration(*value, reader.pathOf(name), context, 1, kMaxServiceLatency).value_or(0);
        }
    }
    if (!any && context.errorCount() == errorsBefore) {
        context.error(node, path, "expected at least one compute kind with its latency (such as {cpu: 712us}), got an empty mapping");
    }
    return context.errorCount() == errorsBefore;
}

model::ServiceProfile readService(MapReader& reader, ParseContext& context)
{
    model::ServiceProfile service;
    service.location = context.locationOf(reader.node());
    if (const YamlNode* description = reader.get("description")) {
        if (description->isScalar())
            service.description = description->scalar();
        else if (!description->isNull())
            context.error(*description, reader.pathOf("description"), "expected a text, got " + description->describe());
    }
    if (const YamlNode* request = reader.require("request", "a mapping such as {cpu: 100m, memory: 128Mi}"))
        readRequest(*request, reader.pathOf("request"), context, service);
    if (const YamlNode* disk = reader.get("disk"))
        service.diskBytes = readBytes(*disk, reader.pathOf("disk"), context, 0, kMaxServiceDiskBytes).value_or(0);
    const YamlNode* compute = reader.get("compute");
    bool computeOk = true;
    if (compute) {
        const auto kind = readComputeKind(*compute, reader.pathOf("compute"), context);
        computeOk = kind.has_value();
        service.declaredCompute = kind.value_or(model::ComputeKind::Cpu);
    }
    if (const YamlNode* sensitivity = reader.get("sensitivity"))
        readSensitivity(*sensitivity, reader.pathOf("sensitivity"), context, service.sensitivity);
    if (const YamlNode* demand = reader.get("demand"))
        readDemand(*demand, reader.pathOf("demand"), context, service.demand);
    if (const YamlNode* memory = reader.get("memory"))
        readMemoryFootprint(*memory, reader.pathOf("memory"), context, service.memory);
    const YamlNode* latency = reader.require("latency", "a mapping such as {cpu: 712us, gpu: 2ms}");
    if (latency && readLatency(*latency, reader.pathOf("latency"), context, service) && computeOk
        && !service.canRunOn(service.declaredCompute)) {
        const std::string kind = model::toString(service.declaredCompute);
        context.error(compute ? *compute : *latency, reader.pathOf(compute ? "compute" : "latency"),
                      "the service declares compute kind " + kind + " but latency has no " + kind
                          + " entry; expected latency." + kind
                          + " (the declared kind must be one the service can run on; compute defaults to cpu)");
    }
    return service;
}

//! Reads spec.services into `graph`; returns the names written for services it could not add
//! (an invalid or duplicate name), so calls naming them are not reported a second time.
std::set<std::string> readServices(const YamlNode& node, const std::string& path, ParseContext& context,
                                   model::ServiceGraph& graph)
{
    std::set<std::string> rejected;
    if (!node.isSequence() || node.items().empty()) {
        context.error(node, path, "expected a non-empty sequence of services (- name: ..., request: ..., latency: ...), got "
                                      + (node.isSequence() ? std::string("an empty sequence") : node.describe()));
        return rejected;
    }
    if (node.items().size() > kMaxGraphServices) {
        context.error(node, path, "expected at most " + std::to_string(kMaxGraphServices) + " services, got "
                                      + std::to_string(node.items().size()));
        return rejected;
    }
    std::map<std::string, std::size_t> firstIndex;
    for (std::size_t i = 0; i < node.items().size(); ++i) {
        MapReader reader(*node.items()[i], indexPath(path, i), context,
                         {"name", "description", "request", "disk", "compute", "latency", "sensitivity", "demand", "memory"},
                         "a service: a mapping with name, request and latency");
        if (!reader.isMap())
            continue;
        std::optional<std::string> name;
        if (const YamlNode* nameNode = reader.require("name", "a service name such as compose-post-service")) {
            name = readName(*nameNode, reader.pathOf("name"), context);
            if (!name && nameNode->isScalar())
                rejected.insert(nameNode->scalar());
            if (name) {
                const auto [first, inserted] = firstIndex.emplace(*name, i);
                if (!inserted) {
                    context.error(*nameNode, reader.pathOf("name"),
                                  "duplicate service name '" + *name + "', already used by " + indexPath(path, first->second)
                                      + "; expected unique service names");
                    name.reset();
                }
            }
        }
        model::ServiceProfile service = readService(reader, context);
        // Kept even when its profile has errors, so calls naming it are not reported as well.
        if (name) {
            service.name = *name;
            graph.addService(std::move(service));
        }
    }
    return rejected;
}

std::optional<std::size_t> readServiceName(const YamlNode& node, const std::string& path, ParseContext& context,
                                           const model::ServiceGraph& graph, const std::vector<std::string>& names,
                                           const std::set<std::string>& rejected)
{
    const auto text = readString(node, path, context, "the name of a service in spec.services");
    if (!text)
        return std::nullopt;
    if (const auto index = graph.indexOf(*text))
        return index;
    if (rejected.count(*text) > 0)
        return std::nullopt; // its definition is already reported
    context.error(node, path, "unknown service '" + *text + "'" + model::didYouMean(*text, names)
                                  + "; expected the name of a service in spec.services");
    return std::nullopt;
}

void readCalls(const YamlNode& node, const std::string& path, ParseContext& context, model::ServiceGraph& graph,
               const std::set<std::string>& rejected)
{
    if (node.isNull())
        return;
    if (!node.isSequence()) {
        context.error(node, path, "expected a sequence of calls (- {caller: a, callee: b}), got " + node.describe());
        return;
    }
    std::vector<std::string> names;
    for (const auto& service : graph.services())
        names.push_back(service.name);
    std::vector<std::string> callPaths; // parallel to graph.calls()
    const std::size_t errorsBefore = context.errorCount();
    for (std::size_t i = 0; i < node.items().size(); ++i) {
        const std::string itemPath = indexPath(path, i);
        MapReader reader(*node.items()[i], itemPath, context, {"caller", "callee"},
                         "a call: a mapping with caller and callee");
        if (!reader.isMap())
            continue;
        const YamlNode* callerNode = reader.require("caller", "the name of the calling service");
        const YamlNode* calleeNode = reader.require("callee", "the name of the called service");
        // Indices, with kNone for a missing or unknown name (already reported).
        constexpr std::size_t kNone = static_cast<std::size_t>(-1);
        const std::size_t caller =
            callerNode ? readServiceName(*callerNode, reader.pathOf("caller"), context, graph, names, rejected).value_or(kNone) : kNone;
        const std::size_t callee =
            calleeNode ? readServiceName(*calleeNode, reader.pathOf("callee"), context, graph, names, rejected).value_or(kNone) : kNone;
        if (caller == kNone || callee == kNone)
            continue;
        if (caller == callee) {
            context.error(*calleeNode, reader.pathOf("callee"),
                          "service '" + names[caller] + "' calls itself; expected a call between two different services");
            continue;
        }
        if (graph.hasCall(caller, callee)) {
            std::size_t first = 0;
            while (!(graph.calls()[first].caller == caller && graph.calls()[first].callee == callee))
                ++first;
            context.error(reader.node(), itemPath,
                          "duplicate call " + names[caller] + " -> " + names[callee] + ", already listed as "
                              + callPaths[first] + "; expected each call once");
            continue;
        }
        graph.addCall(caller, callee, context.locationOf(reader.node()));
        callPaths.push_back(itemPath);
    }
    if (context.errorCount() != errorsBefore)
        return;
    const std::vector<std::size_t> cycle = graph.findCycle();
    if (cycle.empty())
        return;
    // Report at the call that closes the cycle.
    const std::size_t from = cycle[cycle.size() - 2];
    const std::size_t to = cycle.back();
    std::size_t closing = 0;
    while (!(graph.calls()[closing].caller == from && graph.calls()[closing].callee == to))
        ++closing;
    std::string loop;
    for (const std::size_t service : cycle)
        loop += (loop.empty() ? "" : " -> ") + names[service];
    context.error(graph.calls()[closing].location, callPaths[closing],
                  "calls form a cycle: " + loop + "; expected an acyclic graph (a job sampled from it is a tree of calls)");
}

} // namespace

std::optional<model::ServiceGraph> readServiceGraph(const YamlNode& root, ParseContext& context)
{
    MapReader top(root, {}, context, {"apiVersion", "kind", "metadata", "spec"},
                  "a mapping with apiVersion, kind, metadata and spec at the top level");
    if (!top.isMap() || !readHeader(top, context))
        return std::nullopt;
    model::ServiceGraph graph;
    if (const YamlNode* metadata = top.require("metadata", "a mapping with name"))
        readMetadata(*metadata, context, graph);
    if (const YamlNode* spec = top.require("spec", "a mapping with services and calls")) {
        MapReader reader(*spec, "spec", context, {"services", "calls", "requestTypes"}, "spec: a mapping with services and calls");
        if (reader.isMap()) {
            std::set<std::string> rejected;
            if (const YamlNode* services = reader.require("services", "a sequence of services"))
                rejected = readServices(*services, reader.pathOf("services"), context, graph);
            if (const YamlNode* calls = reader.get("calls"))
                readCalls(*calls, reader.pathOf("calls"), context, graph, rejected);
            if (const YamlNode* requestTypes = reader.get("requestTypes"))
                readRequestTypes(*requestTypes, reader.pathOf("requestTypes"), context, graph);
        }
    }
    if (context.errorCount() > 0)
        return std::nullopt;
    return graph;
}

} // namespace orrery::scenario
