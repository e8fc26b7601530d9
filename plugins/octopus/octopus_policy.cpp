#include "octopus_policy.h"

#include <cmath>
#include <limits>
#include <stdexcept>

namespace orrery::plugins::octopus {
namespace {

constexpr const char* kNeedsModel =
    "octopus needs a trained model: run `orrery train octopus --scenario FILE --project P`";

LatencyModel loadModel(const policy::PolicyContext& context)
{
    if (context.model == nullptr || context.model->empty())
        throw std::invalid_argument(kNeedsModel);
    try {
        return LatencyModel::fromBytes(*context.model);
    } catch (const std::exception& error) {
        throw std::invalid_argument(std::string("octopus cannot read its model (") + error.what() + "); retrain it: "
                                    + "run `orrery train octopus --scenario FILE --project P`");
    }
}

std::int32_t categoryIndex(const LatencyModel& model, std::string_view name)
{
    const float category = model.categoryOf(name);
    return std::isnan(category) ? -1 : static_cast<std::int32_t>(category);
}

std::size_t mix(std::size_t seed, std::uint64_t value)
{
    // boost::hash_combine's mixing step, widened to 64 bits.
    return seed ^ (std::hash<std::uint64_t>{}(value) + 0x9e3779b97f4a7c15ull + (seed << 6) + (seed >> 2));
}

} // namespace

OctopusPolicy::OctopusPolicy(const policy::PolicyContext& context)
    : m_model(loadModel(context))
    , m_params(OctopusParams::from(context.params))
{
}

std::size_t OctopusPolicy::UnitKeyHash::operator()(const UnitKey& key) const
{
    std::size_t seed = std::hash<std::int64_t>{}(key.millicores);
    seed = mix(seed, static_cast<std::uint64_t>(key.memoryBytes));
    seed = mix(seed, static_cast<std::uint64_t>(key.diskBytes));
    seed = mix(seed, (static_cast<std::uint64_t>(static_cast<std::uint32_t>(key.service)) << 32)
                         | static_cast<std::uint32_t>(key.dependsOn));
    seed = mix(seed, (static_cast<std::uint64_t>(static_cast<std::uint32_t>(key.cpuBin)) << 32)
                         | static_cast<std::uint32_t>(key.memoryBin));
    return seed;
}

const OctopusPolicy::Predictions& OctopusPolicy::predict(const policy::PendingUnit& unit, NodePressure pressure)
{
    const model::ComputeKindSet options = unit.computeOptions | model::bitOf(unit.declaredCompute);
    const UnitKey key{categoryIndex(m_model, unit.service), categoryIndex(m_model, unit.dependsOn),
                      unit.request.millicores, unit.request.memoryBytes, unit.diskBytes,
                      static_cast<std::int32_t>(std::lround(pressure.cpu * kPressureSteps)),
                      static_cast<std::int32_t>(std::lround(pressure.memoryBandwidth * kPressureSteps))};
    auto it = m_cache.find(key);
    if (it == m_cache.end()) {
        if (m_cache.size() >= kMaxCachedUnits)
            m_cache.clear();
        it = m_cache.emplace(key, Predictions{}).first;
    }
    Predictions& cached = it->second;
    const model::ComputeKindSet missing = options & static_cast<model::ComputeKindSet>(~cached.known);
    if (missing == 0)
        return cached;

    // Every kind not predicted yet, in one batched call.
    std::array<FeatureRow, model::kComputeKindCount> rows{};
    std::array<model::ComputeKind, model::kComputeKindCount> kinds{};
    std::size_t count = 0;
    for (int i = 0; i < model::kComputeKindCount; ++i) {
        const auto kind = static_cast<model::ComputeKind>(i);
        if (!model::contains(missing, kind))
            continue;
        rows[count] = m_model.featuresOf(unit.service, unit.dependsOn, unit.request, unit.diskBytes, kind, pressure);
        kinds[count] = kind;
        ++count;
    }
    std::array<double, model::kComputeKindCount> seconds{};
    m_model.predictSeconds(std::span(rows.data(), count), std::span(seconds.data(), count));
    for (std::size_t i = 0; i < count; ++i) {
        const double value = seconds[i];
        cached.seconds[static_cast<std::size_t>(kinds[i])] =
            std::isfinite(value) ? value : std::numeric_limits<double>::infinity();
    }
    cached.known |= missing;
    return cached;
}

NodePressure OctopusPolicy::quantizedPressure(const policy::ClusterView& cluster, std::uint32_t node)
{
    const auto& pressure = cluster.pressure(node);
    auto quantize = [](double u) { return static_cast<double>(std::lround(std::min(u, 4.0) * kPressureSteps)) / kPressureSteps; };
    return {quantize(pressure[static_cast<std::size_t>(model::ContendedResource::Cpu)]),
            quantize(pressure[static_cast<std::size_t>(model::ContendedResource::MemoryBandwidth)])};
}

bool OctopusPolicy::samePressure(std::span<const std::uint32_t> nodes, const policy::ClusterView& cluster)
{
    const NodePressure first = quantizedPressure(cluster, nodes.front());
    return std::all_of(nodes.begin() + 1, nodes.end(), [&](std::uint32_t node) {
        const NodePressure other = quantizedPressure(cluster, node);
        return other.cpu == first.cpu && other.memoryBandwidth == first.memoryBandwidth;
    });
}

std::pair<std::uint32_t, double> OctopusPolicy::bestNode(const policy::PendingUnit& unit, model::ComputeKind kind,
                                                         std::span<const std::uint32_t> nodes, const policy::ClusterView& cluster)
{
    std::uint32_t best = nodes.front();
    double bestSeconds = std::numeric_limits<double>::infinity();
    for (const std::uint32_t node : nodes) {
        const double seconds = predict(unit, quantizedPressure(cluster, node)).seconds[static_cast<std::size_t>(kind)];
        if (seconds < bestSeconds) { // strict: the first node wins ties
            bestSeconds = seconds;
            best = node;
        }
    }
    return {best, bestSeconds};
}

model::ComputeKind OctopusPolicy::choose(const Predictions& predictions, model::ComputeKindSet candidates,
                                         sim::SimTime slo) const
{
    // Fastest first; ties go to the lower kind (CPU before accelerators), so choices are stable.
    int fastest = -1;
    int frugal = -1;
    const double sloSeconds = static_cast<double>(slo) / static_cast<double>(sim::kSecond);
    for (int i = 0; i < model::kComputeKindCount; ++i) {
        if (!model::contains(candidates, static_cast<model::ComputeKind>(i)))
            continue;
        const double seconds = predictions.seconds[static_cast<std::size_t>(i)];
        if (fastest < 0 || seconds < predictions.seconds[static_cast<std::size_t>(fastest)])
            fastest = i;
        if (slo > 0 && seconds <= sloSeconds
            && (frugal < 0 || seconds > predictions.seconds[static_cast<std::size_t>(frugal)]))
            frugal = i;
    }
    if (m_params.sloPolicy == SloPolicy::Frugal && frugal >= 0)
        return static_cast<model::ComputeKind>(frugal);
    return static_cast<model::ComputeKind>(fastest);
}

policy::PlacementDecision OctopusPolicy::place(const policy::PendingUnit& unit, const policy::ClusterView& cluster)
{
    const model::ComputeKindSet options = unit.computeOptions | model::bitOf(unit.declaredCompute);

    // One pass over the nodes: the first kNodesScored feasible nodes of every candidate kind, and
    // the free and total devices of every accelerator kind (for FractionOfHeldOutDevices).
    std::array<model::Resources, model::kComputeKindCount> requests{};
    std::array<std::array<std::uint32_t, kNodesScored>, model::kComputeKindCount> feasible{};
    std::array<std::size_t, model::kComputeKindCount> feasibleCount{};
    static const std::string kAnyModel;
    for (int i = 0; i < model::kComputeKindCount; ++i) {
        const auto kind = static_cast<model::ComputeKind>(i);
        if (model::contains(options, kind))
            requests[static_cast<std::size_t>(i)] = kind == unit.declaredCompute ? unit.request : model::requestOn(unit.request, kind);
    }
    std::array<std::int64_t, model::kDeviceKindCount> freeDevices{};
    std::array<std::int64_t, model::kDeviceKindCount> totalDevices{};
    model::ComputeKindSet unplaced = options;
    for (std::uint32_t node = 0; node < cluster.nodeCount(); ++node) {
        const model::Node& state = cluster.node(node);
        for (int device = 0; device < model::kDeviceKindCount; ++device) {
            freeDevices[static_cast<std::size_t>(device)] += state.capacity.devices[device] - state.allocated.devices[device];
            totalDevices[static_cast<std::size_t>(device)] += state.capacity.devices[device];
        }
        for (int i = 0; unplaced != 0 && i < model::kComputeKindCount; ++i) {
            const auto kind = static_cast<model::ComputeKind>(i);
            if (!model::contains(unplaced, kind))
                continue;
            // A device-model constraint belongs to the declared accelerator only.
            const std::string& deviceModel = kind == unit.declaredCompute ? unit.deviceModel : kAnyModel;
            if (cluster.fits(node, requests[static_cast<std::size_t>(i)], deviceModel)) {
                const auto k = static_cast<std::size_t>(i);
                feasible[k][feasibleCount[k]++] = node;
                if (feasibleCount[k] == kNodesScored)
                    unplaced = static_cast<model::ComputeKindSet>(unplaced & ~model::bitOf(kind));
            }
        }
    }

    model::ComputeKindSet candidates = 0;
    for (int i = 0; i < model::kComputeKindCount; ++i) {
        const auto kind = static_cast<model::ComputeKind>(i);
        if (!model::contains(options, kind) || feasibleCount[static_cast<std::size_t>(i)] == 0)
            continue;
        const bool couldRunElsewhere = options != model::bitOf(unit.declaredCompute);
        if (const auto device = model::deviceOf(kind); device && couldRunElsewhere) {
            // FractionOfHeldOutDevices: a unit that could run elsewhere takes a device of this
            // kind only while more than p of the cluster's devices of the kind are free.
            const auto d = static_cast<std::size_t>(*device);
            if (!(static_cast<double>(freeDevices[d]) > m_params.heldOutFraction * static_cast<double>(totalDevices[d])))
                continue;
        }
        candidates |= model::bitOf(kind);
    }
    if (candidates == 0)
        return policy::PlacementDecision::defer();

    const bool oneCandidate = (candidates & (candidates - 1)) == 0;
    // Each candidate kind at its least contended node (by predicted latency), then the kind.
    Predictions atBest;
    std::array<std::uint32_t, model::kComputeKindCount> node{};
    for (int i = 0; i < model::kComputeKindCount; ++i) {
        const auto kind = static_cast<model::ComputeKind>(i);
        if (!model::contains(candidates, kind))
            continue;
        const auto k = static_cast<std::size_t>(i);
        const std::span<const std::uint32_t> nodes(feasible[k].data(), feasibleCount[k]);
        if (oneCandidate && samePressure(nodes, cluster)) {
            node[k] = nodes.front(); // nothing to choose: first fit, nothing predicted
            continue;
        }
        const auto [best, seconds] = bestNode(unit, kind, nodes, cluster);
        node[k] = best;
        atBest.seconds[k] = seconds;
        atBest.known |= model::bitOf(kind);
    }
    model::ComputeKind chosen{};
    if ((candidates & (candidates - 1)) == 0) {
        for (int i = 0; i < model::kComputeKindCount; ++i) {
            if (model::contains(candidates, static_cast<model::ComputeKind>(i)))
                chosen = static_cast<model::ComputeKind>(i);
        }
    } else {
        chosen = choose(atBest, candidates, unit.slo);
    }
    return policy::PlacementDecision::onNode(node[static_cast<std::size_t>(chosen)], chosen);
}

} // namespace orrery::plugins::octopus
