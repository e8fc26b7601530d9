#include "hetsev_scaler_policy.h"

#include "fleet/gpu_instance_type.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <stdexcept>

namespace orrery::plugins {
namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

//! The core/fleet instance type of a model-serving GPU type: the one whose code is the name (T4),
//! else the smallest-memory one whose serving profile is the name (V100 → V100M16: the simulator's
//! V100 profile has 16 GiB); nullptr when none.
const fleet::GpuInstanceType* fleetTypeOf(const std::string& name)
{
    if (const fleet::GpuInstanceType* exact = fleet::findGpuInstanceType(name))
        return exact;
    const fleet::GpuInstanceType* best = nullptr;
    for (const auto& type : fleet::builtInGpuInstanceTypes()) {
        if (type.servingProfile == name && (!best || type.memoryBytes < best->memoryBytes))
            best = &type;
    }
    return best;
}

std::string trim(const std::string& text)
{
    const auto first = text.find_first_not_of(" \t");
    const auto last = text.find_last_not_of(" \t");
    return first == std::string::npos ? std::string() : text.substr(first, last - first + 1);
}

} // namespace

std::map<std::string, double> parseTypeMap(const std::string& text, const std::string& param)
{
    std::map<std::string, double> out;
    std::stringstream stream(text);
    std::string item;
    while (std::getline(stream, item, ',')) {
        item = trim(item);
        if (item.empty())
            continue;
        const auto eq = item.find('=');
        const std::string key = eq == std::string::npos ? std::string() : trim(item.substr(0, eq));
        const std::string value = eq == std::string::npos ? std::string() : trim(item.substr(eq + 1));
        char* end = nullptr;
        const double number = value.empty() ? 0.0 : std::strtod(value.c_str(), &end);
        if (key.empty() || value.empty() || *end != '\0' || !std::isfinite(number) || number < 0)
            throw std::invalid_argument(param + ": '" + item + "' is not <GPU type>=<number ≥ 0>");
        out[key] = number;
    }
    return out;
}

HetsevScalerPolicy::HetsevScalerPolicy(const policy::PolicyContext& context)
    : m_exact(context.params.getString("solver") == "exact")
    , m_headroom(context.params.getDouble("headroom"))
    , m_lambda(context.params.getDouble("lambda"))
    , m_timeLimit(context.params.getDouble("timeLimit"))
    , m_antiAffinity(context.params.getBool("antiAffinity"))
    , m_period(context.params.getDuration("period"))
    , m_cooldown(context.params.getDuration("scaleInCooldown"))
    , m_reference(context.params.getString("referenceGpu"))
    , m_measureInterference(context.params.getString("interference") == "measured")
    , m_prices(parseTypeMap(context.params.getString("prices"), "prices"))
    , m_launch(parseTypeMap(context.params.getString("launchSeconds"), "launchSeconds"))
    , m_memoryGiB(parseTypeMap(context.params.getString("gpuMemoryGiB"), "gpuMemoryGiB"))
    , m_speeds(parseTypeMap(context.params.getString("speeds"), "speeds"))
{
}

HetsevScalerPolicy::TypeInfo HetsevScalerPolicy::typeInfo(const std::string& type) const
{
    TypeInfo info;
    const fleet::GpuInstanceType* known = fleetTypeOf(type);
    const fleet::GpuInstanceType* reference = fleetTypeOf(m_reference);
    info.price = known && known->pricePerGpuHour > 0 ? known->pricePerGpuHour : -1.0;
    info.launchSeconds = known ? sim::toSeconds(known->launchLatency) : 0.0;
    info.memoryBytes = known ? static_cast<double>(known->memoryBytes) : 0.0;
    // Speed against the reference GPU (where the kind measured aloneSeconds): the ratio of FP32
    // peaks, the only per-type speed the fleet table holds for every disclosed type.
    info.speed = known && reference && known->fp32TeraFlops > 0 && reference->fp32TeraFlops > 0
        ? known->fp32TeraFlops / reference->fp32TeraFlops
        : (type == m_reference ? 1.0 : 0.0);
    if (const auto it = m_prices.find(type); it != m_prices.end())
        info.price = it->second;
    if (const auto it = m_launch.find(type); it != m_launch.end())
        info.launchSeconds = it->second;
    if (const auto it = m_memoryGiB.find(type); it != m_memoryGiB.end())
        info.memoryBytes = it->second * kGiB;
    if (const auto it = m_speeds.find(type); it != m_speeds.end())
        info.speed = it->second;
    return info;
}

std::vector<policy::ControlAction> HetsevScalerPolicy::decide(const policy::Observation& observation)
{
    std::vector<policy::ControlAction> actions;
    // Every observation refines the stretch, also between solves: a period with completions
    // moves it halfway to what was seen (smooths one bursty period without lagging a whole one).
    for (const auto& target : observation.targets) {
        if (target.group != "model")
            continue;
        const auto completed = target.features.find("completed");
        const auto stretch = target.features.find("stretch");
        if (completed == target.features.end() || stretch == target.features.end() || completed->second <= 0)
            continue;
        const double seen = std::max(1.0, stretch->second);
        const auto [it, fresh] = m_stretch.try_emplace(target.name, seen);
        if (!fresh)
            it->second = 0.5 * it->second + 0.5 * seen;
    }
    if (m_synced && observation.time - m_lastSync < m_period)
        return actions;
    m_synced = true;
    m_lastSync = observation.time;

    // GPU types present: the device targets' groups (model targets are in group "model").
    std::map<std::string, int> devices;
    for (const auto& target : observation.targets)
        if (target.group != "model" && !target.group.empty())
            ++devices[target.group];
    hetsev::ScalingProblem problem;
    problem.lambda = m_lambda;
    problem.onePerDevice = m_antiAffinity;
    std::vector<bool> priced;
    for (const auto& [name, count] : devices) {
        const TypeInfo info = typeInfo(name);
        hetsev::InstanceType type;
        type.name = name;
        type.price = std::max(0.0, info.price);
        type.launchSeconds = info.launchSeconds;
        type.memoryBytes = info.memoryBytes;
        type.devices = count;
        problem.types.push_back(type);
        priced.push_back(info.price >= 0);
    }
    if (problem.types.empty())
        return actions;

    for (const auto& target : observation.targets) {
        if (target.group != "model")
            continue;
        const auto feature = [&](const std::string& name) {
            const auto it = target.features.find(name);
            return it == target.features.end() ? 0.0 : it->second;
        };
        hetsev::ServiceDemand service;
        service.name = target.name;
        service.memoryBytes = feature("memoryBytes");
        const double alone = feature("aloneSeconds");
        const double slo = feature("sloSeconds");
        // Launches in flight are not reported per type: such a model keeps its counts this period.
        const bool frozen = target.pendingReplicas > 0 || alone <= 0;
        service.demand = frozen ? 0.0 : target.arrivalRate * m_headroom;
        const auto last = m_lastScaleOut.find(target.name);
        service.mayScaleIn = !frozen && (last == m_lastScaleOut.end() || observation.time - last->second >= m_cooldown);
        const auto stretch = m_stretch.find(target.name);
        const double slowdown = m_measureInterference && stretch != m_stretch.end() ? stretch->second : 1.0;
        for (std::size_t t = 0; t < problem.types.size(); ++t) {
            const std::string& type = problem.types[t].name;
            const TypeInfo info = typeInfo(type);
            // The kind's own profile of this model on this type unless `speeds` overrides it.
            const double profiled = feature("aloneSeconds@" + type);
            const double aloneHere = !m_speeds.count(type) && profiled > 0 ? profiled : (info.speed > 0 ? alone / info.speed : 0.0);
            const double serviceSeconds = aloneHere * slowdown;
            service.throughput.push_back(serviceSeconds > 0 ? 1.0 / serviceSeconds : 0.0);
            service.meetsSlo.push_back(!frozen && priced[t] && serviceSeconds > 0 && (slo <= 0 || serviceSeconds <= slo));
            const auto current = static_cast<int>(std::lround(feature("replicas@" + problem.types[t].name)));
            service.current.push_back(current);
            // The kind refuses a typed count below one, so a type in use keeps at least one.
            service.floor.push_back(frozen ? current : std::min(current, 1));
        }
        problem.services.push_back(std::move(service));
    }
    if (problem.services.empty())
        return actions;

    const hetsev::ScalingPlan plan = m_exact ? hetsev::solveExact(problem, m_timeLimit) : hetsev::solveHeuristic(problem);
    m_labels.clear();
    for (std::size_t s = 0; s < problem.services.size(); ++s) {
        const auto& service = problem.services[s];
        char head[64];
        std::snprintf(head, sizeof head, "%s %.0fus", m_exact ? "exact" : "heuristic", plan.seconds * 1e6);
        std::string label = head;
        char separator = ' ';
        bool grew = false;
        // Scale-outs first, so that capacity is there before anything retires.
        for (const bool outward : {true, false}) {
            for (std::size_t t = 0; t < problem.types.size(); ++t) {
                const int wanted = plan.counts[s][t];
                const int current = service.current[t];
                if (wanted == current || (wanted > current) != outward || wanted < 1)
                    continue;
                grew = grew || wanted > current;
                actions.push_back(policy::ControlAction::setReplicas(service.name + "@" + problem.types[t].name, wanted));
            }
        }
        for (std::size_t t = 0; t < problem.types.size(); ++t) {
            label += separator;
            label += problem.types[t].name + "=" + std::to_string(plan.counts[s][t]);
            separator = ',';
        }
        if (grew)
            m_lastScaleOut[service.name] = observation.time;
        m_labels.push_back({service.name, label});
    }
    return actions;
}

std::vector<policy::TargetLabel> HetsevScalerPolicy::targetLabels() const
{
    return m_labels;
}

} // namespace orrery::plugins
