#include "scenario/cluster_reader.h"

#include "model/did_you_mean.h"
#include "scenario/contention_reader.h"
#include "scenario/field_path.h"
#include "scenario/map_reader.h"
#include "scenario/scenario_limits.h"
#include "scenario/value_readers.h"

#include <map>

namespace orrery::scenario {

namespace {

std::optional<model::DeviceKind> readDeviceKind(const YamlNode& node, const std::string& path, ParseContext& context)
{
    static const std::vector<std::string> kKinds = {"gpu", "asic", "fpga"};
    const auto text = readString(node, path, context, "a device kind: gpu, asic or fpga");
    if (!text)
        return std::nullopt;
    if (*text == "gpu")
        return model::DeviceKind::Gpu;
    if (*text == "asic")
        return model::DeviceKind::Asic;
    if (*text == "fpga")
        return model::DeviceKind::Fpga;
    context.error(node, path, "unknown device kind " + node.describe() + model::didYouMean(*text, kKinds)
                                  + "; expected gpu, asic or fpga");
    return std::nullopt;
}

std::vector<model::DeviceSpec> readDevices(const YamlNode& node, const std::string& path, ParseContext& context)
{
    std::vector<model::DeviceSpec> devices;
    if (node.isNull())
        return devices;
    if (!node.isSequence()) {
        context.error(node, path, "expected a sequence of devices (- kind: gpu, model: V100, count: 4), got " + node.describe());
        return devices;
    }
    std::map<std::string, std::size_t> modelIndex;
    for (std::size_t i = 0; i < node.items().size(); ++i) {
        const YamlNode& item = *node.items()[i];
        MapReader device(item, indexPath(path, i), context, {"kind", "model", "count"},
                         "a device: a mapping with kind, model and count");
        if (!device.isMap())
            continue;
        model::DeviceSpec spec;
        if (const YamlNode* kind = device.require("kind", "gpu, asic or fpga")) {
            if (const auto value = readDeviceKind(*kind, device.pathOf("kind"), context))
                spec.kind = *value;
        }
        if (const YamlNode* modelNode = device.require("model", "a device model such as V100")) {
            if (const auto value = readString(*modelNode, device.pathOf("model"), context, "a device model such as V100")) {
                spec.model = *value;
                const auto [first, inserted] = modelIndex.emplace(*value, i);
                if (!inserted) {
                    context.error(*modelNode, device.pathOf("model"),
                                  "device model '" + *value + "' is already listed in " + indexPath(path, first->second)
                                      + "; expected each model once per pool (raise its count instead)");
                }
            }
        }
        if (const YamlNode* count = device.get("count")) {
            if (const auto value = readInteger(*count, device.pathOf("count"), context, 1, kMaxDevicesPerNode))
                spec.count = static_cast<int>(*value);
        }
        devices.push_back(std::move(spec));
    }
    return devices;
}

std::map<std::string, std::string> readLabels(const YamlNode& node, const std::string& path, ParseContext& context)
{
    std::map<std::string, std::string> labels;
    if (node.isNull())
        return labels;
    MapReader reader(node, path, context, {}, "labels: a mapping of names to values", MapReader::UnknownKeys::Ignore);
    if (!reader.isMap())
        return labels;
    for (const auto& [key, value] : node.entries()) {
        if (!key->isScalar())
            continue; // reported by MapReader
        if (value->isNull()) {
            labels.emplace(key->scalar(), std::string());
        } else if (value->isScalar()) {
            labels.emplace(key->scalar(), value->scalar());
        } else {
            context.error(*value, reader.pathOf(key->scalar()), "expected a label value (a string), got " + value->describe());
        }
    }
    return labels;
}

model::NodePoolSpec readPool(const YamlNode& node, const std::string& path, ParseContext& context)
{
    model::NodePoolSpec pool;
    pool.location = context.locationOf(node);
    MapReader reader(node, path, context,
                     {"name", "count", "cpu", "memory", "pricePerHour", "labels", "devices", "llcWays", "memoryBandwidth",
                      "diskBandwidth", "networkBandwidth"},
                     "a node pool: a mapping with name, count, cpu and memory");
    if (!reader.isMap())
        return pool;
    if (const YamlNode* name = reader.require("name", "a pool name such as cpu-general")) {
        if (const auto value = readName(*name, reader.pathOf("name"), context))
            pool.name = *value;
    }
    if (const YamlNode* count = reader.require("count", "the number of nodes, 1 to 100000")) {
        if (const auto value = readInteger(*count, reader.pathOf("count"), context, 1, kMaxPoolNodes))
            pool.count = static_cast<int>(*value);
    }
    if (const YamlNode* cpu = reader.require("cpu", "CPU per node such as 32 or 500m")) {
        if (const auto value = readMillicores(*cpu, reader.pathOf("cpu"), context, 1, kMaxNodeMillicores))
            pool.millicores = *value;
    }
    if (const YamlNode* memory = reader.require("memory", "memory per node such as 128Gi")) {
        if (const auto value = readBytes(*memory, reader.pathOf("memory"), context, 1, kMaxNodeMemoryBytes))
            pool.memoryBytes = *value;
    }
    if (const YamlNode* price = reader.get("pricePerHour")) {
        if (const auto value = readNumber(*price, reader.pathOf("pricePerHour"), context, 0.0, kMaxPricePerHourUsd,
                                          "USD per node-hour"))
            pool.pricePerHourUsd = *value;
    }
    if (const YamlNode* labels = reader.get("labels"))
        pool.labels = readLabels(*labels, reader.pathOf("labels"), context);
    if (const YamlNode* devices = reader.get("devices"))
        pool.devices = readDevices(*devices, reader.pathOf("devices"), context);
    readContendedCapacityKeys(reader, context, pool.contended);
    return pool;
}

} // namespace

model::ClusterSpec readCluster(const YamlNode& node, const std::string& path, ParseContext& context)
{
    model::ClusterSpec cluster;
    MapReader reader(node, path, context, {"pools"}, "the cluster: a mapping with pools");
    const YamlNode* pools = reader.require("pools", "a sequence of node pools");
    if (!pools)
        return cluster;
    const std::string poolsPath = reader.pathOf("pools");
    if (!pools->isSequence() || pools->items().empty()) {
        context.error(*pools, poolsPath, "expected a non-empty sequence of node pools (- name: ..., count: ...), got "
                                             + (pools->isSequence() ? std::string("an empty sequence") : pools->describe()));
        return cluster;
    }
    std::map<std::string, std::size_t> firstIndex;
    std::int64_t totalNodes = 0;
    for (std::size_t i = 0; i < pools->items().size(); ++i) {
        const YamlNode& item = *pools->items()[i];
        model::NodePoolSpec pool = readPool(item, indexPath(poolsPath, i), context);
        if (!pool.name.empty()) {
            const auto [first, inserted] = firstIndex.emplace(pool.name, i);
            if (!inserted) {
                const YamlNode* name = MapReader::find(item, "name");
                context.error(name ? *name : item, childPath(indexPath(poolsPath, i), "name"),
                              "duplicate pool name '" + pool.name + "', already used by " + indexPath(poolsPath, first->second)
                                  + "; expected unique pool names");
            }
        }
        totalNodes += pool.count;
        cluster.pools.push_back(std::move(pool));
    }
    if (totalNodes > kMaxClusterNodes) {
        context.error(*pools, poolsPath,
                      "expected at most " + std::to_string(kMaxClusterNodes) + " nodes over all pools, got "
                          + std::to_string(totalNodes));
    }
    return cluster;
}

} // namespace orrery::scenario
