#include "scenario/anomaly_reader.h"

#include "model/did_you_mean.h"
#include "scenario/anomaly_onset_file.h"
#include "scenario/duration_distribution_reader.h"
#include "scenario/field_path.h"
#include "scenario/map_reader.h"
#include "scenario/scenario_limits.h"
#include "scenario/scenario_load_options.h"
#include "scenario/value_readers.h"

#include <algorithm>
#include <filesystem>
#include <set>

namespace orrery::scenario {

namespace {

constexpr double kMaxAnomalyRatePerSecond = 1000.0;
constexpr std::int64_t kMaxRampSteps = 1000;

std::optional<model::AnomalyKind> readKind(const YamlNode& node, const std::string& path, ParseContext& context)
{
    const auto name = readString(node, path, context, "an anomaly kind");
    if (!name)
        return std::nullopt;
    if (const auto kind = model::parseAnomalyKind(*name))
        return kind;
    std::string known;
    for (const auto& each : model::anomalyKindNames())
        known += (known.empty() ? "" : ", ") + each;
    context.error(node, path, "unknown anomaly kind " + node.describe() + model::didYouMean(*name, model::anomalyKindNames())
                                  + "; expected one of: " + known);
    return std::nullopt;
}

void readPattern(const YamlNode& node, const std::string& path, ParseContext& context, model::AnomalyPattern& pattern)
{
    using Kind = model::AnomalyPattern::Kind;
    const YamlNode* kindNode = node.isScalar() ? &node : nullptr;
    std::optional<MapReader> reader;
    if (!node.isScalar()) {
        reader.emplace(node, path, context, std::vector<std::string>{"kind", "on", "off", "steps"},
                       "a pattern: constant, ramp, or a mapping such as {kind: periodic, on: 2s, off: 3s}");
        if (!reader->isMap())
            return;
        kindNode = reader->require("kind", "constant, ramp or periodic");
    }
    if (!kindNode)
        return;
    const std::string kindPath = node.isScalar() ? path : reader->pathOf("kind");
    const auto name = readString(*kindNode, kindPath, context, "constant, ramp or periodic");
    if (name == std::optional<std::string>("constant"))
        pattern.kind = Kind::Constant;
    else if (name == std::optional<std::string>("ramp"))
        pattern.kind = Kind::Ramp;
    else if (name == std::optional<std::string>("periodic"))
        pattern.kind = Kind::Periodic;
    else if (name) {
        context.error(*kindNode, kindPath, "unknown pattern " + kindNode->describe()
                                               + model::didYouMean(*name, {"constant", "ramp", "periodic"}) + "; expected constant, ramp or periodic");
        return;
    }
    if (!reader)
        return;
    if (const YamlNode* on = reader->get("on"))
        pattern.on = readDuration(*on, reader->pathOf("on"), context, 1, kMaxHorizon).value_or(pattern.on);
    if (const YamlNode* off = reader->get("off"))
        pattern.off = readDuration(*off, reader->pathOf("off"), context, 1, kMaxHorizon).value_or(pattern.off);
    if (const YamlNode* steps = reader->get("steps"))
        pattern.steps = static_cast<int>(readInteger(*steps, reader->pathOf("steps"), context, 1, kMaxRampSteps).value_or(pattern.steps));
}

//! Every name an anomaly may target, for validation and did-you-mean: the nodes, and what
//! each workload's kind offers (model::KindSpec::addAnomalyTargets).
model::AnomalyTargets knownTargets(const model::Scenario& scenario)
{
    model::AnomalyTargets known;
    for (const auto& pool : scenario.cluster.pools) {
        for (int i = 0; i < pool.count && i < 1000; ++i)
            known.resources.insert(pool.name + "-" + std::to_string(i));
    }
    for (const auto& workload : scenario.workloads) {
        if (const auto* kind = std::get_if<model::KindWorkload>(&workload))
            kind->spec->addAnomalyTargets(known);
    }
    return known;
}

void checkTarget(const YamlNode& node, const std::string& path, ParseContext& context, const model::AnomalySpec& anomaly,
                 const model::AnomalyTargets& known)
{
    const bool workload = anomaly.kind == model::AnomalyKind::WorkloadVariation;
    const std::set<std::string>& names = workload ? known.workloads : known.resources;
    if (names.count(anomaly.target) > 0)
        return;
    const std::vector<std::string> candidates(names.begin(), names.end());
    context.error(node, path, "unknown target '" + anomaly.target + "'" + model::didYouMean(anomaly.target, candidates)
                                  + (workload ? "; expected a request type or the name of a Microservices workload"
                                              : "; expected a service, an instance such as compose-post-service/0, or a node such as cpu-0"));
}

std::optional<model::AnomalyScope> readScope(const YamlNode& node, const std::string& path, ParseContext& context)
{
    const auto text = readString(node, path, context, "node or container");
    if (text == std::optional<std::string>("node"))
        return model::AnomalyScope::Node;
    if (text == std::optional<std::string>("container"))
        return model::AnomalyScope::Container;
    if (text)
        context.error(node, path, "unknown scope '" + *text + "'; expected node (a stressor container on the target's node) or "
                                  "container (inside the target's container, bounded by its limits)");
    return std::nullopt;
}

void readInjection(MapReader& reader, ParseContext& context, model::AnomalySpec& anomaly)
{
    anomaly.location = context.locationOf(reader.node());
    if (const YamlNode* kind = reader.require("kind", "an anomaly kind such as cpu"))
        anomaly.kind = readKind(*kind, reader.pathOf("kind"), context).value_or(model::AnomalyKind::Cpu);
    if (const YamlNode* target = reader.require("target", "a service, instance (svc/0) or node"))
        anomaly.target = readString(*target, reader.pathOf("target"), context, "a service, instance (svc/0) or node").value_or("");
    if (const YamlNode* intensity = reader.require("intensity", "a number from 0 to 1"))
        anomaly.intensity = readNumber(*intensity, reader.pathOf("intensity"), context, 0.0, 1.0, "").value_or(0.0);
    if (const YamlNode* start = reader.require("start", "a time such as 10s"))
        anomaly.start = readDuration(*start, reader.pathOf("start"), context, 0, kMaxHorizon).value_or(0);
    if (const YamlNode* duration = reader.require("duration", "a duration such as 30s"))
        anomaly.duration = readDuration(*duration, reader.pathOf("duration"), context, 1, kMaxHorizon).value_or(0);
    if (const YamlNode* pattern = reader.get("pattern"))
        readPattern(*pattern, reader.pathOf("pattern"), context, anomaly.pattern);
    if (const YamlNode* scope = reader.get("scope"))
        anomaly.scope = readScope(*scope, reader.pathOf("scope"), context).value_or(anomaly.scope);
}

//! `intensity: {onsets: FILE}`: the file relative to the scenario's directory (or a resource
//! name under resources/onsets/), loaded now so its problems are the scenario's.
void readOnsetTable(const YamlNode& node, const std::string& path, ParseContext& context, model::RandomAnomalyCampaignSpec& campaign)
{
    const auto reference = readString(node, path, context, "an AnomalyOnsets file, such as onsets/socialnetwork.yaml");
    if (!reference)
        return;
    const ScenarioLoadOptions options = context.loadOptions() ? *context.loadOptions() : ScenarioLoadOptions::defaults();
    std::filesystem::path file(*reference);
    if (file.extension() != ".yaml" && file.extension() != ".yml" && file.parent_path().empty()) {
        const auto found = findResource(options.resourcePath, "onsets", *reference);
        if (!found) {
            const std::vector<std::string> known = listResources(options.resourcePath, "onsets");
            std::string list;
            for (const auto& name : known)
                list += (list.empty() ? "" : ", ") + name;
            context.error(node, path, "no onsets resource '" + *reference + "'" + model::didYouMean(*reference, known)
                                          + "; expected one of: " + (list.empty() ? std::string("(none installed)") : list)
                                          + ", or a path to an AnomalyOnsets file such as onsets.yaml");
            return;
        }
        file = *found;
    }
    if (file.is_relative()) {
        const std::filesystem::path base
            = options.baseDirectory.empty() ? std::filesystem::path(context.fileName()).parent_path() : options.baseDirectory;
        file = (base / file).lexically_normal();
    }
    const AnomalyOnsetLoadResult loaded = loadAnomalyOnsetFile(file.string());
    if (!loaded.ok()) {
        std::string problems = model::formatAll(loaded.diagnostics);
        while (!problems.empty() && problems.back() == '\n')
            problems.pop_back();
        context.error(node, path, "cannot use onset file '" + *reference + "' (" + file.string() + "): " + problems);
        return;
    }
    campaign.onsets = loaded.table;
    campaign.onsetsFile = file.string();
}

void readRandom(const YamlNode& node, const std::string& path, ParseContext& context, model::RandomAnomalyCampaignSpec& campaign)
{
    MapReader reader(node, path, context, {"rate", "start", "end", "duration", "kinds", "intensity", "targets", "scope"},
                     "a random campaign: a mapping with rate, start, end, duration, kinds, intensity, targets, scope");
    if (const YamlNode* scope = reader.get("scope"))
        campaign.scope = readScope(*scope, reader.pathOf("scope"), context).value_or(campaign.scope);
    if (!reader.isMap())
        return;
    campaign.location = context.locationOf(node);
    if (const YamlNode* rate = reader.get("rate"))
        campaign.ratePerSecond = readRate(*rate, reader.pathOf("rate"), context, kMaxAnomalyRatePerSecond).value_or(campaign.ratePerSecond);
    if (const YamlNode* start = reader.get("start"))
        campaign.start = readDuration(*start, reader.pathOf("start"), context, 0, kMaxHorizon).value_or(0);
    if (const YamlNode* end = reader.get("end")) {
        const auto value = readDuration(*end, reader.pathOf("end"), context, 1, kMaxHorizon);
        if (value && *value <= campaign.start)
            context.error(*end, reader.pathOf("end"), "expected end after start, got " + end->describe());
        else if (value)
            campaign.end = *value;
    }
    if (const YamlNode* duration = reader.get("duration")) {
        if (const auto value = readDurationDistribution(*duration, reader.pathOf("duration"), context))
            campaign.duration = *value;
    }
    if (const YamlNode* kinds = reader.get("kinds")) {
        if (!kinds->isSequence() || kinds->items().empty()) {
            context.error(*kinds, reader.pathOf("kinds"), "expected a non-empty sequence of anomaly kinds, got " + kinds->describe());
        } else {
            for (std::size_t i = 0; i < kinds->items().size(); ++i) {
                if (const auto kind = readKind(*kinds->items()[i], indexPath(reader.pathOf("kinds"), i), context))
                    campaign.kinds.push_back(*kind);
            }
        }
    }
    if (const YamlNode* intensity = reader.get("intensity")) {
        MapReader range(*intensity, reader.pathOf("intensity"), context, {"min", "max", "onsets"},
                        "an intensity range {min: 0.1, max: 1}, or {onsets: FILE} (an AnomalyOnsets file from orrery onsets)");
        if (range.isMap()) {
            if (const YamlNode* onsets = range.get("onsets"))
                readOnsetTable(*onsets, range.pathOf("onsets"), context, campaign);
            if (const YamlNode* min = range.get("min"))
                campaign.minIntensity = readNumber(*min, range.pathOf("min"), context, 0.0, 1.0, "").value_or(campaign.minIntensity);
            if (const YamlNode* max = range.get("max"))
                campaign.maxIntensity = readNumber(*max, range.pathOf("max"), context, 0.0, 1.0, "").value_or(campaign.maxIntensity);
            if (campaign.minIntensity > campaign.maxIntensity)
                context.error(*intensity, range.pathOf("max"), "expected max at least min");
        }
    }
    if (const YamlNode* targets = reader.get("targets")) {
        const auto text = readString(*targets, reader.pathOf("targets"), context, "instances, services or nodes");
        if (text == std::optional<std::string>("instances"))
            campaign.targets = model::RandomAnomalyCampaignSpec::Targets::Instances;
        else if (text == std::optional<std::string>("services"))
            campaign.targets = model::RandomAnomalyCampaignSpec::Targets::Services;
        else if (text == std::optional<std::string>("nodes"))
            campaign.targets = model::RandomAnomalyCampaignSpec::Targets::Nodes;
        else if (text)
            context.error(*targets, reader.pathOf("targets"), "unknown targets " + targets->describe()
                              + model::didYouMean(*text, {"instances", "services", "nodes"}) + "; expected instances, services or nodes");
    }
}

} // namespace

model::AnomalyCampaignSpec readAnomalies(const YamlNode& node, const std::string& path, ParseContext& context,
                                         const model::Scenario& scenario, bool checkTargets)
{
    model::AnomalyCampaignSpec campaign;
    if (!node.isSequence()) {
        context.error(node, path, "expected a sequence of anomalies (- {kind: cpu, target: ..., ...} or - random: {...}), got " + node.describe());
        return campaign;
    }
    const model::AnomalyTargets known = checkTargets ? knownTargets(scenario) : model::AnomalyTargets{};
    for (std::size_t i = 0; i < node.items().size(); ++i) {
        const YamlNode& item = *node.items()[i];
        const std::string itemPath = indexPath(path, i);
        if (const YamlNode* random = MapReader::find(item, "random")) {
            MapReader reader(item, itemPath, context, {"random"}, "a random campaign: {random: {...}}");
            model::RandomAnomalyCampaignSpec spec;
            readRandom(*random, reader.pathOf("random"), context, spec);
            campaign.random.push_back(spec);
            continue;
        }
        MapReader reader(item, itemPath, context, {"kind", "target", "intensity", "start", "duration", "pattern", "scope"},
                         "an anomaly: a mapping with kind, target, intensity, start, duration and optionally pattern");
        if (!reader.isMap())
            continue;
        const std::size_t errorsBefore = context.errorCount();
        model::AnomalySpec anomaly;
        readInjection(reader, context, anomaly);
        if (checkTargets && context.errorCount() == errorsBefore)
            checkTarget(*reader.get("target"), reader.pathOf("target"), context, anomaly, known);
        if (scenario.horizon > 0 && anomaly.start >= scenario.horizon && context.errorCount() == errorsBefore)
            context.error(*reader.get("start"), reader.pathOf("start"), "expected a start before the horizon, got " + reader.get("start")->describe());
        campaign.injections.push_back(anomaly);
    }
    return campaign;
}

} // namespace orrery::scenario
