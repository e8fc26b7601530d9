#include "scenario/request_types_reader.h"

#include "model/did_you_mean.h"
#include "scenario/duration_distribution_reader.h"
#include "scenario/field_path.h"
#include "scenario/map_reader.h"
#include "scenario/value_readers.h"

#include <map>

namespace orrery::scenario {

namespace {

constexpr double kMaxSensitivity = 10.0;
constexpr std::size_t kMaxCallsPerRequest = 4096; // span buffers and call indices stay small
constexpr int kMaxCallDepth = 64;

std::vector<std::string> sensitivityKeys()
{
    std::vector<std::string> keys;
    for (int i = 0; i < model::kContendedResourceCount; ++i)
        keys.emplace_back(model::toString(static_cast<model::ContendedResource>(i)));
    return keys;
}

class CallTreeReader {
public:
    CallTreeReader(ParseContext& context, const model::ServiceGraph& graph)
        : m_context(context)
        , m_graph(graph)
    {
        for (const auto& service : graph.services())
            m_names.push_back(service.name);
    }

    std::size_t calls() const { return m_calls; }

    bool readCall(const YamlNode& node, const std::string& path, model::CallSpec& call, int depth)
    {
        const std::size_t errorsBefore = m_context.errorCount();
        MapReader reader(node, path, m_context, {"service", "operation", "work", "background", "calls"},
                         "a call: a mapping with service, operation and optionally work, background, calls");
        if (!reader.isMap())
            return false;
        call.location = m_context.locationOf(node);
        if (++m_calls > kMaxCallsPerRequest) {
            if (m_calls == kMaxCallsPerRequest + 1)
                m_context.error(node, path, "expected at most " + std::to_string(kMaxCallsPerRequest) + " calls per request type");
            return false;
        }
        if (const YamlNode* service = reader.require("service", "the name of a service in spec.services")) {
            if (const auto name = readString(*service, reader.pathOf("service"), m_context, "the name of a service in spec.services")) {
                if (const auto index = m_graph.indexOf(*name))
                    call.service = *index;
                else
                    m_context.error(*service, reader.pathOf("service"), "unknown service '" + *name + "'"
                                        + model::didYouMean(*name, m_names) + "; expected the name of a service in spec.services");
            }
        }
        if (const YamlNode* operation = reader.require("operation", "an operation name such as compose_post"))
            call.operation = readString(*operation, reader.pathOf("operation"), m_context, "an operation name such as compose_post").value_or("");
        if (const YamlNode* work = reader.get("work"))
            call.work = readDurationDistribution(*work, reader.pathOf("work"), m_context);
        if (const YamlNode* background = reader.get("background")) {
            if (background->isScalar() && (background->scalar() == "true" || background->scalar() == "false"))
                call.background = background->scalar() == "true";
            else
                m_context.error(*background, reader.pathOf("background"), "expected true or false, got " + background->describe());
        }
        if (const YamlNode* stages = reader.get("calls")) {
            if (depth >= kMaxCallDepth)
                m_context.error(*stages, reader.pathOf("calls"), "expected calls nested at most " + std::to_string(kMaxCallDepth) + " deep");
            else
                readStages(*stages, reader.pathOf("calls"), call, depth);
        }
        return m_context.errorCount() == errorsBefore;
    }

private:
    void readStages(const YamlNode& node, const std::string& path, model::CallSpec& call, int depth)
    {
        if (!node.isSequence()) {
            m_context.error(node, path, "expected a sequence of stages (each a call, or {parallel: [calls]}), got " + node.describe());
            return;
        }
        for (std::size_t i = 0; i < node.items().size(); ++i) {
            const YamlNode& item = *node.items()[i];
            const std::string itemPath = indexPath(path, i);
            std::vector<model::CallSpec> stage;
            if (const YamlNode* parallel = MapReader::find(item, "parallel")) {
                MapReader reader(item, itemPath, m_context, {"parallel"}, "a parallel stage: {parallel: [calls]}");
                const std::string parallelPath = reader.pathOf("parallel");
                if (!parallel->isSequence() || parallel->items().empty()) {
                    m_context.error(*parallel, parallelPath, "expected a non-empty sequence of calls run in parallel, got "
                                        + (parallel->isSequence() ? std::string("an empty sequence") : parallel->describe()));
                    continue;
                }
                for (std::size_t j = 0; j < parallel->items().size(); ++j) {
                    model::CallSpec child;
                    readCall(*parallel->items()[j], indexPath(parallelPath, j), child, depth + 1);
                    stage.push_back(std::move(child));
                }
            } else {
                model::CallSpec child;
                readCall(item, itemPath, child, depth + 1);
                stage.push_back(std::move(child));
            }
            call.stages.push_back(std::move(stage));
        }
    }

    ParseContext& m_context;
    const model::ServiceGraph& m_graph;
    std::vector<std::string> m_names;
    std::size_t m_calls = 0;
};

} // namespace

void readSensitivity(const YamlNode& node, const std::string& path, ParseContext& context, model::ResourceSensitivity& sensitivity)
{
    const std::vector<std::string> keys = sensitivityKeys();
    MapReader reader(node, path, context, keys, "sensitivity: a mapping from cpu, memoryBandwidth, llc, diskIo, networkBandwidth to a number");
    if (!reader.isMap())
        return;
    for (const auto& key : keys) {
        if (const YamlNode* value = reader.get(key)) {
            if (const auto number = readNumber(*value, reader.pathOf(key), context, 0.0, kMaxSensitivity, ""))
                sensitivity.of(*model::parseContendedResource(key)) = *number;
        }
    }
}

void readRequestTypes(const YamlNode& node, const std::string& path, ParseContext& context, model::ServiceGraph& graph)
{
    if (!node.isSequence() || node.items().empty()) {
        context.error(node, path, "expected a non-empty sequence of request types (- name: ..., root: ...), got "
                                      + (node.isSequence() ? std::string("an empty sequence") : node.describe()));
        return;
    }
    std::map<std::string, std::size_t> firstIndex;
    for (std::size_t i = 0; i < node.items().size(); ++i) {
        const std::string itemPath = indexPath(path, i);
        MapReader reader(*node.items()[i], itemPath, context, {"name", "description", "root"},
                         "a request type: a mapping with name and root");
        if (!reader.isMap())
            continue;
        model::RequestType type;
        type.location = context.locationOf(reader.node());
        if (const YamlNode* name = reader.require("name", "a request type name such as compose-post")) {
            if (const auto value = readName(*name, reader.pathOf("name"), context)) {
                const auto [first, inserted] = firstIndex.emplace(*value, i);
                if (!inserted)
                    context.error(*name, reader.pathOf("name"), "duplicate request type '" + *value + "', already used by "
                                      + indexPath(path, first->second) + "; expected unique request type names");
                type.name = *value;
            }
        }
        if (const YamlNode* root = reader.require("root", "the entry call: a mapping with service and operation")) {
            CallTreeReader calls(context, graph);
            if (calls.readCall(*root, reader.pathOf("root"), type.root, 0) && type.root.background)
                context.error(*root, reader.pathOf("root"), "the root call cannot be background; expected background only on nested calls");
        }
        graph.requestTypes.push_back(std::move(type));
    }
}

} // namespace orrery::scenario
