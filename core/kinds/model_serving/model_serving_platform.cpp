#include "kinds/model_serving/model_serving_platform.h"

#include "kinds/model_serving/serving_model_catalog.h"
#include "model/cluster.h"
#include "policy/queue_policy.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace orrery::kinds::model_serving {
namespace {

constexpr double kRatioScale = 1e6; //!< latency/SLO ratios are kept in a LatencyHistogram as ratio × 1e6

//! The median generated-token count of a trace (an autoregressive model's typical N).
std::uint32_t medianOutputTokens(const LlmRequestTrace& trace)
{
    std::vector<std::uint32_t> tokens;
    tokens.reserve(trace.requests.size());
    for (const auto& row : trace.requests)
        tokens.push_back(row.generatedTokens);
    std::nth_element(tokens.begin(), tokens.begin() + static_cast<std::ptrdiff_t>(tokens.size() / 2), tokens.end());
    return tokens[tokens.size() / 2];
}

} // namespace

ModelServingPlatform::ModelServingPlatform(const ModelServingSpec& spec, std::uint64_t seed, model::Cluster& cluster)
    : m_spec(spec)
    , m_cluster(cluster)
{
    const GpuDeviceProfile* gpu = findGpuProfile(spec.gpu);
    if (!gpu)
        throw std::invalid_argument("workload '" + spec.name + "': unknown GPU profile '" + spec.gpu + "'");
    m_gpu = *gpu;
    m_deviceOfNode.assign(cluster.nodes().size(), kNone);
    for (const model::Node& node : cluster.nodes()) {
        if (!spec.devicePool.empty() && cluster.poolOf(node.id).name != spec.devicePool)
            continue;
        Device device{node.name, node.id, GpuPowerModel(m_gpu), m_gpu.defaultMhz, 0, {}, {}, {}, {}, {}, kNone, 0, {}, 0, 0, {}};
        device.energy.setWatts(0, device.power.watts(device.mhz, 0.0));
        m_deviceOfNode[node.id] = static_cast<std::uint32_t>(m_devices.size());
        m_devices.push_back(std::move(device));
    }
    if (m_devices.empty())
        throw std::invalid_argument("workload '" + spec.name + "': no GPU devices (pool '" + spec.devicePool + "' has no nodes)");
    for (std::size_t m = 0; m < spec.models.size(); ++m) {
        const ServedModel& served = spec.models[m];
        Model model;
        model.profile = &servingModel(served.model);
        model.served = &served;
        model.sloScale = served.sloScale > 0 ? served.sloScale : spec.sloScale;
        const std::uint32_t typical = served.trace ? medianOutputTokens(*served.trace) : served.outputTokens;
        model.sensitivityPerMhz = model.profile->sensitivityPerMhz(model.profile->autoregressive ? typical : 0, m_gpu);
        m_models.push_back(std::move(model));
        m_arrivalRng.emplace_back(seed, "model-serving/" + spec.name + "/" + std::to_string(m) + "/" + served.model);
    }
    m_traceCursor.assign(m_models.size(), 0);
    m_traceOffset.assign(m_models.size(), 0);
    m_nextRow.assign(m_models.size(), kNone);
}

std::uint32_t ModelServingPlatform::deviceOfNode(std::uint32_t node) const
{
    return node < m_deviceOfNode.size() ? m_deviceOfNode[node] : kNone;
}

std::vector<policy::PendingUnit> ModelServingPlatform::replicaUnits() const
{
    std::vector<policy::PendingUnit> units;
    for (std::uint32_t m = 0; m < m_models.size(); ++m) {
        const Model& model = m_models[m];
        const double rate = model.served->meanRatePerSecond();
        for (std::int32_t r = 0; r < model.served->replicas; ++r) {
            policy::PendingUnit unit;
            unit.id = (static_cast<std::uint64_t>(m) << 32) | static_cast<std::uint32_t>(r);
            unit.workload = m_spec.name;
            unit.service = model.profile->name;
            unit.request.memoryBytes = model.profile->memoryBytes;
            unit.slo = sim::fromSeconds(model.sloScale * model.profile->latencySeconds);
            unit.features = {{"sensitivityPerMhz", model.sensitivityPerMhz},
                             {"latencySeconds", model.profile->latencySeconds},
                             {"requestRate", rate / static_cast<double>(model.served->replicas)},
                             {"autoregressive", model.profile->autoregressive ? 1.0 : 0.0},
                             {"replicaIndex", static_cast<double>(r)}};
            units.push_back(std::move(unit));
        }
    }
    return units;
}

std::uint32_t ModelServingPlatform::residentIndex(const Device& device, std::uint32_t model) const
{
    const auto it = std::find(device.models.begin(), device.models.end(), model);
    return it == device.models.end() ? kNone : static_cast<std::uint32_t>(it - device.models.begin());
}

bool ModelServingPlatform::placeReplica(const policy::PendingUnit& unit, std::uint32_t node, sim::SimTime /*now*/)
{
    const std::uint32_t d = deviceOfNode(node);
    const auto m = static_cast<std::uint32_t>(unit.id >> 32);
    if (d == kNone || m >= m_models.size())
        return false;
    Device& device = m_devices[d];
    const ServingModelProfile& profile = *m_models[m].profile;
    // A second replica on the same GPU adds nothing; weights must fit the GPU's memory.
    if (residentIndex(device, m) != kNone || device.memoryUsedBytes + profile.memoryBytes > m_gpu.memoryBytes)
        return false;
    if (!m_cluster.allocate(node, unit.request))
        return false;
    device.memoryUsedBytes += profile.memoryBytes;
    device.models.push_back(m);
    device.prefillSeconds.push_back(profile.requestSeconds(0, device.mhz, m_gpu));
    device.perTokenSeconds.push_back(profile.autoregressive
                                         ? profile.requestSeconds(1, device.mhz, m_gpu) - device.prefillSeconds.back()
                                         : 0.0);
    m_models[m].devices.push_back(d);
    return true;
}

void ModelServingPlatform::noteUnplaced(std::uint32_t model) { ++m_models.at(model).replicasUnplaced; }

sim::SimTime ModelServingPlatform::nextArrival(std::uint32_t m, sim::SimTime now)
{
    const ServedModel& served = *m_models[m].served;
    sim::RngStream& rng = m_arrivalRng[m];
    if (served.arrivals == ArrivalMode::Poisson) {
        if (served.trace)
            m_nextRow[m] = static_cast<std::uint32_t>(rng.below(served.trace->requests.size()));
        return now + std::max<sim::SimTime>(1, sim::fromSeconds(rng.exponential(1.0 / served.ratePerSecond)));
    }
    // Replay: row times scaled so that the mean rate is `rate` (when given); the trace repeats.
    const auto& rows = served.trace->requests;
    const double span = rows.back().arrivalSeconds - rows.front().arrivalSeconds;
    const double meanGap = rows.size() > 1 && span > 0 ? span / static_cast<double>(rows.size() - 1) : 1.0;
    const double recordedRate = 1.0 / meanGap;
    const double scale = served.ratePerSecond > 0 ? recordedRate / served.ratePerSecond : 1.0;
    std::size_t& cursor = m_traceCursor[m];
    if (cursor == rows.size()) {
        m_traceOffset[m] += sim::fromSeconds((span + meanGap) * scale);
        cursor = 0;
    }
    m_nextRow[m] = static_cast<std::uint32_t>(cursor);
    const sim::SimTime at = m_traceOffset[m] + sim::fromSeconds((rows[cursor].arrivalSeconds - rows.front().arrivalSeconds) * scale);
    ++cursor;
    return std::max(at, now);
}

std::uint32_t ModelServingPlatform::allocateRequest()
{
    if (!m_freeRequests.empty()) {
        const std::uint32_t id = m_freeRequests.back();
        m_freeRequests.pop_back();
        return id;
    }
    m_requests.emplace_back();
    return static_cast<std::uint32_t>(m_requests.size() - 1);
}

double ModelServingPlatform::serviceSeconds(const Device& device, const Request& request) const
{
    const std::uint32_t i = residentIndex(device, request.model);
    return device.prefillSeconds[i] + device.perTokenSeconds[i] * request.outputTokens;
}

std::uint32_t ModelServingPlatform::arrive(std::uint32_t m, sim::SimTime now)
{
    ++m_arrived;
    const Model& model = m_models[m];
    std::uint32_t best = kNone;
    std::size_t bestWork = 0;
    for (const std::uint32_t d : model.devices) {
        const Device& device = m_devices[d];
        const std::size_t work = device.queued() + (device.serving != kNone ? 1 : 0);
        if (best == kNone || work < bestWork) {
            best = d;
            bestWork = work;
        }
    }
    if (best == kNone) {
        ++m_dropped;
        return kNone;
    }
    const std::uint32_t id = allocateRequest();
    Request& request = m_requests[id];
    request = Request{};
    request.model = m;
    request.arrivedAt = now;
    request.sequence = m_sequence++;
    const ServedModel& served = *model.served;
    if (served.trace && m_nextRow[m] != kNone) {
        const LlmRequestRecord& row = served.trace->requests[m_nextRow[m]];
        request.inputTokens = row.contextTokens;
        request.outputTokens = model.profile->autoregressive ? std::max<std::uint32_t>(1, row.generatedTokens) : 0;
        request.inputHash = (static_cast<std::uint64_t>(m) << 32) | (m_nextRow[m] + 1ULL); // the same row: the same input
    } else {
        request.outputTokens = model.profile->autoregressive ? served.outputTokens : 0;
    }
    const double alone = model.profile->requestSeconds(request.outputTokens, m_gpu.defaultMhz, m_gpu);
    request.sloNs = sim::fromSeconds(model.sloScale * alone);
    Device& device = m_devices[best];
    ++device.period.arrived;
    if (m_queue) {
        request.priority = m_queue->priority(policy::QueuedRequest{id, m_spec.name, model.profile->name, now, request.inputTokens,
                                                                   request.inputHash, model.sloScale * alone, 0});
        device.heap.push({{request.priority, request.sequence}, id});
    } else {
        device.fifo.push_back(id);
    }
    return best;
}

sim::SimTime ModelServingPlatform::startNext(std::uint32_t d, sim::SimTime now)
{
    Device& device = m_devices[d];
    if (device.serving != kNone)
        return std::numeric_limits<sim::SimTime>::max();
    std::uint32_t id = kNone;
    if (!device.fifo.empty()) {
        id = device.fifo.front();
        device.fifo.pop_front();
    } else if (!device.heap.empty()) {
        id = device.heap.top().second;
        device.heap.pop();
    } else {
        return std::numeric_limits<sim::SimTime>::max();
    }
    device.serving = id;
    device.busySince = now;
    refreshPower(device, now);
    return now + std::max<sim::SimTime>(1, sim::fromSeconds(serviceSeconds(device, m_requests[id])));
}

void ModelServingPlatform::complete(std::uint32_t d, sim::SimTime now)
{
    Device& device = m_devices[d];
    const std::uint32_t id = device.serving;
    if (id == kNone)
        return;
    const Request& request = m_requests[id];
    const sim::SimTime latency = now - request.arrivedAt;
    const double ratio = request.sloNs > 0 ? static_cast<double>(latency) / static_cast<double>(request.sloNs) : 0.0;
    const auto ratioSample = static_cast<sim::SimTime>(std::llround(ratio * kRatioScale));
    m_latency.record(latency);
    m_sloRatio.record(ratioSample);
    ++m_completed;
    const bool onTime = latency <= request.sloNs;
    m_withinSlo += onTime ? 1 : 0;
    PeriodStats& period = device.period;
    period.latency.record(latency);
    period.sloRatio.record(ratioSample);
    ++period.completed;
    period.withinSlo += onTime ? 1 : 0;
    period.busyNs += now - std::max(device.busySince, m_periodStart);
    period.weightedSensitivity += m_models[request.model].sensitivityPerMhz;
    if (m_queue) {
        const Model& model = m_models[request.model];
        m_queue->completed(policy::QueuedRequest{id, m_spec.name, model.profile->name, request.arrivedAt, request.inputTokens,
                                                 request.inputHash, sim::toSeconds(request.sloNs), request.outputTokens});
    }
    device.serving = kNone;
    refreshPower(device, now);
    m_freeRequests.push_back(id);
}

void ModelServingPlatform::refreshPower(Device& device, sim::SimTime now)
{
    device.energy.setWatts(now, device.power.watts(device.mhz, device.serving != kNone ? 1.0 : 0.0));
}

void ModelServingPlatform::setClock(Device& device, double mhz, sim::SimTime now)
{
    device.mhzSecondsWeighted += device.mhz * sim::toSeconds(now - device.clockSince);
    device.clockSince = now;
    device.mhz = mhz;
    for (std::size_t i = 0; i < device.models.size(); ++i) {
        const ServingModelProfile& profile = *m_models[device.models[i]].profile;
        device.prefillSeconds[i] = profile.requestSeconds(0, mhz, m_gpu);
        device.perTokenSeconds[i] = profile.autoregressive ? profile.requestSeconds(1, mhz, m_gpu) - device.prefillSeconds[i] : 0.0;
    }
    refreshPower(device, now);
}

double ModelServingPlatform::meanMhz(std::uint32_t d, sim::SimTime now) const
{
    const Device& device = m_devices[d];
    const double seconds = sim::toSeconds(now);
    if (seconds <= 0)
        return device.mhz;
    return (device.mhzSecondsWeighted + device.mhz * sim::toSeconds(now - device.clockSince)) / seconds;
}

policy::Observation ModelServingPlatform::observe(sim::SimTime now)
{
    policy::Observation out;
    out.time = now;
    out.period = now - m_periodStart;
    const double seconds = std::max(1e-9, sim::toSeconds(out.period));
    env::LatencyHistogram all;
    std::uint64_t completed = 0, withinSlo = 0;
    out.targets.reserve(m_devices.size());
    for (Device& device : m_devices) {
        PeriodStats& period = device.period;
        if (device.serving != kNone)
            period.busyNs += now - std::max(device.busySince, m_periodStart);
        policy::TargetObservation target;
        target.name = device.name;
        target.group = m_gpu.name;
        target.node = device.name;
        target.replicas = 1;
        target.limit[policy::indexOf(policy::ControlResource::GpuFrequency)] = device.mhz;
        target.usage[policy::indexOf(policy::ControlResource::GpuFrequency)] = device.mhz;
        target.arrivalRate = static_cast<double>(period.arrived) / seconds;
        target.p50LatencyMs = period.latency.quantileNs(0.5) / 1e6;
        target.p99LatencyMs = period.latency.quantileNs(0.99) / 1e6;
        double tightestSlo = 0, residentSensitivity = 0;
        for (const std::uint32_t m : device.models) {
            const double slo = m_models[m].sloScale * m_models[m].profile->latencySeconds * 1e3;
            tightestSlo = tightestSlo == 0 ? slo : std::min(tightestSlo, slo);
            residentSensitivity += m_models[m].sensitivityPerMhz;
        }
        target.sloLatencyMs = tightestSlo;
        const double joules = device.energy.joulesUntil(now);
        target.features = {
            {"minMhz", m_gpu.minMhz},
            {"maxMhz", m_gpu.maxMhz},
            {"stepMhz", m_gpu.stepMhz},
            {"defaultMhz", m_gpu.defaultMhz},
            {"watts", (joules - period.joulesAtStart) / seconds},
            {"busy", std::min(1.0, sim::toSeconds(period.busyNs) / seconds)},
            {"queued", static_cast<double>(device.queued())},
            {"completed", static_cast<double>(period.completed)},
            {"p99SloRatio", period.completed ? period.sloRatio.quantileNs(0.99) / kRatioScale : 0.0},
            {"sensitivityPerMhz", period.completed ? period.weightedSensitivity / static_cast<double>(period.completed)
                                                   : (device.models.empty() ? 0.0 : residentSensitivity / static_cast<double>(device.models.size()))},
        };
        completed += period.completed;
        withinSlo += period.withinSlo;
        out.targets.push_back(std::move(target));
        period = PeriodStats{};
        period.joulesAtStart = joules;
    }
    out.completedRequests = completed;
    out.sloViolationRate = completed ? static_cast<double>(completed - withinSlo) / static_cast<double>(completed) : 0.0;
    m_periodStart = now;
    return out;
}

std::vector<policy::ActionOutcome> ModelServingPlatform::apply(const std::vector<policy::ControlAction>& actions, sim::SimTime now)
{
    std::vector<policy::ActionOutcome> outcomes;
    outcomes.reserve(actions.size());
    for (const policy::ControlAction& action : actions) {
        policy::ActionOutcome outcome{policy::ActionOutcome::Status::Applied, action, action, {}};
        const auto device = std::find_if(m_devices.begin(), m_devices.end(), [&](const Device& d) { return d.name == action.target; });
        if (action.kind != policy::ControlAction::Kind::SetLimit || action.resource != policy::ControlResource::GpuFrequency) {
            outcome.status = policy::ActionOutcome::Status::Rejected;
            outcome.reason = "model-serving devices take gpu-frequency limits only";
        } else if (device == m_devices.end()) {
            outcome.status = policy::ActionOutcome::Status::Rejected;
            outcome.reason = "unknown device '" + action.target + "'";
        } else if (!std::isfinite(action.value)) {
            outcome.status = policy::ActionOutcome::Status::Rejected;
            outcome.reason = "gpu-frequency must be a finite number of MHz";
        } else {
            const double mhz = m_gpu.snapMhz(action.value);
            if (std::abs(mhz - action.value) > 1e-9) {
                outcome.status = policy::ActionOutcome::Status::Converted;
                outcome.applied.value = mhz;
                outcome.reason = "snapped to a supported clock in [" + std::to_string(m_gpu.minMhz) + ", " + std::to_string(m_gpu.maxMhz) + "] MHz";
            }
            if (mhz != device->mhz) {
                setClock(*device, mhz, now);
                ++m_frequencyChanges;
            }
        }
        outcomes.push_back(std::move(outcome));
    }
    return outcomes;
}

} // namespace orrery::kinds::model_serving
