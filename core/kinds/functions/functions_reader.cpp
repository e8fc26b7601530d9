#include "kinds/functions/functions_reader.h"

#include "kinds/functions/function_profile_reader.h"
#include "model/did_you_mean.h"
#include "scenario/field_path.h"
#include "scenario/scenario_limits.h"
#include "scenario/scenario_load_options.h"
#include "scenario/value_readers.h"

#include <algorithm>
#include <map>

namespace orrery::kinds::functions {

using scenario::MapReader;
using scenario::ParseContext;
using scenario::YamlNode;

namespace {

constexpr std::int64_t kMaxContainersPerFunction = 1000; // seed 001 §4.3.1 (AWS Lambda's default concurrency)

void readArrivals(const YamlNode& node, const std::string& path, ParseContext& context, FunctionArrivals& arrivals)
{
    MapReader reader(node, path, context, {"pattern", "rate", "every", "popularity", "diurnalAmplitude", "burstShape", "burstyShare"},
                     "arrivals: a mapping {pattern: flat | fluctuating | azure, rate: 10/s}");
    if (!reader.isMap())
        return;
    if (const YamlNode* pattern = reader.get("pattern")) {
        const auto text = scenario::readString(*pattern, reader.pathOf("pattern"), context, "flat, fluctuating or azure");
        if (text == "flat")
            arrivals.pattern = FunctionArrivals::Pattern::Flat;
        else if (text == "fluctuating")
            arrivals.pattern = FunctionArrivals::Pattern::Fluctuating;
        else if (text == "azure")
            arrivals.pattern = FunctionArrivals::Pattern::Azure;
        else if (text)
            context.error(*pattern, reader.pathOf("pattern"),
                          "unknown arrival pattern '" + *text + "'" + model::didYouMean(*text, {"flat", "fluctuating", "azure"})
                              + "; expected flat, fluctuating or azure");
    }
    if (const YamlNode* rate = reader.require("rate", "invocations per second such as 10/s (fluctuating: the peak; azure: the mean)"))
        arrivals.ratePerSecond = scenario::readRate(*rate, reader.pathOf("rate"), context, scenario::kMaxArrivalsPerSecond).value_or(arrivals.ratePerSecond);
    if (const YamlNode* every = reader.get("every"))
        arrivals.every = scenario::readDuration(*every, reader.pathOf("every"), context, sim::kMillisecond, 24 * sim::kHour).value_or(arrivals.every);
    if (const YamlNode* popularity = reader.get("popularity"))
        arrivals.popularity = scenario::readSwitch(*popularity, reader.pathOf("popularity"), context, arrivals.popularity);
    if (const YamlNode* shape = reader.get("burstShape"))
        arrivals.burstShape = scenario::readNumber(*shape, reader.pathOf("burstShape"), context, 0.0, 100.0, "").value_or(arrivals.burstShape);
    if (const YamlNode* share = reader.get("burstyShare"))
        arrivals.burstyShare = scenario::readNumber(*share, reader.pathOf("burstyShare"), context, 0.0, 1.0, "").value_or(arrivals.burstyShare);
    if (const YamlNode* amplitude = reader.get("diurnalAmplitude"))
        arrivals.diurnalAmplitude = scenario::readNumber(*amplitude, reader.pathOf("diurnalAmplitude"), context, 0.0, 1.0, "").value_or(arrivals.diurnalAmplitude);
}

//! containers / cpuShares / memory keys of a mapping into `settings`.
void readContainerKeys(MapReader& reader, ParseContext& context, ContainerSettings& settings)
{
    if (const YamlNode* containers = reader.get("containers"))
        settings.containers = static_cast<std::int32_t>(
            scenario::readInteger(*containers, reader.pathOf("containers"), context, 0, kMaxContainersPerFunction).value_or(settings.containers));
    if (const YamlNode* shares = reader.get("cpuShares"))
        settings.cpuShares = static_cast<std::int32_t>(
            scenario::readInteger(*shares, reader.pathOf("cpuShares"), context, 128, 2048).value_or(settings.cpuShares));
    if (const YamlNode* memory = reader.get("memory"))
        settings.memoryBytes = scenario::readBytes(*memory, reader.pathOf("memory"), context, 128LL << 20, 2048LL << 20).value_or(settings.memoryBytes);
}

void readPlatform(const YamlNode& node, const std::string& path, ParseContext& context, const model::ClusterSpec* cluster,
                  PlatformSettings& platform)
{
    MapReader reader(node, path, context,
                     {"invokers", "coldStart", "coldStartStd", "warmStart", "warmStartStd", "pauseGrace", "keepAlive",
                      "controlPeriod", "idleMemoryShare", "maxContainers", "isolated"},
                     "the platform: a mapping with invokers, coldStart, keepAlive, controlPeriod");
    if (!reader.isMap())
        return;
    if (const YamlNode* invokers = reader.get("invokers")) {
        if (const auto pool = scenario::readString(*invokers, reader.pathOf("invokers"), context, "the node pool of the invokers")) {
            platform.invokerPool = *pool;
            if (cluster) {
                std::vector<std::string> names;
                for (const auto& p : cluster->pools)
                    names.push_back(p.name);
                if (std::find(names.begin(), names.end(), *pool) == names.end())
                    context.error(*invokers, reader.pathOf("invokers"),
                                  "no node pool named '" + *pool + "'" + model::didYouMean(*pool, names));
            }
        }
    }
    const auto duration = [&](const char* key, sim::SimTime min, sim::SimTime max, sim::SimTime& target) {
        if (const YamlNode* value = reader.get(key))
            target = scenario::readDuration(*value, reader.pathOf(key), context, min, max).value_or(target);
    };
    duration("coldStart", 0, sim::kMinute, platform.coldStartMean);
    duration("coldStartStd", 0, sim::kMinute, platform.coldStartStd);
    duration("warmStart", 0, sim::kMinute, platform.warmStartMean);
    duration("warmStartStd", 0, sim::kMinute, platform.warmStartStd);
    duration("pauseGrace", 0, sim::kHour, platform.pauseGrace);
    duration("keepAlive", sim::kSecond, 24 * sim::kHour, platform.keepAlive);
    duration("controlPeriod", 100 * sim::kMillisecond, sim::kHour, platform.controlPeriod);
    if (const YamlNode* share = reader.get("idleMemoryShare"))
        platform.idleMemoryShare = scenario::readNumber(*share, reader.pathOf("idleMemoryShare"), context, 0.0, 1.0, "").value_or(platform.idleMemoryShare);
    if (const YamlNode* isolated = reader.get("isolated"))
        platform.isolated = scenario::readSwitch(*isolated, reader.pathOf("isolated"), context, false);
    if (const YamlNode* max = reader.get("maxContainers"))
        platform.maxContainers = static_cast<std::int32_t>(
            scenario::readInteger(*max, reader.pathOf("maxContainers"), context, 1, kMaxContainersPerFunction).value_or(platform.maxContainers));
}

std::vector<FunctionProfile> builtInCatalog(const YamlNode& at, ParseContext& context)
{
    const scenario::ScenarioLoadOptions defaults = scenario::ScenarioLoadOptions::defaults();
    const auto& path = context.loadOptions() ? context.loadOptions()->resourcePath : defaults.resourcePath;
    const auto file = scenario::findResource(path, "profiles", "functions");
    if (!file) {
        context.error(at, "", "the built-in function profiles (profiles/functions.yaml) are not in the resource path; "
                              "set ORRERY_RESOURCE_PATH or declare the workload's own profiles:");
        return {};
    }
    FunctionCatalogLoad load = loadFunctionCatalog(*file);
    for (model::Diagnostic& diagnostic : load.diagnostics)
        context.error(diagnostic.location, diagnostic.fieldPath, diagnostic.message);
    return std::move(load.profiles);
}

} // namespace

const std::vector<std::string>& functionsKeys()
{
    static const std::vector<std::string> kKeys = {"name", "kind", "platform", "defaults", "functions", "profiles", "churn"};
    return kKeys;
}

std::unique_ptr<FunctionsSpec> readFunctionsWorkload(MapReader& reader, ParseContext& context, const model::ClusterSpec* cluster)
{
    auto spec = std::make_unique<FunctionsSpec>();
    const std::size_t errorsBefore = context.errorCount();
    if (const YamlNode* platform = reader.get("platform"))
        readPlatform(*platform, reader.pathOf("platform"), context, cluster, spec->platform);

    // The catalog: built-in profiles, then the scenario's own (which may replace one by name).
    spec->catalog = builtInCatalog(reader.node(), context);
    if (const YamlNode* own = reader.get("profiles")) {
        for (FunctionProfile& profile : readFunctionProfiles(*own, reader.pathOf("profiles"), context)) {
            const auto it = std::find_if(spec->catalog.begin(), spec->catalog.end(), [&](const auto& p) { return p.name == profile.name; });
            if (it != spec->catalog.end())
                *it = std::move(profile);
            else
                spec->catalog.push_back(std::move(profile));
        }
    }
    std::vector<std::string> profileNames;
    for (const FunctionProfile& profile : spec->catalog)
        profileNames.push_back(profile.name);

    FunctionSpec defaults;
    defaults.arrivals.ratePerSecond = 1.0;
    if (const YamlNode* node = reader.get("defaults")) {
        MapReader d(*node, reader.pathOf("defaults"), context, {"arrivals", "containers", "cpuShares", "memory"},
                    "function defaults: a mapping with arrivals, containers, cpuShares, memory");
        if (d.isMap()) {
            if (const YamlNode* arrivals = d.get("arrivals"))
                readArrivals(*arrivals, d.pathOf("arrivals"), context, defaults.arrivals);
            readContainerKeys(d, context, defaults.initial);
        }
    }
    spec->churnArrivals = defaults.arrivals;
    spec->churnInitial = defaults.initial;

    if (const YamlNode* functions = reader.require("functions", "a sequence of functions such as - {name: primes, profile: primes}")) {
        if (!functions->isSequence() || functions->items().empty()) {
            context.error(*functions, reader.pathOf("functions"), "expected a non-empty sequence of functions, got " + functions->describe());
        } else {
            std::map<std::string, std::size_t> seen;
            for (std::size_t i = 0; i < functions->items().size(); ++i) {
                const YamlNode& item = *functions->items()[i];
                const std::string path = scenario::indexPath(reader.pathOf("functions"), i);
                MapReader f(item, path, context, {"name", "profile", "slo", "arrivals", "containers", "cpuShares", "memory"},
                            "a function: a mapping with name and profile");
                if (!f.isMap())
                    continue;
                FunctionSpec function = defaults;
                function.location = context.locationOf(item);
                if (const YamlNode* name = f.require("name", "a function name such as primes")) {
                    if (const auto value = scenario::readName(*name, f.pathOf("name"), context)) {
                        function.name = *value;
                        if (const auto [it, inserted] = seen.emplace(*value, i); !inserted)
                            context.error(*name, f.pathOf("name"), "duplicate function name '" + *value + "', already used by "
                                                                       + scenario::indexPath(reader.pathOf("functions"), it->second));
                    }
                }
                bool profileOk = false;
                if (const YamlNode* profile = f.require("profile", "a function profile such as primes")) {
                    if (const auto value = scenario::readString(*profile, f.pathOf("profile"), context, "a profile name")) {
                        const auto it = std::find(profileNames.begin(), profileNames.end(), *value);
                        if (it == profileNames.end()) {
                            context.error(*profile, f.pathOf("profile"), "unknown function profile '" + *value + "'"
                                                                             + model::didYouMean(*value, profileNames));
                        } else {
                            function.profile = spec->catalog[static_cast<std::size_t>(it - profileNames.begin())];
                            profileOk = true;
                        }
                    }
                }
                if (profileOk)
                    function.slo = function.profile.defaultSlo(spec->platform.isolatedOverhead());
                if (const YamlNode* slo = f.get("slo"))
                    function.slo = scenario::readDuration(*slo, f.pathOf("slo"), context, sim::kMicrosecond, sim::kHour).value_or(function.slo);
                if (const YamlNode* arrivals = f.get("arrivals"))
                    readArrivals(*arrivals, f.pathOf("arrivals"), context, function.arrivals);
                readContainerKeys(f, context, function.initial);
                spec->functions.push_back(std::move(function));
            }
        }
    }
    if (const YamlNode* churn = reader.get("churn")) {
        MapReader c(*churn, reader.pathOf("churn"), context, {"every", "changes", "peakCores"},
                    "churn: a mapping {every: 800, changes: [5, -5]} (episodes; + adds, - removes functions)");
        if (c.isMap()) {
            if (const YamlNode* every = c.require("every", "episodes between changes such as 800"))
                spec->churn.every = static_cast<std::uint32_t>(scenario::readInteger(*every, c.pathOf("every"), context, 1, 1'000'000).value_or(0));
            if (const YamlNode* peak = c.get("peakCores"))
                spec->churn.peakCores = scenario::readNumber(*peak, c.pathOf("peakCores"), context, 0.0, 1000.0, "cores").value_or(0.0);
            if (const YamlNode* changes = c.require("changes", "a sequence such as [5, -5]")) {
                if (!changes->isSequence())
                    context.error(*changes, c.pathOf("changes"), "expected a sequence of function counts such as [5, -5], got " + changes->describe());
                else {
                    for (std::size_t i = 0; i < changes->items().size(); ++i) {
                        const auto value = scenario::readInteger(*changes->items()[i], scenario::indexPath(c.pathOf("changes"), i), context, -1000, 1000);
                        if (value && *value != 0)
                            spec->churn.changes.push_back(static_cast<std::int32_t>(*value));
                        else if (value)
                            context.error(*changes->items()[i], scenario::indexPath(c.pathOf("changes"), i), "a change of 0 functions; expected + to add or - to remove");
                    }
                }
            }
        }
    }
    if (context.errorCount() != errorsBefore)
        return nullptr;
    return spec;
}

} // namespace orrery::kinds::functions
