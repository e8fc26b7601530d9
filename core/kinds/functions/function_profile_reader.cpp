#include "kinds/functions/function_profile_reader.h"

#include "scenario/contention_reader.h"
#include "scenario/field_path.h"
#include "scenario/line_index.h"
#include "scenario/map_reader.h"
#include "scenario/text_check.h"
#include "scenario/value_readers.h"
#include "scenario/yaml_document_parser.h"

#include <fstream>
#include <map>
#include <sstream>

namespace orrery::kinds::functions {

using scenario::MapReader;
using scenario::ParseContext;
using scenario::YamlNode;

bool readFunctionProfile(const YamlNode& node, const std::string& path, ParseContext& context, FunctionProfile& profile)
{
    const std::size_t errorsBefore = context.errorCount();
    MapReader reader(node, path, context,
                     {"name", "displayName", "class", "execution", "cpuFraction", "ioFraction", "memory", "fileShare", "demand", "source"},
                     "a function profile: a mapping with name, class, execution, cpuFraction, memory");
    if (!reader.isMap())
        return false;
    profile.location = context.locationOf(node);
    if (const YamlNode* name = reader.require("name", "a profile id such as primes")) {
        if (const auto value = scenario::readName(*name, reader.pathOf("name"), context))
            profile.name = *value;
    }
    profile.displayName = profile.name;
    if (const YamlNode* display = reader.get("displayName")) {
        if (const auto value = scenario::readString(*display, reader.pathOf("displayName"), context, "a display name"))
            profile.displayName = *value;
    }
    if (const YamlNode* cls = reader.require("class", "cpu, memory or io")) {
        const auto text = scenario::readString(*cls, reader.pathOf("class"), context, "cpu, memory or io");
        if (text) {
            if (const auto parsed = parseFunctionClass(*text))
                profile.functionClass = *parsed;
            else
                context.error(*cls, reader.pathOf("class"), "unknown function class '" + *text + "'; expected cpu, memory or io");
        }
    }
    if (const YamlNode* execution = reader.require("execution", "a mapping {median: 350ms, p99: 520ms}")) {
        MapReader times(*execution, reader.pathOf("execution"), context, {"median", "p99"},
                        "execution times: a mapping {median: 350ms, p99: 520ms}");
        if (times.isMap()) {
            if (const YamlNode* median = times.require("median", "the median warm execution time such as 350ms"))
                profile.medianExecution = scenario::readDuration(*median, times.pathOf("median"), context, sim::kMicrosecond, sim::kMinute)
                                              .value_or(profile.medianExecution);
            if (const YamlNode* p99 = times.require("p99", "the 99th-percentile warm execution time such as 520ms")) {
                const auto value = scenario::readDuration(*p99, times.pathOf("p99"), context, sim::kMicrosecond, sim::kMinute);
                if (value && *value < profile.medianExecution)
                    context.error(*p99, times.pathOf("p99"), "the p99 is below the median; expected p99 >= median");
                else if (value)
                    profile.p99Execution = *value;
            }
        }
    }
    if (const YamlNode* cpu = reader.require("cpuFraction", "the CPU share of the execution, 0…1"))
        profile.cpuFraction = scenario::readNumber(*cpu, reader.pathOf("cpuFraction"), context, 0.0, 1.0, "").value_or(profile.cpuFraction);
    profile.ioFraction = 0.0;
    if (const YamlNode* io = reader.get("ioFraction"))
        profile.ioFraction = scenario::readNumber(*io, reader.pathOf("ioFraction"), context, 0.0, 1.0, "").value_or(0.0);
    if (profile.cpuFraction + profile.ioFraction > 1.0 + 1e-9)
        context.error(node, reader.pathOf("ioFraction"), "cpuFraction + ioFraction is above 1; expected shares of one execution");
    if (const YamlNode* memory = reader.require("memory", "the peak footprint such as 64Mi"))
        profile.memoryBytes = scenario::readBytes(*memory, reader.pathOf("memory"), context, 1LL << 20, 64LL << 30).value_or(profile.memoryBytes);
    if (const YamlNode* file = reader.get("fileShare"))
        profile.fileShare = scenario::readNumber(*file, reader.pathOf("fileShare"), context, 0.0, 0.9, "").value_or(profile.fileShare);
    profile.demand = model::ResourceDemand::microservice();
    if (const YamlNode* demand = reader.get("demand"))
        scenario::readDemand(*demand, reader.pathOf("demand"), context, profile.demand);
    if (const YamlNode* source = reader.get("source")) {
        if (const auto value = scenario::readString(*source, reader.pathOf("source"), context, "where the numbers come from"))
            profile.source = *value;
    }
    return context.errorCount() == errorsBefore;
}

std::vector<FunctionProfile> readFunctionProfiles(const YamlNode& node, const std::string& path, ParseContext& context)
{
    std::vector<FunctionProfile> profiles;
    if (!node.isSequence()) {
        context.error(node, path, "expected a sequence of function profiles, got " + node.describe());
        return profiles;
    }
    std::map<std::string, std::size_t> seen;
    for (std::size_t i = 0; i < node.items().size(); ++i) {
        FunctionProfile profile;
        const std::string itemPath = scenario::indexPath(path, i);
        if (!readFunctionProfile(*node.items()[i], itemPath, context, profile))
            continue;
        if (const auto [it, inserted] = seen.emplace(profile.name, i); !inserted) {
            context.error(*node.items()[i], itemPath + ".name",
                          "duplicate profile '" + profile.name + "', already defined at " + scenario::indexPath(path, it->second));
            continue;
        }
        profiles.push_back(std::move(profile));
    }
    return profiles;
}

FunctionCatalogLoad loadFunctionCatalog(const std::filesystem::path& file)
{
    FunctionCatalogLoad load;
    const std::string name = file.string();
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        model::Diagnostic diagnostic;
        diagnostic.location.file = name;
        diagnostic.message = "cannot read the function profiles file";
        load.diagnostics.push_back(std::move(diagnostic));
        return load;
    }
    std::ostringstream buffer;
    buffer << in.rdbuf();
    const std::string text = buffer.str();
    const scenario::LineIndex lines(text);
    if (auto problem = scenario::checkText(text, name, lines)) {
        load.diagnostics.push_back(std::move(*problem));
        return load;
    }
    ParseContext context(name);
    if (const YamlNode::Ptr root = scenario::parseYamlDocument(text, lines, context, "FunctionProfiles")) {
        MapReader reader(*root, "", context, {"profiles"}, "a function profiles file: a mapping with profiles");
        if (reader.isMap()) {
            if (const YamlNode* profiles = reader.require("profiles", "a sequence of function profiles"))
                load.profiles = readFunctionProfiles(*profiles, "profiles", context);
        }
    }
    load.diagnostics = context.takeDiagnostics();
    if (!load.diagnostics.empty())
        load.profiles.clear();
    return load;
}

} // namespace orrery::kinds::functions
