#include "scenario/duration_distribution_reader.h"

#include "model/did_you_mean.h"
#include "scenario/map_reader.h"
#include "scenario/scenario_limits.h"
#include "scenario/value_readers.h"

#include <string_view>
#include <vector>

namespace orrery::scenario {

namespace {

using Kind = model::DurationDistribution::Kind;

struct KnownDistribution {
    std::string_view name;
    Kind kind;
    std::vector<std::string> parameters;
};

const std::vector<KnownDistribution>& knownDistributions()
{
    static const std::vector<KnownDistribution> kKnown = {
        {"constant", Kind::Constant, {"value"}},
        {"exponential", Kind::Exponential, {"mean"}},
        {"uniform", Kind::Uniform, {"min", "max"}},
        {"lognormal", Kind::LogNormal, {"median", "sigma"}},
    };
    return kKnown;
}

} // namespace

std::optional<model::DurationDistribution> readDurationDistribution(const YamlNode& node, const std::string& path,
                                                                    ParseContext& context)
{
    model::DurationDistribution distribution;
    if (node.isScalar()) {
        const auto value = readDuration(node, path, context, 1, kMaxJobDuration);
        if (!value)
            return std::nullopt;
        distribution.first = *value;
        return distribution;
    }
    if (!node.isMap()) {
        context.error(node, path,
                      "expected a duration such as 10m, or a distribution such as {distribution: exponential, mean: 10m}, got "
                          + node.describe());
        return std::nullopt;
    }

    std::vector<std::string> names;
    for (const auto& known : knownDistributions())
        names.emplace_back(known.name);
    const YamlNode* nameNode = MapReader::find(node, "distribution");
    const KnownDistribution* chosen = nullptr;
    if (nameNode && nameNode->isScalar()) {
        for (const auto& known : knownDistributions()) {
            if (known.name == nameNode->scalar())
                chosen = &known;
        }
    }
    std::vector<std::string> keys = {"distribution"};
    if (chosen)
        keys.insert(keys.end(), chosen->parameters.begin(), chosen->parameters.end());
    MapReader reader(node, path, context, keys, "a distribution mapping",
                     chosen ? MapReader::UnknownKeys::Report : MapReader::UnknownKeys::Ignore);
    const std::string namePath = reader.pathOf("distribution");
    if (!reader.require("distribution", "constant, exponential, uniform or lognormal"))
        return std::nullopt;
    if (!chosen) {
        std::string message = "unknown distribution " + nameNode->describe();
        if (nameNode->isScalar())
            message += model::didYouMean(nameNode->scalar(), names);
        context.error(*nameNode, namePath, message + "; expected constant, exponential, uniform or lognormal");
        return std::nullopt;
    }

    distribution.kind = chosen->kind;
    bool ok = true;
    const auto durationField = [&](std::string_view key, std::string_view expected, sim::SimTime min) -> sim::SimTime {
        const YamlNode* field = reader.require(key, expected);
        const auto value = field ? readDuration(*field, reader.pathOf(key), context, min, kMaxJobDuration) : std::nullopt;
        ok = ok && value.has_value();
        return value.value_or(0);
    };
    switch (chosen->kind) {
    case Kind::Constant: distribution.first = durationField("value", "a duration such as 10m", 1); break;
    case Kind::Exponential: distribution.first = durationField("mean", "the mean duration such as 10m", 1); break;
    case Kind::Uniform: {
        distribution.first = durationField("min", "the shortest duration such as 1m", 0);
        distribution.second = durationField("max", "the longest duration such as 5m", 1);
        if (ok && distribution.first >= distribution.second) {
            context.error(*reader.get("max"), reader.pathOf("max"),
                          "expected max greater than min (" + reader.get("min")->scalar() + "), got "
                              + reader.get("max")->describe());
            ok = false;
        }
        break;
    }
    case Kind::LogNormal: {
        distribution.first = durationField("median", "the median duration such as 5m", 1);
        if (const YamlNode* sigma = reader.require("sigma", "the shape, a number greater than 0 and at most 5")) {
            const auto value = readNumber(*sigma, reader.pathOf("sigma"), context, 0.0, kMaxLogNormalSigma, "");
            if (value && *value <= 0.0) {
                context.error(*sigma, reader.pathOf("sigma"), "expected a number greater than 0 and at most 5, got " + sigma->describe());
                ok = false;
            }
            ok = ok && value.has_value();
            distribution.sigma = value.value_or(0.0);
        } else {
            ok = false;
        }
        break;
    }
    }
    if (!ok)
        return std::nullopt;
    return distribution;
}

} // namespace orrery::scenario
