#include "scenario/contention_reader.h"

#include "scenario/scenario_limits.h"
#include "scenario/value_readers.h"

namespace orrery::scenario {

namespace {

constexpr double kMaxSaturationStretch = 100.0;

void readCurve(const YamlNode& node, const std::string& path, ParseContext& context, model::ContentionCurve& curve)
{
    MapReader reader(node, path, context, {"knee", "saturation"}, "a contention curve: a mapping with knee and saturation");
    if (!reader.isMap())
        return;
    if (const YamlNode* knee = reader.get("knee"))
        curve.knee = readNumber(*knee, reader.pathOf("knee"), context, 0.0, 1.0, "").value_or(curve.knee);
    if (const YamlNode* saturation = reader.get("saturation"))
        curve.saturation = readNumber(*saturation, reader.pathOf("saturation"), context, 1.0, kMaxSaturationStretch, "").value_or(curve.saturation);
}

} // namespace

double readBandwidth(const YamlNode& node, const std::string& path, ParseContext& context, double fallback)
{
    const auto bytes = readBytes(node, path, context, 1, static_cast<std::int64_t>(kMaxBandwidthBytesPerSecond));
    return bytes ? static_cast<double>(*bytes) : fallback;
}

void readSharedResourceKeys(MapReader& reader, ParseContext& context, double minLlcWays, double& llcWays,
                            double& memoryBandwidth, double& diskBandwidth, double& networkBandwidth)
{
    if (const YamlNode* value = reader.get("llcWays"))
        llcWays = readNumber(*value, reader.pathOf("llcWays"), context, minLlcWays, kMaxLlcWays, "ways").value_or(llcWays);
    if (const YamlNode* value = reader.get("memoryBandwidth"))
        memoryBandwidth = readBandwidth(*value, reader.pathOf("memoryBandwidth"), context, memoryBandwidth);
    if (const YamlNode* value = reader.get("diskBandwidth"))
        diskBandwidth = readBandwidth(*value, reader.pathOf("diskBandwidth"), context, diskBandwidth);
    if (const YamlNode* value = reader.get("networkBandwidth"))
        networkBandwidth = readBandwidth(*value, reader.pathOf("networkBandwidth"), context, networkBandwidth);
}

void readContendedCapacityKeys(MapReader& reader, ParseContext& context, model::NodeContendedCapacity& capacity)
{
    readSharedResourceKeys(reader, context, 1.0, capacity.llcWays, capacity.memoryBandwidthBytesPerSecond,
                           capacity.diskBytesPerSecond, capacity.networkBytesPerSecond);
}

model::ContentionSpec readContention(const YamlNode& node, const std::string& path, ParseContext& context)
{
    model::ContentionSpec spec;
    spec.location = context.locationOf(node);
    std::vector<std::string> keys = {"enabled", "period"};
    for (int r = 0; r < model::kContendedResourceCount; ++r)
        keys.emplace_back(model::toString(static_cast<model::ContendedResource>(r)));
    MapReader reader(node, path, context, keys,
                     "contention: a mapping with enabled, period and per-resource curves (cpu, memoryBandwidth, llc, diskIo, "
                     "networkBandwidth, accelerator: {knee, saturation})");
    if (!reader.isMap())
        return spec;
    if (const YamlNode* enabled = reader.get("enabled"))
        spec.enabled = readSwitch(*enabled, reader.pathOf("enabled"), context, true);
    if (const YamlNode* period = reader.get("period"))
        spec.period = readDuration(*period, reader.pathOf("period"), context, sim::kMillisecond, sim::kMinute).value_or(spec.period);
    for (int r = 0; r < model::kContendedResourceCount; ++r) {
        const std::string key(model::toString(static_cast<model::ContendedResource>(r)));
        if (const YamlNode* curve = reader.get(key))
            readCurve(*curve, reader.pathOf(key), context, spec.curves[static_cast<std::size_t>(r)]);
    }
    return spec;
}

void readDemand(const YamlNode& node, const std::string& path, ParseContext& context, model::ResourceDemand& demand)
{
    MapReader reader(node, path, context, {"memoryBandwidthPerCore", "llcWays", "diskPerCore", "networkPerCore"},
                     "demand: a mapping with memoryBandwidthPerCore, llcWays, diskPerCore, networkPerCore");
    if (!reader.isMap())
        return;
    // Zero is allowed here (no demand), unlike a capacity.
    auto bandwidth = [&](const char* key, double& value) {
        if (const YamlNode* item = reader.get(key)) {
            if (const auto bytes = readBytes(*item, reader.pathOf(key), context, 0, static_cast<std::int64_t>(kMaxBandwidthBytesPerSecond)))
                value = static_cast<double>(*bytes);
        }
    };
    bandwidth("memoryBandwidthPerCore", demand.memoryBandwidthPerCore);
    bandwidth("diskPerCore", demand.diskPerCore);
    bandwidth("networkPerCore", demand.networkPerCore);
    if (const YamlNode* ways = reader.get("llcWays"))
        demand.llcWays = readNumber(*ways, reader.pathOf("llcWays"), context, 0.0, kMaxLlcWays, "ways").value_or(demand.llcWays);
}

} // namespace orrery::scenario
