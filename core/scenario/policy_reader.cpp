#include "scenario/policy_reader.h"

#include "scenario/map_reader.h"
#include "scenario/value_readers.h"

namespace orrery::scenario {

namespace {

std::vector<model::PolicyParam> readParams(const YamlNode& node, const std::string& path, ParseContext& context)
{
    std::vector<model::PolicyParam> params;
    if (node.isNull())
        return params;
    MapReader reader(node, path, context, {}, "plugin parameters: a mapping of names to values",
                     MapReader::UnknownKeys::Ignore);
    if (!reader.isMap())
        return params;
    for (const auto& [key, value] : node.entries()) {
        if (!key->isScalar() || MapReader::find(node, key->scalar()) != value.get())
            continue; // non-scalar and duplicate keys are reported by MapReader
        if (!value->isScalar()) {
            context.error(*value, reader.pathOf(key->scalar()),
                          "expected a parameter value (a number, string or duration), got " + value->describe());
            continue;
        }
        params.push_back({key->scalar(), value->scalar(), context.locationOf(*value)});
    }
    return params;
}

std::optional<model::PolicyChoice> readChoice(const YamlNode& node, const std::string& path, ParseContext& context)
{
    if (node.isScalar()) {
        context.error(node, path, "expected a mapping with plugin and optional params, got " + node.describe()
                                      + " (write {plugin: " + node.scalar() + "})");
        return std::nullopt;
    }
    MapReader reader(node, path, context, {"plugin", "python", "params"},
                     "a mapping with plugin (or python) and optional params");
    if (!reader.isMap())
        return std::nullopt;
    const std::size_t errorsBefore = context.errorCount();
    model::PolicyChoice choice;
    choice.fieldPath = path;
    choice.location = context.locationOf(node);
    const YamlNode* python = reader.get("python");
    if (python && reader.get("plugin")) {
        context.error(*python, reader.pathOf("python"), "give either plugin or python, not both");
    } else if (python) {
        // {python: "module:Class"} is {plugin: python, params: {class: "module:Class"}} (docs/python.md).
        if (const auto value = readString(*python, reader.pathOf("python"), context, "a Python class as module:Class")) {
            choice.plugin = "python";
            choice.params.push_back({"class", *value, context.locationOf(*python)});
        }
    } else if (const YamlNode* plugin = reader.require("plugin", "a plugin id such as first-fit")) {
        if (const auto value = readString(*plugin, reader.pathOf("plugin"), context, "a plugin id such as first-fit"))
            choice.plugin = *value;
    }
    if (const YamlNode* params = reader.get("params")) {
        std::vector<model::PolicyParam> given = readParams(*params, reader.pathOf("params"), context);
        for (model::PolicyParam& param : given) {
            if (python && param.name == "class")
                context.error(*params, reader.pathOf("params") + ".class", "the class is already given by python");
            else
                choice.params.push_back(std::move(param));
        }
    }
    if (context.errorCount() != errorsBefore)
        return std::nullopt;
    return choice;
}

} // namespace

std::map<std::string, model::PolicyChoice> readPolicies(const YamlNode& node, const std::string& path, ParseContext& context)
{
    std::map<std::string, model::PolicyChoice> policies;
    if (node.isNull())
        return policies;
    MapReader reader(node, path, context, {"placement", "control", "queue"},
                     "a mapping from decision point (placement, control, queue) to {plugin: ...}");
    if (!reader.isMap())
        return policies;
    for (const auto& [key, value] : node.entries()) {
        if (!key->isScalar() || MapReader::find(node, key->scalar()) != value.get())
            continue;
        if (key->scalar() != "placement" && key->scalar() != "control" && key->scalar() != "queue")
            continue; // unknown decision points are reported by MapReader
        if (auto choice = readChoice(*value, reader.pathOf(key->scalar()), context))
            policies.emplace(key->scalar(), std::move(*choice));
    }
    return policies;
}

} // namespace orrery::scenario
