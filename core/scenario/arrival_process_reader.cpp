#include "scenario/arrival_process_reader.h"

#include "model/did_you_mean.h"
#include "scenario/map_reader.h"
#include "scenario/scenario_limits.h"
#include "scenario/value_readers.h"

namespace orrery::scenario {

namespace {
constexpr double kMaxSpikeFactor = 1000.0;
} // namespace

std::optional<model::ArrivalProcess> readArrivalProcess(const YamlNode& node, const std::string& path, ParseContext& context)
{
    using Kind = model::ArrivalProcess::Kind;
    model::ArrivalProcess process;
    if (node.isScalar()) {
        const auto rate = readRate(node, path, context, kMaxArrivalsPerSecond);
        if (!rate)
            return std::nullopt;
        process.ratePerSecond = *rate;
        return process;
    }
    const std::size_t errorsBefore = context.errorCount();
    MapReader reader(node, path, context, {"process", "rate", "amplitude", "period", "spikeEvery", "spikeLength", "spikeFactor"},
                     "an arrival process: a rate such as 100/s, or a mapping with process and rate");
    if (!reader.isMap())
        return std::nullopt;
    static const std::vector<std::string> kProcesses = {"constant", "poisson", "diurnal", "spikes"};
    if (const YamlNode* kind = reader.get("process")) {
        const auto name = readString(*kind, reader.pathOf("process"), context, "constant, poisson, diurnal or spikes");
        if (name == std::optional<std::string>("constant"))
            process.kind = Kind::Constant;
        else if (name == std::optional<std::string>("poisson"))
            process.kind = Kind::Poisson;
        else if (name == std::optional<std::string>("diurnal"))
            process.kind = Kind::Diurnal;
        else if (name == std::optional<std::string>("spikes"))
            process.kind = Kind::Spikes;
        else if (name)
            context.error(*kind, reader.pathOf("process"), "unknown arrival process " + kind->describe()
                              + model::didYouMean(*name, kProcesses) + "; expected constant, poisson, diurnal or spikes");
    }
    if (const YamlNode* rate = reader.require("rate", "a rate such as 100/s"))
        process.ratePerSecond = readRate(*rate, reader.pathOf("rate"), context, kMaxArrivalsPerSecond).value_or(0.0);
    auto onlyFor = [&](const char* key, Kind kind, const char* processName) -> const YamlNode* {
        const YamlNode* value = reader.get(key);
        if (value && process.kind != kind) {
            context.error(*value, reader.pathOf(key), std::string("'") + key + "' applies to process: " + processName
                              + " only; expected it removed or process: " + processName);
            return nullptr;
        }
        return value;
    };
    if (const YamlNode* amplitude = onlyFor("amplitude", Kind::Diurnal, "diurnal"))
        process.amplitude = readNumber(*amplitude, reader.pathOf("amplitude"), context, 0.0, 1.0, "").value_or(0.0);
    if (const YamlNode* period = onlyFor("period", Kind::Diurnal, "diurnal"))
        process.period = readDuration(*period, reader.pathOf("period"), context, sim::kMillisecond, kMaxHorizon).value_or(sim::kHour);
    if (const YamlNode* every = onlyFor("spikeEvery", Kind::Spikes, "spikes"))
        process.spikeEvery = readDuration(*every, reader.pathOf("spikeEvery"), context, sim::kMillisecond, kMaxHorizon).value_or(sim::kMinute);
    if (const YamlNode* length = onlyFor("spikeLength", Kind::Spikes, "spikes")) {
        const auto value = readDuration(*length, reader.pathOf("spikeLength"), context, 1, kMaxHorizon);
        if (value && *value >= process.spikeEvery)
            context.error(*length, reader.pathOf("spikeLength"), "expected spikeLength shorter than spikeEvery, got " + length->describe());
        else if (value)
            process.spikeLength = *value;
    }
    if (const YamlNode* factor = onlyFor("spikeFactor", Kind::Spikes, "spikes"))
        process.spikeFactor = readNumber(*factor, reader.pathOf("spikeFactor"), context, 0.0, kMaxSpikeFactor, "").value_or(1.0);
    if (context.errorCount() != errorsBefore)
        return std::nullopt;
    return process;
}

} // namespace orrery::scenario
