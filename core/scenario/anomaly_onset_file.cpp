#include "scenario/anomaly_onset_file.h"

#include "model/bounded_file_read.h"
#include "model/did_you_mean.h"
#include "model/units.h"
#include "scenario/api_version_check.h"
#include "scenario/field_path.h"
#include "scenario/line_index.h"
#include "scenario/map_reader.h"
#include "scenario/parse_context.h"
#include "scenario/scenario_limits.h"
#include "scenario/scenario_loader.h"
#include "scenario/text_check.h"
#include "scenario/value_readers.h"
#include "scenario/yaml_document_parser.h"

#include <cstdio>
#include <new>

namespace orrery::scenario {
namespace {

constexpr std::string_view kKind = "AnomalyOnsets";

AnomalyOnsetLoadResult fileError(const std::string& path, std::string message)
{
    AnomalyOnsetLoadResult result;
    model::Diagnostic diagnostic;
    diagnostic.location = {path, 0, 0};
    diagnostic.message = std::move(message);
    result.diagnostics.push_back(std::move(diagnostic));
    return result;
}

void readOnset(const YamlNode& node, const std::string& path, ParseContext& context, model::AnomalyOnsetTable& table)
{
    MapReader reader(node, path, context, {"kind", "service", "start", "end", "harmful"},
                     "an onset: {kind: cpu, service: NAME, start: 0.4, end: 1, harmful: true}");
    if (!reader.isMap())
        return;
    std::optional<model::AnomalyKind> kind;
    if (const YamlNode* item = reader.require("kind", "an anomaly kind such as cpu")) {
        if (const auto name = readString(*item, reader.pathOf("kind"), context, "an anomaly kind")) {
            kind = model::parseAnomalyKind(*name);
            if (!kind)
                context.error(*item, reader.pathOf("kind"), "unknown anomaly kind " + item->describe()
                                                                + model::didYouMean(*name, model::anomalyKindNames()));
        }
    }
    std::optional<std::string> service;
    if (const YamlNode* item = reader.require("service", "a service name"))
        service = readString(*item, reader.pathOf("service"), context, "a service name");
    model::AnomalyOnset onset;
    if (const YamlNode* item = reader.require("start", "an intensity from 0 to 1"))
        onset.start = readNumber(*item, reader.pathOf("start"), context, 0.0, 1.0, "").value_or(1.0);
    if (const YamlNode* item = reader.require("end", "an intensity from start to 1"))
        onset.end = readNumber(*item, reader.pathOf("end"), context, 0.0, 1.0, "").value_or(1.0);
    if (onset.end < onset.start)
        context.error(node, reader.pathOf("end"), "expected end at least start (" + std::to_string(onset.start) + ")");
    if (const YamlNode* item = reader.get("harmful")) {
        const auto text = readString(*item, reader.pathOf("harmful"), context, "true or false");
        if (text && *text != "true" && *text != "false")
            context.error(*item, reader.pathOf("harmful"), "expected true or false, got " + item->describe());
        onset.harmful = text == std::optional<std::string>("true");
    }
    if (kind && service && !table.onsets.emplace(std::make_pair(*kind, *service), onset).second)
        context.error(node, path, "a second onset for " + std::string(model::toString(*kind)) + " on " + *service
                                      + "; expected one per (kind, service)");
}

std::shared_ptr<const model::AnomalyOnsetTable> readTable(const YamlNode& root, ParseContext& context)
{
    MapReader top(root, "", context, {"apiVersion", "kind", "metadata", "spec"}, "an AnomalyOnsets document");
    if (!top.isMap())
        return nullptr;
    checkApiVersion(top, context);
    if (const YamlNode* kind = top.require("kind", kKind)) {
        if (!kind->isScalar() || kind->scalar() != kKind)
            context.error(*kind, "kind", "this file has kind " + kind->describe() + "; expected kind: AnomalyOnsets");
    }
    auto table = std::make_shared<model::AnomalyOnsetTable>();
    if (const YamlNode* metadata = top.get("metadata")) {
        MapReader reader(*metadata, "metadata", context, {"name"}, "metadata: {name: SCENARIO}");
        if (const YamlNode* name = reader.get("name"))
            table->scenario = readString(*name, reader.pathOf("name"), context, "the scenario's name").value_or("");
    }
    const YamlNode* spec = top.require("spec", "a mapping with seed, window, violationIncrease and onsets");
    if (!spec)
        return nullptr;
    MapReader reader(*spec, "spec", context, {"seed", "window", "violationIncrease", "onsets"},
                     "spec: a mapping with seed, window, violationIncrease and onsets");
    if (const YamlNode* seed = reader.get("seed"))
        table->seed = readUnsigned64(*seed, reader.pathOf("seed"), context).value_or(0);
    if (const YamlNode* window = reader.get("window"))
        table->window = readDuration(*window, reader.pathOf("window"), context, 1, kMaxHorizon).value_or(0);
    if (const YamlNode* increase = reader.get("violationIncrease"))
        table->violationIncrease = readNumber(*increase, reader.pathOf("violationIncrease"), context, 0.0, 1.0, "").value_or(0);
    if (const YamlNode* onsets = reader.require("onsets", "a sequence of {kind, service, start, end}")) {
        if (!onsets->isSequence())
            context.error(*onsets, reader.pathOf("onsets"), "expected a sequence of onsets, got " + onsets->describe());
        else {
            for (std::size_t i = 0; i < onsets->items().size(); ++i)
                readOnset(*onsets->items()[i], indexPath(reader.pathOf("onsets"), i), context, *table);
        }
    }
    return table;
}

} // namespace

AnomalyOnsetLoadResult parseAnomalyOnsets(std::string_view text, const std::string& fileNameForMessages)
{
    try {
        const LineIndex lines(text);
        AnomalyOnsetLoadResult result;
        if (auto problem = checkText(text, fileNameForMessages, lines)) {
            result.diagnostics.push_back(std::move(*problem));
            return result;
        }
        ParseContext context(fileNameForMessages);
        std::shared_ptr<const model::AnomalyOnsetTable> table;
        if (const YamlNode::Ptr root = parseYamlDocument(text, lines, context, std::string(kKind)))
            table = readTable(*root, context);
        result.diagnostics = context.takeDiagnostics();
        if (result.diagnostics.empty())
            result.table = std::move(table);
        return result;
    } catch (const std::bad_alloc&) {
        return fileError(fileNameForMessages, "out of memory while reading the onset file");
    } catch (const std::exception& error) {
        return fileError(fileNameForMessages, std::string("internal error while reading the onset file: ") + error.what());
    }
}

AnomalyOnsetLoadResult loadAnomalyOnsetFile(const std::string& path)
{
    model::BoundedFileRead read = model::readFileAtMost(path, kMaxScenarioFileBytes);
    if (read.status != model::BoundedFileRead::Status::Ok)
        return fileError(path, read.error + "; expected an AnomalyOnsets file (orrery onsets writes one)");
    return parseAnomalyOnsets(read.text, path);
}

std::string formatAnomalyOnsets(const model::AnomalyOnsetTable& table)
{
    auto number = [](double value) {
        char buffer[32];
        std::snprintf(buffer, sizeof buffer, "%.10g", value);
        return std::string(buffer);
    };
    std::string out = "# Where each anomaly starts to harm each service (seed 001 §3.3.2), written by `orrery onsets`:\n"
                      "# start = least intensity whose failed share of requests exceeds the unharmed run's by\n"
                      "# violationIncrease; end = least intensity where over 80 % fail (1 when never).\n"
                      "apiVersion: orrery.dev/v1\nkind: AnomalyOnsets\nmetadata:\n  name: ";
    out.append(table.scenario.empty() ? std::string("unnamed") : table.scenario);
    out.append("\nspec:\n  seed: ").append(std::to_string(table.seed));
    if (table.window > 0)
        out.append("\n  window: ").append(model::formatDuration(table.window));
    out.append("\n  violationIncrease: ").append(number(table.violationIncrease));
    out.append(table.onsets.empty() ? "\n  onsets: []\n" : "\n  onsets:\n");
    for (const auto& [key, onset] : table.onsets) {
        out.append("    - {kind: ").append(model::toString(key.first)).append(", service: ").append(key.second);
        out.append(", start: ").append(number(onset.start)).append(", end: ").append(number(onset.end));
        out.append(", harmful: ").append(onset.harmful ? "true" : "false").append("}\n");
    }
    return out;
}

} // namespace orrery::scenario
