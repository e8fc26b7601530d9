#include "experiment/experiment_parser.h"

#include "model/joined_words.h"
#include "scenario/api_version_check.h"
#include "experiment/experiment_limits.h"
#include "experiment/metric_catalog.h"
#include "model/did_you_mean.h"
#include "experiment/live_target_reader.h"
#include "scenario/field_path.h"
#include "scenario/map_reader.h"
#include "scenario/policy_reader.h"
#include "scenario/scenario_limits.h"
#include "scenario/value_readers.h"

#include <algorithm>
#include <limits>

namespace orrery::experiment {

using scenario::indexPath;
using scenario::MapReader;
using scenario::YamlNode;

namespace {

std::string lineOf(const model::SourceLocation& location)
{
    return "line " + std::to_string(location.line);
}

} // namespace

ExperimentParser::ExperimentParser(scenario::ParseContext& context)
    : m_context(context)
{
}

std::optional<ExperimentSpec> ExperimentParser::parse(const YamlNode& root)
{
    MapReader top(root, {}, m_context, {"apiVersion", "kind", "metadata", "spec"},
                  "a mapping with apiVersion, kind, metadata and spec at the top level");
    if (!top.isMap() || !readHeader(top))
        return std::nullopt;
    ExperimentSpec spec;
    if (const YamlNode* metadata = top.require("metadata", "a mapping with name"))
        readMetadata(*metadata, "metadata", spec);
    if (const YamlNode* specNode = top.require("spec", "a mapping with scenario, arms and seeds"))
        readSpec(*specNode, "spec", spec);
    if (m_context.errorCount() > 0)
        return std::nullopt;
    return spec;
}

bool ExperimentParser::readHeader(MapReader& top)
{
    bool sameFormat = scenario::checkApiVersion(top, m_context);
    if (const YamlNode* kind = top.require("kind", "Experiment")) {
        if (!kind->isScalar() || kind->scalar() != "Experiment") {
            std::string message = "this file has kind " + kind->describe();
            if (kind->isScalar() && kind->scalar() == "Scenario")
                message += " (run a scenario with 'orrery run', or name it in an experiment's spec.scenario)";
            else if (kind->isScalar())
                message += model::didYouMean(kind->scalar(), {"Experiment"});
            m_context.error(*kind, "kind", message + "; expected kind: Experiment");
            sameFormat = false;
        }
    }
    return sameFormat;
}

void ExperimentParser::readMetadata(const YamlNode& node, const std::string& path, ExperimentSpec& spec)
{
    MapReader reader(node, path, m_context, {"name", "description"}, "metadata: a mapping with name and description");
    if (const YamlNode* name = reader.require("name", "an experiment name such as demo-ab")) {
        if (const auto value = scenario::readName(*name, reader.pathOf("name"), m_context))
            spec.name = *value;
    }
    if (const YamlNode* description = reader.get("description")) {
        if (description->isScalar())
            spec.description = description->scalar();
        else if (!description->isNull())
            m_context.error(*description, reader.pathOf("description"), "expected a text, got " + description->describe());
    }
}

void ExperimentParser::readSpec(const YamlNode& node, const std::string& path, ExperimentSpec& spec)
{
    MapReader reader(node, path, m_context,
                     {"scenario", "target", "live", "arms", "baseline", "treatment", "seeds", "repeats", "metrics", "sweep"},
                     "spec: a mapping with scenario, arms and seeds");
    if (!reader.isMap())
        return;
    bool live = false;
    if (const YamlNode* target = reader.get("target")) {
        const auto value = scenario::readString(*target, reader.pathOf("target"), m_context, "simulation or live");
        if (value && *value == "live")
            live = true;
        else if (value && *value != "simulation")
            m_context.error(*target, reader.pathOf("target"), "unknown target '" + *value + "'; expected simulation or live");
    }
    if (live) {
        if (const YamlNode* liveNode = reader.require("live", "a mapping with namespace, prometheus, window and metrics"))
            spec.live = readLiveTarget(*liveNode, reader.pathOf("live"), m_context);
        for (const char* key : {"scenario", "seeds", "repeats", "sweep"}) {
            if (const YamlNode* unused = reader.get(key))
                m_context.error(*unused, reader.pathOf(key),
                                std::string("a live experiment has no ") + key
                                    + " (its arms take turns on the cluster in windows: spec.live.windowsPerArm)");
        }
    } else {
        if (const YamlNode* liveNode = reader.get("live"))
            m_context.error(*liveNode, reader.pathOf("live"), "spec.live needs spec.target: live");
        if (const YamlNode* scenarioNode = reader.require("scenario", "a path to a scenario file, relative to this file")) {
            if (const auto value = scenario::readString(*scenarioNode, reader.pathOf("scenario"), m_context,
                                                        "a path to a scenario file, relative to this file")) {
                spec.scenarioReference = *value;
                spec.scenarioLocation = m_context.locationOf(*scenarioNode);
            }
        }
    }
    const std::size_t errorsBeforeArms = m_context.errorCount();
    if (const YamlNode* arms = reader.require("arms", "a sequence of arms, each {name, policies}"))
        readArms(*arms, reader.pathOf("arms"), spec);
    const bool armsValid = m_context.errorCount() == errorsBeforeArms && !spec.arms.empty();
    if (armsValid)
        spec.treatment = spec.arms.size() - 1;
    for (const char* key : {"baseline", "treatment"}) {
        const YamlNode* armNode = reader.get(key);
        if (!armNode || !armsValid)
            continue;
        if (const auto index = readArmReference(*armNode, reader.pathOf(key), spec))
            (std::string_view(key) == "baseline" ? spec.baseline : spec.treatment) = *index;
    }
    if (const YamlNode* seeds = reader.get("seeds"))
        readSeeds(*seeds, reader.pathOf("seeds"), spec);
    if (const YamlNode* repeats = reader.get("repeats")) {
        if (const auto value = scenario::readInteger(*repeats, reader.pathOf("repeats"), m_context, 1, kMaxRepeats))
            spec.repeats = static_cast<int>(*value);
    }
    if (live) {
        readLiveMetricNames(reader.get("metrics"), reader.pathOf("metrics"), spec);
        readLiveArms(reader.pathOf("arms"), spec);
    } else if (const YamlNode* metrics = reader.get("metrics")) {
        readMetrics(*metrics, reader.pathOf("metrics"), spec);
    } else {
        for (const auto& name : defaultMetrics())
            spec.metrics.push_back({name, m_context.locationOf(node)});
    }
    if (const YamlNode* sweep = reader.get("sweep"))
        readSweep(*sweep, reader.pathOf("sweep"), spec);

    if (m_context.errorCount() == 0) {
        const std::size_t seeds = std::max<std::size_t>(spec.seeds.size(), 1);
        const std::size_t cells = spec.pointCount() * spec.arms.size() * seeds * static_cast<std::size_t>(spec.repeats);
        if (cells > kMaxCells) {
            m_context.error(node, path,
                            "the experiment has " + std::to_string(cells) + " runs (" + std::to_string(spec.pointCount())
                                + " sweep points x " + std::to_string(spec.arms.size()) + " arms x "
                                + std::to_string(seeds) + " seeds x " + std::to_string(spec.repeats)
                                + " repeats); expected at most " + std::to_string(kMaxCells));
        }
    }
}

void ExperimentParser::readArms(const YamlNode& node, const std::string& path, ExperimentSpec& spec)
{
    if (!node.isSequence() || node.items().empty()) {
        m_context.error(node, path,
                        "expected a non-empty sequence of arms such as [{name: first-fit, policies: {placement: {plugin: "
                        "first-fit}}}], got " + node.describe());
        return;
    }
    if (static_cast<std::int64_t>(node.items().size()) > kMaxArms) {
        m_context.error(node, path, "expected at most " + std::to_string(kMaxArms) + " arms, got "
                                        + std::to_string(node.items().size()));
        return;
    }
    for (std::size_t i = 0; i < node.items().size(); ++i) {
        const YamlNode& item = *node.items()[i];
        const std::string itemPath = indexPath(path, i);
        MapReader reader(item, itemPath, m_context, {"name", "policies", "train"}, "an arm: a mapping with name and policies");
        if (!reader.isMap())
            continue;
        ArmSpec arm;
        arm.location = m_context.locationOf(item);
        if (const YamlNode* name = reader.require("name", "an arm name such as first-fit")) {
            if (const auto value = scenario::readName(*name, reader.pathOf("name"), m_context)) {
                const auto same = std::find_if(spec.arms.begin(), spec.arms.end(),
                                               [&](const ArmSpec& other) { return other.name == *value; });
                if (same != spec.arms.end()) {
                    m_context.error(*name, reader.pathOf("name"),
                                    "arm name '" + *value + "' is used twice (first at " + lineOf(same->location)
                                        + "); expected unique arm names");
                }
                arm.name = *value;
            }
        }
        if (const YamlNode* policies = reader.get("policies"))
            arm.policies = scenario::readPolicies(*policies, reader.pathOf("policies"), m_context);
        if (const YamlNode* train = reader.get("train")) {
            arm.training = readTraining(*train, reader.pathOf("train"));
            if (arm.training && arm.policies.find("control") == arm.policies.end()) {
                m_context.error(*train, reader.pathOf("train"),
                                "an arm that trains needs policies.control naming a trainable control plugin");
            }
        }
        spec.arms.push_back(std::move(arm));
    }
}

std::optional<ArmTraining> ExperimentParser::readTraining(const YamlNode& node, const std::string& path)
{
    MapReader reader(node, path, m_context, {"scenario", "episodes", "steps", "checkpointEvery", "seed", "evalEvery", "evalEpisodes"},
                     "training: a mapping {scenario: FILE.yaml, episodes: N, steps: 50}");
    if (!reader.isMap())
        return std::nullopt;
    const std::size_t errorsBefore = m_context.errorCount();
    ArmTraining training;
    training.location = m_context.locationOf(node);
    if (const YamlNode* scenarioNode = reader.require("scenario", "the scenario to train in, relative to this file")) {
        if (const auto value = scenario::readString(*scenarioNode, reader.pathOf("scenario"), m_context, "a scenario file"))
            training.scenarioReference = *value;
    }
    if (const YamlNode* episodes = reader.require("episodes", "training episodes such as 500"))
        training.episodes = static_cast<std::uint32_t>(scenario::readInteger(*episodes, reader.pathOf("episodes"), m_context, 1, 1'000'000).value_or(1));
    if (const YamlNode* steps = reader.get("steps"))
        training.steps = static_cast<std::uint32_t>(scenario::readInteger(*steps, reader.pathOf("steps"), m_context, 1, 100'000).value_or(50));
    if (const YamlNode* every = reader.get("checkpointEvery"))
        training.checkpointEvery = static_cast<std::uint32_t>(scenario::readInteger(*every, reader.pathOf("checkpointEvery"), m_context, 0, 1'000'000).value_or(0));
    if (const YamlNode* seed = reader.get("seed")) {
        if (const auto value = scenario::readInteger(*seed, reader.pathOf("seed"), m_context, 0, std::numeric_limits<std::int64_t>::max()))
            training.seed = static_cast<std::uint64_t>(*value);
    }
    if (const YamlNode* every = reader.get("evalEvery")) {
        if (const auto value = scenario::readInteger(*every, reader.pathOf("evalEvery"), m_context, 0, 1'000'000)) {
            if (*value > training.episodes)
                m_context.error(*every, reader.pathOf("evalEvery"), "expected at most episodes (" + std::to_string(training.episodes)
                                                                        + ") episodes between evaluations, or 0 for none; got " + std::to_string(*value));
            else
                training.evalEvery = static_cast<std::uint32_t>(*value);
        }
    }
    if (const YamlNode* episodes = reader.get("evalEpisodes"))
        training.evalEpisodes = static_cast<std::uint32_t>(scenario::readInteger(*episodes, reader.pathOf("evalEpisodes"), m_context, 1, 1'000).value_or(3));
    if (m_context.errorCount() != errorsBefore)
        return std::nullopt;
    return training;
}

std::optional<std::size_t> ExperimentParser::readArmReference(const YamlNode& node, const std::string& path,
                                                              const ExperimentSpec& spec)
{
    const auto name = scenario::readString(node, path, m_context, "the name of one of the arms");
    if (!name)
        return std::nullopt;
    std::vector<std::string> names;
    for (std::size_t i = 0; i < spec.arms.size(); ++i) {
        if (spec.arms[i].name == *name)
            return i;
        names.push_back(spec.arms[i].name);
    }
    m_context.error(node, path,
                    "no arm is named '" + *name + "'" + model::didYouMean(*name, names) + "; expected one of: " + model::joinedWords(names));
    return std::nullopt;
}

void ExperimentParser::readSeeds(const YamlNode& node, const std::string& path, ExperimentSpec& spec)
{
    if (node.isSequence()) {
        if (node.items().empty() || static_cast<std::int64_t>(node.items().size()) > kMaxSeeds) {
            m_context.error(node, path, "expected 1 to " + std::to_string(kMaxSeeds) + " seeds, got "
                                            + std::to_string(node.items().size()));
            return;
        }
        for (std::size_t i = 0; i < node.items().size(); ++i) {
            const YamlNode& item = *node.items()[i];
            const auto seed = scenario::readUnsigned64(item, indexPath(path, i), m_context);
            if (!seed)
                continue;
            if (std::find(spec.seeds.begin(), spec.seeds.end(), *seed) != spec.seeds.end()) {
                m_context.error(item, indexPath(path, i),
                                "seed " + std::to_string(*seed)
                                    + " is listed twice; expected unique seeds (a seed gives the same runs every time)");
                continue;
            }
            spec.seeds.push_back(*seed);
        }
        return;
    }
    if (!node.isMap()) {
        m_context.error(node, path, "expected a list of seeds such as [1, 2, 3] or {count: 5, first: 1}, got "
                                        + node.describe());
        return;
    }
    MapReader reader(node, path, m_context, {"count", "first"}, "seeds: a list, or a mapping with count and first");
    const YamlNode* countNode = reader.require("count", "how many seeds, such as 5");
    if (!countNode)
        return;
    const auto count = scenario::readInteger(*countNode, reader.pathOf("count"), m_context, 1, kMaxSeeds);
    std::uint64_t first = kDefaultFirstSeed;
    if (const YamlNode* firstNode = reader.get("first")) {
        const auto value = scenario::readUnsigned64(*firstNode, reader.pathOf("first"), m_context);
        if (!value)
            return;
        first = *value;
        if (count && std::numeric_limits<std::uint64_t>::max() - first < static_cast<std::uint64_t>(*count - 1)) {
            m_context.error(*firstNode, reader.pathOf("first"),
                            "seeds from " + std::to_string(first) + " on run past 18446744073709551615; expected a "
                                + "first seed of at most " + std::to_string(std::numeric_limits<std::uint64_t>::max() - static_cast<std::uint64_t>(*count - 1)));
            return;
        }
    }
    if (!count)
        return;
    for (std::int64_t i = 0; i < *count; ++i)
        spec.seeds.push_back(first + static_cast<std::uint64_t>(i));
}

void ExperimentParser::readMetrics(const YamlNode& node, const std::string& path, ExperimentSpec& spec)
{
    if (!node.isSequence() || node.items().empty()) {
        m_context.error(node, path, "expected a non-empty list of metric names such as [job.completion_time.mean], got "
                                        + node.describe());
        return;
    }
    if (static_cast<std::int64_t>(node.items().size()) > kMaxMetrics) {
        m_context.error(node, path, "expected at most " + std::to_string(kMaxMetrics) + " metrics, got "
                                        + std::to_string(node.items().size()));
        return;
    }
    for (std::size_t i = 0; i < node.items().size(); ++i) {
        const YamlNode& item = *node.items()[i];
        const std::string itemPath = indexPath(path, i);
        const auto name = scenario::readString(item, itemPath, m_context, "a metric name such as job.completion_time.mean");
        if (!name)
            continue;
        const bool repeated = std::any_of(spec.metrics.begin(), spec.metrics.end(),
                                          [&](const MetricSpec& metric) { return metric.name == *name; });
        if (repeated) {
            m_context.error(item, itemPath, "metric '" + *name + "' is listed twice; expected unique metric names");
            continue;
        }
        if (!isKnownMetric(*name)) {
            const std::string suggestion = model::closestMatch(*name, metricSuggestions());
            if (!suggestion.empty()) {
                m_context.error(item, itemPath,
                                "unknown metric '" + *name + "' (did you mean '" + suggestion
                                    + "'?); expected a metric the simulator records (docs/model.md, \"Metrics of a run\")");
                continue;
            }
            m_warnings.push_back({m_context.locationOf(item), itemPath,
                                  "metric '" + *name + "' is not one the simulator is known to record "
                                      + "(docs/model.md, \"Metrics of a run\"); it is compared only if the runs record it"});
        }
        spec.metrics.push_back({*name, m_context.locationOf(item)});
    }
}

void ExperimentParser::readSweep(const YamlNode& node, const std::string& path, ExperimentSpec& spec)
{
    MapReader reader(node, path, m_context, {"parameter", "values"}, "sweep: a mapping with parameter and values");
    if (!reader.isMap())
        return;
    SweepSpec sweep;
    sweep.location = m_context.locationOf(node);
    bool valid = true;
    const std::string expectedParameter = "one of: " + model::joinedWords(sweepParameterNames());
    if (const YamlNode* parameter = reader.require("parameter", expectedParameter)) {
        const auto text = scenario::readString(*parameter, reader.pathOf("parameter"), m_context, expectedParameter);
        const auto value = text ? sweepParameterFromString(*text) : std::nullopt;
        if (text && !value) {
            m_context.error(*parameter, reader.pathOf("parameter"),
                            "unknown sweep parameter '" + *text + "'" + model::didYouMean(*text, sweepParameterNames())
                                + "; expected " + expectedParameter);
        }
        if (value)
            sweep.parameter = *value;
        else
            valid = false;
    } else {
        valid = false;
    }
    const YamlNode* values = reader.require("values", "a list of values such as [100, 200, 400]");
    if (!values || !valid)
        return;
    if (!values->isSequence() || values->items().empty()
        || static_cast<std::int64_t>(values->items().size()) > kMaxSweepPoints) {
        m_context.error(*values, reader.pathOf("values"),
                        "expected a list of 1 to " + std::to_string(kMaxSweepPoints)
                            + " values such as [100, 200, 400], got "
                            + (values->isSequence() ? std::to_string(values->items().size()) + " values" : values->describe()));
        return;
    }
    for (std::size_t i = 0; i < values->items().size(); ++i) {
        const YamlNode& item = *values->items()[i];
        const std::string itemPath = indexPath(reader.pathOf("values"), i);
        std::optional<double> value;
        if (sweep.parameter == SweepParameter::Jobs) {
            if (const auto jobs = scenario::readInteger(item, itemPath, m_context, 1, scenario::kMaxJobs))
                value = static_cast<double>(*jobs);
        } else {
            value = scenario::readNumber(item, itemPath, m_context, 0.0, kMaxSweepFactor, "(a factor)");
            if (value && *value <= 0.0) {
                m_context.error(item, itemPath, "expected a factor greater than 0 and at most 1000, got " + item.describe());
                value.reset();
            }
        }
        if (!value)
            continue;
        const auto same = std::find_if(sweep.points.begin(), sweep.points.end(),
                                       [&](const SweepPoint& point) { return point.value == *value; });
        if (same != sweep.points.end()) {
            m_context.error(item, itemPath, "sweep value " + item.describe() + " is listed twice (first at "
                                                + lineOf(same->location) + "); expected unique values");
            continue;
        }
        sweep.points.push_back({*value, item.scalar(), m_context.locationOf(item)});
    }
    spec.sweep = std::move(sweep);
}

void ExperimentParser::readLiveMetricNames(const YamlNode* node, const std::string& path, ExperimentSpec& spec)
{
    if (!spec.live)
        return;
    std::vector<std::string> names;
    if (spec.live->placement) {
        for (const LivePlacementMetric& metric : livePlacementMetrics())
            names.emplace_back(metric.name);
    }
    for (const LiveMetricQuery& metric : spec.live->metrics)
        names.push_back(metric.name);
    if (node == nullptr) { // default: every metric the live target measures
        for (const std::string& name : names)
            spec.metrics.push_back({name, spec.live->location});
        return;
    }
    if (!node->isSequence() || node->items().empty()) {
        m_context.error(*node, path, "expected a non-empty list of names of spec.live.metrics, got " + node->describe());
        return;
    }
    for (std::size_t i = 0; i < node->items().size(); ++i) {
        const YamlNode& item = *node->items()[i];
        const std::string itemPath = indexPath(path, i);
        const auto name = scenario::readString(item, itemPath, m_context, "the name of one of spec.live.metrics");
        if (!name)
            continue;
        if (std::find(names.begin(), names.end(), *name) == names.end()) {
            const std::string suggestion = model::closestMatch(*name, names);
            m_context.error(item, itemPath, "unknown metric '" + *name + "'"
                                                + (suggestion.empty() ? std::string() : " (did you mean '" + suggestion + "'?)")
                                                + "; expected one of spec.live.metrics"
                                                + (spec.live->placement ? " or of the placement.* metrics a placement window measures" : ""));
            continue;
        }
        if (std::any_of(spec.metrics.begin(), spec.metrics.end(), [&](const MetricSpec& m) { return m.name == *name; })) {
            m_context.error(item, itemPath, "metric '" + *name + "' is listed twice; expected unique metric names");
            continue;
        }
        spec.metrics.push_back({*name, m_context.locationOf(item)});
    }
}

void ExperimentParser::readLiveArms(const std::string& path, ExperimentSpec& spec)
{
    if (!spec.live)
        return;
    for (std::size_t a = 0; a < spec.arms.size(); ++a) {
        const ArmSpec& arm = spec.arms[a];
        const std::string armPath = indexPath(path, a);
        if (arm.training)
            m_context.error(arm.location, armPath + ".train",
                            "arms of a live experiment do not train; train in simulation first (orrery train) and the arm uses the project's model");
        const char* point = spec.live->placement ? "placement" : "control";
        if (arm.policies.count(point) == 0 || arm.policies.size() != 1)
            m_context.error(arm.location, armPath + ".policies",
                            std::string("an arm of a live experiment names exactly one ") + point + " policy, {" + point
                                + ": {plugin: …}}" + (spec.live->placement ? " (spec.live.placement submits the pods it places)" : ""));
    }
    // Window k of every arm is "seed" k: compareArms pairs and orders values by it.
    for (int window = 1; window <= spec.live->windowsPerArm; ++window)
        spec.seeds.push_back(static_cast<std::uint64_t>(window));
}

} // namespace orrery::experiment
