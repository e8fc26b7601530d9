#include "appgen/segment_catalog_reader.h"

#include "model/units.h"
#include "scenario/contention_reader.h"
#include "scenario/field_path.h"
#include "scenario/line_index.h"
#include "scenario/map_reader.h"
#include "scenario/request_types_reader.h"
#include "scenario/scenario_load_options.h"
#include "scenario/text_check.h"
#include "scenario/value_readers.h"
#include "scenario/yaml_document_parser.h"

#include <fstream>
#include <map>
#include <set>
#include <sstream>

namespace orrery::appgen {
namespace {

using scenario::MapReader;
using scenario::ParseContext;
using scenario::YamlNode;

constexpr std::int64_t kMaxMemory = 64LL << 30;

void readPayload(const YamlNode& node, const std::string& path, ParseContext& context, SegmentProfile& profile)
{
    MapReader reader(node, path, context, {"parameter", "share", "exponent"},
                     "a payload: a mapping {parameter: file-size, share: 0.9, exponent: 1}");
    if (!reader.isMap())
        return;
    if (const YamlNode* parameter = reader.require("parameter", "file-size, table-rows, op-count, image-dimension, text-size or matrix-dimension")) {
        if (const auto text = scenario::readString(*parameter, reader.pathOf("parameter"), context, "a payload parameter")) {
            const auto parsed = parsePayloadParameter(*text);
            if (!parsed || *parsed == PayloadParameter::None)
                context.error(*parameter, reader.pathOf("parameter"),
                              "unknown payload parameter '" + *text
                                  + "'; expected file-size, table-rows, op-count, image-dimension, text-size or matrix-dimension");
            else
                profile.payload = *parsed;
        }
    }
    if (const YamlNode* share = reader.require("share", "the share of the work that scales with the payload, 0…1"))
        profile.payloadShare = scenario::readNumber(*share, reader.pathOf("share"), context, 0.0, 1.0, "").value_or(0.0);
    if (const YamlNode* exponent = reader.get("exponent"))
        profile.payloadExponent = scenario::readNumber(*exponent, reader.pathOf("exponent"), context, 0.0, 4.0, "").value_or(1.0);
}

void readSources(const YamlNode& node, const std::string& path, ParseContext& context, SegmentProfile& profile)
{
    MapReader reader(node, path, context, {"work", "cpu", "memory", "sensitivity", "demand", "payload"},
                     "source notes: a mapping from field (work, cpu, memory, sensitivity, demand, payload) to text");
    if (!reader.isMap())
        return;
    for (const char* key : {"work", "cpu", "memory", "sensitivity", "demand", "payload"}) {
        if (const YamlNode* value = reader.get(key)) {
            if (const auto text = scenario::readString(*value, reader.pathOf(key), context, "a source note"))
                profile.sources[key] = *text;
        }
    }
}

bool readSegmentProfile(const YamlNode& node, const std::string& path, ParseContext& context, SegmentProfile& profile)
{
    const std::size_t errorsBefore = context.errorCount();
    MapReader reader(node, path, context,
                     {"name", "description", "work", "cpu", "memory", "sensitivity", "demand", "payload", "source"},
                     "a segment profile: a mapping with name, work, cpu, memory, sensitivity, demand, source");
    if (!reader.isMap())
        return false;
    profile.location = context.locationOf(node);
    if (const YamlNode* name = reader.require("name", "a segment id such as s3-read"))
        profile.name = scenario::readName(*name, reader.pathOf("name"), context).value_or("");
    if (const YamlNode* description = reader.get("description"))
        profile.description = scenario::readString(*description, reader.pathOf("description"), context, "a description").value_or("");
    if (const YamlNode* work = reader.require("work", "the median CPU work of one request such as 20ms"))
        profile.work = scenario::readDuration(*work, reader.pathOf("work"), context, sim::kMicrosecond, sim::kMinute).value_or(0);
    if (const YamlNode* cpu = reader.require("cpu", "the CPU an instance requests such as 1 or 500m"))
        profile.millicores = scenario::readMillicores(*cpu, reader.pathOf("cpu"), context, 1, 64000).value_or(1000);
    if (const YamlNode* memory = reader.require("memory", "the memory an instance requests such as 256Mi"))
        profile.memoryBytes = scenario::readBytes(*memory, reader.pathOf("memory"), context, 1LL << 20, kMaxMemory).value_or(0);
    if (const YamlNode* sensitivity = reader.require("sensitivity", "{cpu, memoryBandwidth, llc, diskIo, networkBandwidth}"))
        scenario::readSensitivity(*sensitivity, reader.pathOf("sensitivity"), context, profile.sensitivity);
    if (const YamlNode* demand = reader.require("demand", "{memoryBandwidthPerCore, llcWays, diskPerCore, networkPerCore}"))
        scenario::readDemand(*demand, reader.pathOf("demand"), context, profile.demand);
    if (const YamlNode* payload = reader.get("payload"))
        readPayload(*payload, reader.pathOf("payload"), context, profile);
    if (const YamlNode* source = reader.require("source", "a source note per value: {work: ..., cpu: ..., ...}")) {
        readSources(*source, reader.pathOf("source"), context, profile);
        // Every value carries its source note (a plain ASSUMPTION is a note too).
        std::vector<std::string> needed{"work", "cpu", "memory", "sensitivity", "demand"};
        if (profile.payload != PayloadParameter::None)
            needed.emplace_back("payload");
        for (const auto& key : needed)
            if (source->isMap() && profile.sources.count(key) == 0 && !MapReader::find(*source, key))
                context.error(*source, reader.pathOf("source"),
                              "missing the source note of '" + key + "'; expected a note for every value (an assumption says so)");
    }
    return context.errorCount() == errorsBefore;
}

std::vector<SegmentProfile> readProfiles(const YamlNode& node, const std::string& path, ParseContext& context)
{
    std::vector<SegmentProfile> profiles;
    if (!node.isSequence()) {
        context.error(node, path, "expected a sequence of segment profiles, got " + node.describe());
        return profiles;
    }
    std::map<std::string, std::size_t> seen;
    for (std::size_t i = 0; i < node.items().size(); ++i) {
        SegmentProfile profile;
        const std::string itemPath = scenario::indexPath(path, i);
        if (!readSegmentProfile(*node.items()[i], itemPath, context, profile))
            continue;
        if (const auto [it, inserted] = seen.emplace(profile.name, i); !inserted) {
            context.error(*node.items()[i], itemPath + ".name",
                          "duplicate segment '" + profile.name + "', already defined at " + scenario::indexPath(path, it->second));
            continue;
        }
        profiles.push_back(std::move(profile));
    }
    return profiles;
}

} // namespace

SegmentCatalogLoad parseSegmentCatalog(std::string_view textView, const std::string& name)
{
    SegmentCatalogLoad load;
    const std::string text(textView);
    const scenario::LineIndex lines(text);
    if (auto problem = scenario::checkText(text, name, lines)) {
        load.diagnostics.push_back(std::move(*problem));
        return load;
    }
    ParseContext context(name);
    std::vector<SegmentProfile> profiles;
    if (const YamlNode::Ptr root = scenario::parseYamlDocument(text, lines, context, "SegmentProfiles")) {
        MapReader reader(*root, "", context, {"segments"}, "a segment catalog: a mapping with segments");
        if (reader.isMap()) {
            if (const YamlNode* segments = reader.require("segments", "a sequence of segment profiles")) {
                profiles = readProfiles(*segments, "segments", context);
                if (segments->isSequence() && segments->items().empty())
                    context.error(*segments, "segments", "expected at least one segment profile");
            }
        }
    }
    load.diagnostics = context.takeDiagnostics();
    if (load.diagnostics.empty())
        load.catalog = SegmentCatalog(std::move(profiles));
    return load;
}

SegmentCatalogLoad loadSegmentCatalog(const std::filesystem::path& file)
{
    const std::string name = file.string();
    std::ifstream in(file, std::ios::binary);
    if (!in || std::filesystem::is_directory(file)) {
        SegmentCatalogLoad load;
        model::Diagnostic diagnostic;
        diagnostic.location.file = name;
        diagnostic.message = "cannot read the segment catalog";
        load.diagnostics.push_back(std::move(diagnostic));
        return load;
    }
    std::ostringstream buffer;
    buffer << in.rdbuf();
    return parseSegmentCatalog(buffer.str(), name);
}

std::optional<std::filesystem::path> findBuiltInSegmentCatalog()
{
    return scenario::findResource(scenario::defaultResourcePath(), "profiles", "segments");
}

} // namespace orrery::appgen
