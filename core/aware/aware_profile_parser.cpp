#include "aware/aware_profile_parser.h"

#include "scenario/api_version_check.h"
#include "model/did_you_mean.h"
#include "scenario/map_reader.h"
#include "scenario/value_readers.h"
#include "sim/sim_time.h"

#include <cstdint>

namespace orrery::aware {

using scenario::MapReader;
using scenario::YamlNode;

namespace {

constexpr std::string_view kKind = "AwareProfile";
//! Bound on reward thresholds: far beyond any per-episode reward, small enough to print exactly.
constexpr double kMaxReward = 1e12;
constexpr std::int64_t kMaxWindow = 100000;

std::string number(double value)
{
    std::string text = std::to_string(value);
    text.erase(text.find_last_not_of('0') + 1);
    if (!text.empty() && text.back() == '.')
        text.pop_back();
    return text;
}

} // namespace

AwareProfileParser::AwareProfileParser(scenario::ParseContext& context)
    : m_context(context)
{
}

std::optional<AwareProfile> AwareProfileParser::parse(const YamlNode& root)
{
    MapReader top(root, {}, m_context, {"apiVersion", "kind", "metadata", "spec"},
                  "a mapping with apiVersion, kind, metadata and spec at the top level");
    if (!top.isMap() || !readHeader(top))
        return std::nullopt;
    AwareProfile profile;
    if (const YamlNode* metadata = top.require("metadata", "a mapping with name"))
        readMetadata(*metadata, "metadata", profile);
    if (const YamlNode* spec = top.require("spec", "a mapping with targets, bootstrap, window and thresholds"))
        readSpec(*spec, "spec", profile);
    if (m_context.errorCount() > 0)
        return std::nullopt;
    return profile;
}

bool AwareProfileParser::readHeader(MapReader& top)
{
    bool sameFormat = scenario::checkApiVersion(top, m_context);
    if (const YamlNode* kind = top.require("kind", kKind)) {
        if (!kind->isScalar() || kind->scalar() != kKind) {
            std::string message = "this file has kind " + kind->describe();
            if (kind->isScalar())
                message += model::didYouMean(kind->scalar(), {std::string(kKind)});
            m_context.error(*kind, "kind", message + "; expected kind: AwareProfile");
            sameFormat = false;
        }
    }
    return sameFormat;
}

void AwareProfileParser::readMetadata(const YamlNode& node, const std::string& path, AwareProfile& profile)
{
    MapReader reader(node, path, m_context, {"name", "description"}, "metadata: a mapping with name and description");
    if (!reader.isMap())
        return;
    if (const YamlNode* name = reader.require("name", "a profile name such as aware-default")) {
        if (const auto value = scenario::readName(*name, reader.pathOf("name"), m_context))
            profile.name = *value;
    }
    if (const YamlNode* description = reader.get("description")) {
        if (description->isScalar())
            profile.description = description->scalar();
        else if (!description->isNull())
            m_context.error(*description, reader.pathOf("description"), "expected a text, got " + description->describe());
    }
}

void AwareProfileParser::readSpec(const YamlNode& node, const std::string& path, AwareProfile& profile)
{
    MapReader reader(node, path, m_context, {"targets", "bootstrap", "window", "thresholds"},
                     "spec: a mapping with targets, bootstrap, window and thresholds");
    if (!reader.isMap())
        return;
    if (const YamlNode* targets = reader.require("targets", "a mapping with cpuUtilization, memoryUtilization and slo"))
        readTargets(*targets, reader.pathOf("targets"), profile.targets);
    if (const YamlNode* bootstrap = reader.get("bootstrap"))
        profile.lifecycle.bootstrap = scenario::readSwitch(*bootstrap, reader.pathOf("bootstrap"), m_context, true);
    if (const YamlNode* window = reader.get("window"))
        readWindow(*window, reader.pathOf("window"), profile.lifecycle);
    else
        profile.lifecycle.minEpisodes = profile.lifecycle.recentEpisodes;
    if (const YamlNode* thresholds = reader.require("thresholds", "a mapping with online, serving, maxStdDev and retraining"))
        readThresholds(*thresholds, reader.pathOf("thresholds"), profile.lifecycle);
}

void AwareProfileParser::readTargets(const YamlNode& node, const std::string& path, AwareTargets& targets)
{
    MapReader reader(node, path, m_context, {"cpuUtilization", "memoryUtilization", "slo"},
                     "targets: a mapping with cpuUtilization, memoryUtilization and slo");
    if (!reader.isMap())
        return;
    for (const char* key : {"cpuUtilization", "memoryUtilization"}) {
        const YamlNode* value = reader.require(key, "a utilization target such as 0.7 (a fraction of the limit)");
        if (!value)
            continue;
        const auto fraction = scenario::readNumber(*value, reader.pathOf(key), m_context, 0.0, 1.0, "(a fraction of the limit)");
        if (!fraction)
            continue;
        if (*fraction <= 0.0) {
            m_context.error(*value, reader.pathOf(key),
                            "expected a utilization target greater than 0 and at most 1 (a fraction of the limit), got "
                                + value->describe());
            continue;
        }
        (std::string_view(key) == "cpuUtilization" ? targets.cpuUtilization : targets.memoryUtilization) = *fraction;
    }
    if (const YamlNode* slo = reader.get("slo"))
        readSlo(*slo, reader.pathOf("slo"), targets);
}

void AwareProfileParser::readSlo(const YamlNode& node, const std::string& path, AwareTargets& targets)
{
    MapReader reader(node, path, m_context, {"latency", "percentile", "throughput"},
                     "slo: a mapping with latency (and percentile) or throughput");
    if (!reader.isMap())
        return;
    const YamlNode* latency = reader.get("latency");
    const YamlNode* percentile = reader.get("percentile");
    const YamlNode* throughput = reader.get("throughput");
    if (latency && throughput) {
        m_context.error(*throughput, reader.pathOf("throughput"),
                        "an SLO is either a latency or a throughput, not both; expected one of them");
        return;
    }
    if (!latency && !throughput) {
        m_context.error(node, path, "expected latency (such as 200ms, with an optional percentile) or throughput "
                                    "(such as 100/s), got neither");
        return;
    }
    AwareSlo slo;
    bool valid = true;
    if (latency) {
        slo.kind = AwareSlo::Kind::Latency;
        const auto value = scenario::readDuration(*latency, reader.pathOf("latency"), m_context, sim::kMicrosecond,
                                                  3600 * sim::kSecond);
        valid = value.has_value();
        slo.latency = value.value_or(0);
        if (percentile) {
            const auto p = scenario::readNumber(*percentile, reader.pathOf("percentile"), m_context, 0.0, 100.0, "");
            if (p && (*p <= 0.0 || *p >= 100.0)) {
                m_context.error(*percentile, reader.pathOf("percentile"),
                                "expected a percentile greater than 0 and less than 100, got " + percentile->describe());
                valid = false;
            } else if (!p) {
                valid = false;
            } else {
                slo.percentile = *p;
            }
        }
    } else {
        slo.kind = AwareSlo::Kind::Throughput;
        if (percentile) {
            m_context.error(*percentile, reader.pathOf("percentile"),
                            "a percentile belongs to a latency SLO; expected latency with it, or no percentile");
            valid = false;
        }
        const auto value = scenario::readRate(*throughput, reader.pathOf("throughput"), m_context, 1e9);
        valid = valid && value.has_value();
        slo.throughputPerSecond = value.value_or(0.0);
    }
    if (valid)
        targets.slo = slo;
}

void AwareProfileParser::readWindow(const YamlNode& node, const std::string& path, LifecycleThresholds& lifecycle)
{
    MapReader reader(node, path, m_context, {"recentEpisodes", "minEpisodes"},
                     "window: a mapping with recentEpisodes and minEpisodes");
    if (!reader.isMap())
        return;
    if (const YamlNode* recent = reader.require("recentEpisodes", "the number of recent episode rewards averaged, such as 10")) {
        if (const auto value = scenario::readInteger(*recent, reader.pathOf("recentEpisodes"), m_context, 1, kMaxWindow))
            lifecycle.recentEpisodes = *value;
    }
    lifecycle.minEpisodes = lifecycle.recentEpisodes;
    if (const YamlNode* min = reader.get("minEpisodes")) {
        if (const auto value = scenario::readInteger(*min, reader.pathOf("minEpisodes"), m_context, 1, kMaxWindow)) {
            if (*value > lifecycle.recentEpisodes) {
                m_context.error(*min, reader.pathOf("minEpisodes"),
                                "minEpisodes " + std::to_string(*value) + " is more than recentEpisodes "
                                    + std::to_string(lifecycle.recentEpisodes)
                                    + "; expected at most the window's length");
            } else {
                lifecycle.minEpisodes = *value;
            }
        }
    }
}

void AwareProfileParser::readThresholds(const YamlNode& node, const std::string& path, LifecycleThresholds& lifecycle)
{
    MapReader reader(node, path, m_context, {"online", "serving", "maxStdDev", "retraining"},
                     "thresholds: a mapping with online, serving, maxStdDev and retraining");
    if (!reader.isMap())
        return;
    const auto readReward = [&](const YamlNode& value, const char* key, double min) {
        return scenario::readNumber(value, reader.pathOf(key), m_context, min, kMaxReward, "(reward units)");
    };
    std::optional<double> online;
    const YamlNode* onlineNode = lifecycle.bootstrap
        ? reader.require("online", "T_online, the average reward that ends bootstrapping, such as 585")
        : reader.get("online");
    if (onlineNode) {
        online = readReward(*onlineNode, "online", -kMaxReward);
        lifecycle.online = online.value_or(0.0);
    }
    if (const YamlNode* serving = reader.require("serving", "T_serving, the average reward needed to serve, such as 840")) {
        if (const auto value = readReward(*serving, "serving", -kMaxReward)) {
            lifecycle.serving = *value;
            if (online && *value < *online) {
                m_context.error(*serving, reader.pathOf("serving"),
                                "T_serving " + number(*value) + " is below T_online " + number(*online)
                                    + "; expected serving to be at least online");
            }
        }
    }
    if (const YamlNode* maxStdDev = reader.require("maxStdDev", "T_var, the largest standard deviation of recent rewards "
                                                                "that still allows serving, such as 30")) {
        if (const auto value = readReward(*maxStdDev, "maxStdDev", 0.0))
            lifecycle.maxStdDev = *value;
    }
    if (const YamlNode* retraining = reader.get("retraining")) {
        if (const auto value = readReward(*retraining, "retraining", 0.0))
            lifecycle.retraining = *value;
    }
}

} // namespace orrery::aware
